// docs/api/openapi.json, made from src/contract/service-calls.ts: every schema is zod 4's own JSON Schema of the
// contract's zod schema (`z.toJSONSchema`, draft 2020-12, the dialect of OpenAPI 3.1), requests as `io: 'input'` and
// answers as `io: 'output'`. Nothing here restates a field: a change to a schema changes the document, and
// openapi.test.ts fails until `npm run docs:api:generate` writes it again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod/mini';
import type { Answer, CallSecurity, NamedSchema } from '../../src/contract/service-calls.ts';
import { SERVICE_CALLS } from '../../src/contract/service-calls.ts';
import { PASSKEY_CODES } from '../../src/contract/passkeys.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../../src/lib/xsrf.ts';

/** Where the document is committed, from the repository's root. */
export const OPENAPI_PATH = join(import.meta.dirname, '..', '..', 'docs', 'api', 'openapi.json');

type JsonSchema = Record<string, unknown>;
/** The document as JSON (OpenAPI 3.1). */
export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};
/** One operation of the document, as far as the checks read it. */
export interface OpenApiOperation {
  operationId: string;
  parameters?: Array<{ name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema }>;
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
  security: Array<Record<string, string[]>>;
}
/** One answer of an operation. */
export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { required?: boolean; description: string; schema: JsonSchema }>;
  content?: Record<string, { schema: JsonSchema }>;
  'x-redirects'?: Array<{ to: string; when: string; query: JsonSchema }>;
}

/** zod's JSON Schema of one schema, without the `$schema` line (the document's dialect says it once). */
function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete json['$schema'];
  return json;
}

/** The refusal bodies: `{ errorCode, message, field?, retryAfterSeconds? }`, and the passkey calls' `{ code, errorCode, message }`. */
const refusalSchema = (codes: readonly [string, ...string[]]) => z.object({
  errorCode: z.enum(codes),
  /** For logs; pages translate errorCode. */
  message: z.string(),
  field: z.optional(z.string()),
  retryAfterSeconds: z.optional(z.number()),
});
const rateLimitedSchema = z.object({ errorCode: z.literal('TOO_MANY_REQUESTS'), message: z.string(), retryAfterSeconds: z.number().check(z.positive()) });
const passkeyRefusalSchema = (codes: readonly [string, ...string[]]) => z.object({ code: z.enum(codes), errorCode: z.enum(codes), message: z.string() });

const SECURITY_SCHEMES = {
  xsrfHeader: {
    type: 'apiKey', in: 'header', name: XSRF_HEADER,
    description: `Every non-GET call under \`/portal-login-service\` carries \`${XSRF_HEADER}\` equal to the \`${XSRF_COOKIE}\` cookie (cookie-to-header, spec 7), else \`403 { errorCode: "XSRF" }\`. The page copies the cookie into the header; a page that holds no cookie gets it from \`GET /portal-login-service/public/xsrf\` first.`,
  },
  xsrfCookie: {
    type: 'apiKey', in: 'cookie', name: XSRF_COOKIE,
    description: `Set by the service on \`GET /portal-login-service/public/xsrf\` (204) and on any answer to a request that lacks a valid one: \`${XSRF_COOKIE}=<token>; Path=/; SameSite=Strict\`, \`Secure\` over TLS, readable by the page (not HttpOnly).`,
  },
  session: {
    type: 'apiKey', in: 'cookie', name: 'SMSESSION',
    description: 'SiteMinder\'s session, set by a password sign-in (the login form) or a passkey sign-in: `SMSESSION`, `__Host-SMSESSION` over TLS; HttpOnly, SameSite=Lax, Path=/. It ends after 30 idle minutes or 8 hours. A session records how it began (password or passkey) and when.',
  },
} as const;

const SECURITY: Record<CallSecurity, Array<Record<string, string[]>>> = {
  none: [],
  xsrf: [{ xsrfHeader: [], xsrfCookie: [] }],
  session: [{ session: [] }],
  'xsrf+session': [{ xsrfHeader: [], xsrfCookie: [], session: [] }],
};

