// `npm run brand:schema`: writes the brand files' JSON Schemas (brands/brand.schema.json,
// brands/support.schema.json) from their zod schemas, after a change to src/config/brand-schema.ts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND_JSON_SCHEMAS, brandJsonSchemaText } from '../../src/config/brand-json-schema.ts';

const brandsDir = join(import.meta.dirname, '../../brands');
for (const entry of BRAND_JSON_SCHEMAS) {
  writeFileSync(join(brandsDir, entry.file), brandJsonSchemaText(entry));
  console.log(`wrote brands/${entry.file}`);
}
