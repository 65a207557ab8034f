// Checks one call (a request and its answer) against docs/api/openapi.json, as Backstage's wrapServer does for its
// backends: the operation found by path and method, the request's parameters, body and XSRF header, the answer's
// status, headers, body and, for a 302, where it goes and the query it carries. Ajv's 2020-12 dialect, OpenAPI 3.1's.
// The end-to-end run checks every call it makes with it (audit.ts), and `npm run contract:check` every answer it gets.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { BRAND_KEY_FORMAT } from '../../src/domain/brands.ts';
import { cookieValue } from '../../src/lib/cookies.ts';
import { SAME_ORIGIN_PATH } from '../../src/lib/safe-redirect.ts';
import { XSRF_COOKIE, XSRF_HEADER } from '../../src/lib/xsrf.ts';
import { OPENAPI_PATH } from './openapi.ts';
import type { OpenApiDocument, OpenApiOperation, OpenApiResponse } from './openapi.ts';

type HeaderValue = string | string[] | number | undefined;

/** One call as it went over the wire. */
export interface Exchange {
  method: string;
  /** Path and query, as the request line had them. */
  url: string;
  requestHeaders: Readonly<Record<string, HeaderValue>>;
  requestBody: string;
  status: number;
  /** Lower-case names. */
  responseHeaders: Readonly<Record<string, HeaderValue>>;
  responseBody: string;
}

/** What the document says of one call. */
export interface Verdict {
  /** `POST /portal-login-service/public/fps/auth`, the document's path template; undefined when no operation matches. */
  operation: string | undefined;
  /** Where the request breaks the document (then the answer must be one of its documented refusals). */
  requestProblems: string[];
  /** Where the call breaks the document: a mismatch. */
  problems: string[];
}

const METHODS = ['get', 'post', 'patch', 'delete', 'put'] as const;

function header(headers: Readonly<Record<string, HeaderValue>>, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** A path template as a regular expression: `{wl}` a brand key, `{TARGET}` any same-origin path, any other parameter one segment. */
function templatePattern(template: string): RegExp {
  if (template === '{TARGET}') return /^\/.*$/;
  const source = template.split(/(\{[^}]+\})/).map((part) => {
    if (part === '{wl}') return `(${BRAND_KEY_FORMAT})`;
    if (/^\{[^}]+\}$/.test(part)) return '([^/]+)';
    return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  }).join('');
  return new RegExp(`^${source}$`);
}

/** Validates calls against the committed document. */
export class ContractValidator {
  readonly document: OpenApiDocument;
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly routes: Array<{ template: string; pattern: RegExp; names: string[] }>;

  constructor(document: OpenApiDocument = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8')) as OpenApiDocument) {
    this.document = document;
    this.ajv = new Ajv2020({ allErrors: false, strict: false });
    this.ajv.addSchema({ $id: 'contract', components: document.components });
    // Literal paths before templates, so `…/uti/decrypt` is never read as `…/uti/{userId}`.
    this.routes = Object.keys(document.paths)
      .sort((a, b) => Number(a.includes('{')) - Number(b.includes('{')))
      .map((template) => ({ template, pattern: templatePattern(template), names: [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '') }));
  }

  /**
   * Compiles every schema of the document now rather than at its first use: a server that audits its calls pays for
   * it once as it starts, not inside the first test that makes each call (about 2 s on a busy 2-core machine).
   */
  compileAll(): void {
    for (const item of Object.values(this.document.paths)) {
      for (const operation of Object.values(item)) {
        for (const parameter of operation.parameters ?? []) this.validator(parameter.schema);
        for (const content of Object.values(operation.requestBody?.content ?? {})) this.validator(content.schema);
        for (const answer of Object.values(operation.responses)) {
          for (const header of Object.values(answer.headers ?? {})) this.validator(header.schema);
          for (const content of Object.values(answer.content ?? {})) this.validator(content.schema);
          for (const redirect of answer['x-redirects'] ?? []) this.validator(redirect.query);
        }
      }
    }
  }