const TAGS = [
  { name: 'xsrf', description: 'The XSRF token a static page needs before its first non-GET call (design.md, "Data flow").' },
  { name: 'recovery', description: 'portal-login-service\'s public recovery calls (spec 7): forgot password, first-time user, forgot user id. Time-out 30 s, except the user-type check.' },
  { name: 'passkeys', description: 'Passkey sign-in and management (design.md, "Passkeys"): our extension of the service contract. Refusals answer `{ code, errorCode, message }`.' },
  { name: 'siteminder', description: 'SiteMinder\'s forms, home and logout. The forms are plain HTML posts; every outcome is a 302 whose `Location` and query say what happened (`x-redirects` lists each with its query\'s schema).' },
  { name: 'metrics', description: 'The statistics endpoints of spec 7. They accept any JSON object up to 16 KiB.' },
  { name: 'white-label', description: 'The White Label testing link\'s groups (spec 7).' },
];

function cookieHeader(name: 'XSRF-TOKEN' | 'SMSESSION') {
  const pattern = name === 'SMSESSION' ? '(?:^|, )(?:__Host-)?SMSESSION=[^;,]+' : `(?:^|, )${name}=[^;,]+`;
  return { 'Set-Cookie': { required: true, description: `Sets \`${name}\`.`, schema: { type: 'string', pattern } } };
}

/** An answer's JSON body schema: its own, or the refusal bodies of its codes (both shapes where a status has both). */
function answerBody(answer: Answer, named: (schema: NamedSchema, io: 'input' | 'output') => JsonSchema): JsonSchema | undefined {
  if (answer.json) return named(answer.json, 'output');
  const shapes: JsonSchema[] = [];
  const [firstCode, ...codes] = answer.errors ?? [];
  if (firstCode !== undefined) {
    shapes.push(answer.status === 429 && codes.length === 0 ? jsonSchemaOf(rateLimitedSchema, 'output') : jsonSchemaOf(refusalSchema([firstCode, ...codes]), 'output'));
  }
  const [firstPasskey, ...passkeyCodes] = answer.passkeyErrors ?? [];
  if (firstPasskey !== undefined) shapes.push(jsonSchemaOf(passkeyRefusalSchema([firstPasskey, ...passkeyCodes]), 'output'));
  if (shapes.length === 0) return undefined;
  return shapes.length === 1 ? shapes[0] : { anyOf: shapes };
}

/**
 * A redirect's query as the reference page shows it (it renders no `x-redirects`): each parameter, `name=a|b` where
 * its values are fixed, `[…]` where it is optional, and `…` where others may follow.
 */
