// `npm run docs:api:generate`: writes docs/api/openapi.json from the contract's schemas (scripts/contract/openapi.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { buildOpenApiDocument, OPENAPI_PATH, openApiText } from './openapi.ts';

const document = buildOpenApiDocument();
mkdirSync(dirname(OPENAPI_PATH), { recursive: true });
writeFileSync(OPENAPI_PATH, openApiText(document));
const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
const errors = operations.flatMap((operation) => Object.keys(operation.responses).filter((status) => Number(status) >= 400));
console.log(`${relative(process.cwd(), OPENAPI_PATH)}: ${String(Object.keys(document.paths).length)} paths, ${String(operations.length)} operations, ${String(errors.length)} error answers`);