  /** Every operation of the document as `METHOD path`. */
  operations(): string[] {
    return Object.entries(this.document.paths).flatMap(([path, item]) => METHODS.filter((method) => method in item).map((method) => `${method.toUpperCase()} ${path}`));
  }

  private validator(schema: Record<string, unknown>): ValidateFunction {
    const key = JSON.stringify(schema);
    let compiled = this.compiled.get(key);
    if (!compiled) {
      // Component references resolve against the document's components.
      compiled = this.ajv.compile(JSON.parse(key.replaceAll('"#/components/', '"contract#/components/')) as Record<string, unknown>);
      this.compiled.set(key, compiled);
    }
    return compiled;
  }

  /** The schema's complaint about a value, or undefined when it fits. */
  private invalid(schema: Record<string, unknown>, value: unknown): string | undefined {
    const validate = this.validator(schema);
    if (validate(value)) return undefined;
    const [error] = validate.errors ?? [];
    if (!error) return 'invalid';
    const extra = error.keyword === 'additionalProperties' ? ` (${String((error.params as { additionalProperty?: string }).additionalProperty)})` : '';
    return `${error.instancePath || '(root)'} ${error.message ?? 'invalid'}${extra}`;
  }

  /** The operation a request names, with its path parameters. */
  find(method: string, pathname: string): { template: string; operation: OpenApiOperation | undefined; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, index) => [name, match[index + 1] ?? '']));
      const item = this.document.paths[route.template] ?? {};
      return { template: route.template, operation: item[method.toLowerCase()], params };
    }
    return undefined;
  }

  /** Checks one call. A path or method the document does not have is a mismatch unless the answer was 404 or 405. */
  check(exchange: Exchange): Verdict {
    const url = new URL(exchange.url, 'http://contract.invalid');
    const found = this.find(exchange.method, url.pathname);
    if (!found?.operation) {
      const refused = exchange.status === 404 || exchange.status === 405;
      const what = found ? `${exchange.method} is not documented for ${found.template}` : `${url.pathname} is not a documented path`;
      return { operation: undefined, requestProblems: [what], problems: refused ? [] : [`undocumented service call ${exchange.method} ${url.pathname}: ${what}, answered ${String(exchange.status)}`] };
    }
    const { operation, template } = found;
    const name = `${exchange.method.toUpperCase()} ${template}`;
    const requestProblems = this.checkRequest(exchange, url, operation, found.params);
    const problems: string[] = [];
    const answer = operation.responses[String(exchange.status)];
    if (!answer) {
      problems.push(`answered ${String(exchange.status)}, which the document does not list (${Object.keys(operation.responses).join(', ')})`);
      return { operation: name, requestProblems, problems };
    }
    if (requestProblems.length > 0 && (exchange.status < 400 || exchange.status >= 500)) {
      problems.push(`accepted with ${String(exchange.status)} a request the document refuses: ${requestProblems.join('; ')}`);
    }
    problems.push(...this.checkAnswer(exchange, answer));
    return { operation: name, requestProblems, problems };
  }

  private checkRequest(exchange: Exchange, url: URL, operation: OpenApiOperation, params: Record<string, string>): string[] {
    const problems: string[] = [];
    for (const parameter of operation.parameters ?? []) {
      let value: string | null;
      if (parameter.in === 'path') {
        try {
          value = decodeURIComponent(params[parameter.name] ?? '');
        } catch {
          problems.push(`path parameter ${parameter.name} is not percent-encoded UTF-8`);
          continue;
        }
      } else value = url.searchParams.get(parameter.name);
      if (value === null) {
        if (parameter.required) problems.push(`query parameter ${parameter.name} is missing`);
        continue;
      }
      const complaint = this.invalid(parameter.schema, value);
      if (complaint) problems.push(`${parameter.in} parameter ${parameter.name}: ${complaint}`);
    }
    const security = operation.security[0];
    if (security && 'xsrfHeader' in security) {
      const cookie = cookieValue(header(exchange.requestHeaders, 'cookie'), XSRF_COOKIE);
      const sent = header(exchange.requestHeaders, XSRF_HEADER);
      if (!cookie || sent !== cookie) problems.push(`no ${XSRF_HEADER} header equal to the ${XSRF_COOKIE} cookie`);
    }
    if (security && 'session' in security) {
      const cookies = header(exchange.requestHeaders, 'cookie');
      if (!cookieValue(cookies, 'SMSESSION') && !cookieValue(cookies, '__Host-SMSESSION')) problems.push('no session cookie');
    }
    const body = operation.requestBody;
    if (body) {
      const [mediaType, content] = Object.entries(body.content)[0] ?? [];
      if (mediaType && content) {
        let value: unknown;
        if (mediaType === 'application/json') {
          try {
            // An empty body reads as `{}`, as the service reads it.
            value = exchange.requestBody === '' ? {} : (JSON.parse(exchange.requestBody) as unknown);
          } catch {
            problems.push('the body is not JSON');
          }
        } else value = Object.fromEntries(new URLSearchParams(exchange.requestBody));
        if (value !== undefined) {
          const complaint = this.invalid(content.schema, value);
          if (complaint) problems.push(`body ${complaint}`);
        }
      }
    }
    return problems;
  }

  private checkAnswer(exchange: Exchange, answer: OpenApiResponse): string[] {
    const problems: string[] = [];
    for (const [headerName, spec] of Object.entries(answer.headers ?? {})) {
      const value = header(exchange.responseHeaders, headerName);
      if (value === undefined) {
        if (spec.required) problems.push(`header ${headerName} is missing`);
        continue;
      }
      const complaint = this.invalid(spec.schema, value);
      if (complaint) problems.push(`header ${headerName} ${complaint}: ${value}`);
    }
    const contentType = (header(exchange.responseHeaders, 'content-type') ?? '').split(';')[0]?.trim() ?? '';
    const media = answer.content ? Object.entries(answer.content)[0] : undefined;
    if (!media) {
      if (exchange.responseBody !== '') problems.push(`a body where the document has none (${contentType || 'no content type'})`);
    } else if (contentType !== media[0]) {
      problems.push(`content type ${contentType || '(none)'} where the document says ${media[0]}`);
    } else if (media[0] === 'application/json') {
      let value: unknown;
      try {
        value = JSON.parse(exchange.responseBody) as unknown;
      } catch {
        problems.push('the body is not JSON');
      }
      if (value !== undefined) {
        const complaint = this.invalid(media[1].schema, value);
        if (complaint) problems.push(`body ${complaint}`);
      }
    }
    const redirects = answer['x-redirects'];
    const location = header(exchange.responseHeaders, 'location');
    if (redirects && location !== undefined) problems.push(...this.checkRedirect(location, redirects));
    return problems;
  }

  /** A 302's Location: a same-origin path that one of the documented redirects names, its query as that one says. */
  private checkRedirect(location: string, redirects: NonNullable<OpenApiResponse['x-redirects']>): string[] {
    if (!SAME_ORIGIN_PATH.test(location)) return [`Location ${location} is not a same-origin path`];
    const target = new URL(location, 'http://contract.invalid');
    const query: Record<string, string> = {};
    for (const [key, value] of target.searchParams) {
      if (key in query) return [`Location ${location} repeats the query parameter ${key}`];
      query[key] = value;
    }
    const complaints: string[] = [];
    for (const redirect of redirects) {
      if (redirect.to === '{TARGET}') {
        if (!redirects.some((other) => other.to !== '{TARGET}' && templatePattern(other.to).test(target.pathname))) return [];
        continue;
      }
      if (!templatePattern(redirect.to).test(target.pathname)) continue;
      const complaint = this.invalid(redirect.query, query);
      if (!complaint) return [];
      complaints.push(`the query of ${redirect.to}: ${complaint}`);
    }
    return [`Location ${location} is none of the documented redirects${complaints.length > 0 ? ` (${complaints.join('; ')})` : ''}`];
  }
}