function queryText(query: z.ZodMiniType): string {
  const json = jsonSchemaOf(query, 'output') as { properties?: Record<string, { enum?: unknown[]; const?: unknown }>; required?: string[]; additionalProperties?: unknown };
  const parts = Object.entries(json.properties ?? {}).map(([name, property]) => {
    const values = property.enum ?? (property.const === undefined ? undefined : [property.const]);
    const text = values ? `${name}=${values.map(String).join('|')}` : name;
    return json.required?.includes(name) ? text : `[${text}]`;
  });
  if (json.additionalProperties !== false) parts.push('…');
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

function response(answer: Answer, named: (schema: NamedSchema, io: 'input' | 'output') => JsonSchema): OpenApiResponse {
  const codes = [...(answer.errors ?? []), ...(answer.passkeyErrors ?? [])];
  const out: OpenApiResponse = { description: codes.length > 0 ? `${answer.description} Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.` : answer.description };
  const headers: NonNullable<OpenApiResponse['headers']> = {};
  if (answer.setsCookie) Object.assign(headers, cookieHeader(answer.setsCookie));
  if (answer.status === 429) headers['Retry-After'] = { required: true, description: 'Seconds to wait.', schema: { type: 'string', pattern: '^[1-9][0-9]*$' } };
  if (answer.redirects) {
    headers['Location'] = {
      required: true,
      description: `A same-origin path: ${answer.redirects.map((redirect) => `\`${redirect.to}${queryText(redirect.query)}\` (${redirect.when})`).join('; ')}`,
      schema: { type: 'string', pattern: '^/(?![/\\\\])' },
    };
    out['x-redirects'] = answer.redirects.map((redirect) => ({ to: redirect.to, when: redirect.when, query: jsonSchemaOf(redirect.query, 'output') }));
  }
  if (Object.keys(headers).length > 0) out.headers = headers;
  const body = answerBody(answer, named);
  if (body) out.content = { 'application/json': { schema: body } };
  else if (answer.html) out.content = { 'text/html': { schema: { type: 'string' } } };
  return out;
}

/** Query parameters of an object schema, one per property. */
function queryParameters(schema: z.ZodMiniType): NonNullable<OpenApiOperation['parameters']> {
  const json = jsonSchemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({ name, in: 'query' as const, required: json.required?.includes(name) ?? false, schema: property }));
}

/** The whole document. */
export function buildOpenApiDocument(): OpenApiDocument {
  const schemas: Record<string, JsonSchema> = {};
  const named = ({ name, schema }: NamedSchema, io: 'input' | 'output'): JsonSchema => {
    const json = jsonSchemaOf(schema, io);
    const existing = schemas[name];
    if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(json)) throw new Error(`two different schemas are both named ${name}`);
    schemas[name] = json;
    return { $ref: `#/components/schemas/${name}` };
  };
  const paths: OpenApiDocument['paths'] = {};
  for (const call of SERVICE_CALLS) {
    const parameters: NonNullable<OpenApiOperation['parameters']> = [
      ...Object.entries(call.pathParams ?? {}).map(([name, { schema, description }]) => ({ name, in: 'path' as const, required: true, description, schema: jsonSchemaOf(schema, 'input') })),
      ...(call.query ? queryParameters(call.query) : []),
    ];
    const body = call.body && ('json' in call.body
      ? { required: true, content: { 'application/json': { schema: named(call.body.json, 'input') } } }
      : { required: true, content: { 'application/x-www-form-urlencoded': { schema: named(call.body.form, 'input') } } });
    const operation: OpenApiOperation & Record<string, unknown> = {
      operationId: call.operationId,
      tags: [call.tag],
      summary: call.summary,
      description: call.description,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: Object.fromEntries(call.answers.map((answer) => [String(answer.status), response(answer, named)])),
      security: SECURITY[call.security],
    };
    (paths[call.path] ??= {})[call.method] = operation;
  }
  const version = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portal service contract',
      version,
      summary: 'portal-login-service, SiteMinder and the metrics endpoints, as the white-label login portal calls them.',
      description: [
        'Every call the portal\'s pages make of the services it does not own, and every answer they understand. Generated from the portal\'s zod schemas (`src/contract/`) by `npm run docs:api:generate`; do not edit by hand.',
        '',
        'All paths are on the pages\' own origin (the hosts route them to the services). JSON refusals answer `{ errorCode, message, field?, retryAfterSeconds? }`; `message` is for logs, pages translate `errorCode`. Every answer is `Cache-Control: no-store`.',
        '',
        `Passkey refusals add \`code\` (${PASSKEY_CODES.map((code) => `\`${code}\``).join(', ')}). A service can be checked against this document with \`npm run contract:check -- --service <origin>\` (docs/emulator.md).`,
      ].join('\n'),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The pages\' own origin: the pages call relative URLs, and each host routes these paths to the services (locally, `npm start` serves the emulator of them on http://localhost:4321).' }],
    tags: TAGS,
    paths,
    components: { schemas, securitySchemes: SECURITY_SCHEMES },
  };
}

/** The document as committed: two-space JSON and a final newline. */
export function openApiText(document: OpenApiDocument = buildOpenApiDocument()): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
