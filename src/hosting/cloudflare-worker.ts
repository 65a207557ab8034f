import { COMMON_SECURITY_HEADERS, NON_PAGE_POLICY } from './security-headers.ts';
import { AMBIGUOUS_SERVICE_PATH, SERVICE_PREFIXES, SPELLED_SERVICE_PATH } from './route-table.ts';
import { languageGapGlobs } from './language-gaps.ts';
import type { LanguageGaps } from './language-gaps.ts';
import { buildSync } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * Cloudflare Pages' side of the service paths: an advanced-mode `_worker.js` (written by the build from
 * `handleRequest` below) and `_routes.json`, which runs it for the service paths only, so every other request
 * stays a static one (no Functions invocation, `_headers` and `_redirects` as before). The service origin is
 * the Pages project's environment variable PORTAL_SERVICES_ORIGIN (per environment: Production, Preview),
 * read at request time, so one build serves every environment.
 */

/** What the worker knows of the build: the service prefixes and the headers every answer carries. */
export interface WorkerConfig {
  /** The service prefixes, for `_routes.json`. */
  prefixes: readonly string[];
  /** SPELLED_SERVICE_PATH's source: a path as sent that is a service path once decoded (`/%61pps/x` too). */
  servicePath: string;
  /** AMBIGUOUS_SERVICE_PATH's source (case-insensitive): the one rule, carried into the self-contained script. */
  refused: string;
  headers: Readonly<Record<string, string>>;
  /** The built brands that lack a language (issue 45): their paths in it answer the brand's own not-found page. */
  gaps: LanguageGaps;
}

/** The portal's own rules the worker runs (bundled into `_worker.js` from their TypeScript source). */
interface WorkerRules {
  /** The outage page's addresses to try for a visitor's cookies (src/hosting/outage-page.ts). */
  outagePaths: (cookies: string | null) => string[];
  /** A brand's not-found page for a path in a language the brand lacks (src/hosting/language-gaps.ts). */
  languageGapPage: (pathname: string, gaps: LanguageGaps) => string | undefined;
}

/** The bindings Pages gives an advanced-mode worker. */
export interface WorkerEnv {
  ASSETS: { fetch: (request: Request) => Promise<Response> };
  PORTAL_SERVICES_ORIGIN?: string | undefined;
}

/** The worker's config for a build whose brands lack `gaps` (none by default). */
export const workerConfig = (gaps: LanguageGaps = {}): WorkerConfig => ({
  prefixes: SERVICE_PREFIXES,
  servicePath: SPELLED_SERVICE_PATH.source,
  refused: AMBIGUOUS_SERVICE_PATH.source,
  headers: { ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': NON_PAGE_POLICY, 'Cache-Control': 'no-store' },
  gaps,
});

/** Cloudflare Pages' limit on `_routes.json`: include and exclude rules together. */
const ROUTES_JSON_RULE_LIMIT = 100;

/**
 * A brand's own not-found page, status 404, for a path in a language the brand lacks (issue 45): `_redirects` would
 * send its short address into that language, and the nearest `404.html` up the path is the default brand's.
 */
async function languageGapAnswer(request: Request, env: WorkerEnv, page: string): Promise<Response> {
  // A path of this site made from the route table and a brand key the build listed, set on the request's own URL.
  const address = new URL(request.url);
  address.pathname = page;
  address.search = '';
  const asset = await env.ASSETS.fetch(new Request(address.href, { method: 'GET', headers: { Accept: 'text/html' } }));
  return new Response(request.method === 'HEAD' ? null : asset.body, { status: 404, headers: asset.headers });
}

/**
 * The brand's outage page in the visitor's language with `status`, from the static assets (the page's own
 * headers, its policy among them, and `no-store`); the default brand's when the cookie's brand was not built.
 */
async function outagePage(request: Request, env: WorkerEnv, config: WorkerConfig, rules: WorkerRules, status: number): Promise<Response> {
  for (const path of rules.outagePaths(request.headers.get('Cookie'))) {
    // A path of this site made from a checked brand key and a built language, set on the request's own URL.
    const address = new URL(request.url);
    address.pathname = path;
    address.search = '';
    const asset = await env.ASSETS.fetch(new Request(address.href, { method: 'GET', headers: { Accept: 'text/html' } }));
    if (!asset.ok) continue;
    const answer = new Response(request.method === 'HEAD' ? null : asset.body, { status, headers: asset.headers });
    for (const [name, value] of Object.entries(config.headers)) if (name !== 'Content-Security-Policy' || !answer.headers.has(name)) answer.headers.set(name, value);
    answer.headers.set('Cache-Control', 'no-store');
    return answer;
  }
  return new Response('Service Unavailable', { status, headers: { ...config.headers, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * Proxies a service path to the environment's service origin, as nginx's service location does: method, body
 * and end-to-end headers as sent, the visitor's host and scheme in X-Forwarded-Host and X-Forwarded-Proto, the
 * visitor's address (Cloudflare's CF-Connecting-IP, never one the visitor sent) in X-Forwarded-For, a path that
 * would read another way at the service refused (400), redirects passed on as they are; the answer gets the site's security headers and `no-store`. Anything else goes to the static
 * assets. Self-contained (the build writes its source into `_worker.js`): it names nothing outside itself.
 */
async function handleRequest(request: Request, env: WorkerEnv, config: WorkerConfig, rules: WorkerRules): Promise<Response> {
  const url = new URL(request.url);
  const gapPage = rules.languageGapPage(url.pathname, config.gaps);
  if (gapPage !== undefined) return languageGapAnswer(request, env, gapPage);
  // A prefix spelled with escapes is one too (issue 40): Cloudflare's URL normalisation decodes `%61` before a
  // worker sees it, wrangler does not, and a service decodes it; either way the check below must run on it.
  const isService = new RegExp(config.servicePath).test(url.pathname);
  if (!isService) return env.ASSETS.fetch(request);
  const secured = (response: Response): Response => {
    const answer = new Response(response.body, response);
    for (const [name, value] of Object.entries(config.headers)) answer.headers.set(name, value);
    return answer;
  };
  const text = (status: number, message: string) => secured(new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }));
  let origin: URL;
  try {
    origin = new URL(env.PORTAL_SERVICES_ORIGIN ?? '');
  } catch {
    console.error('PORTAL_SERVICES_ORIGIN is not set to the service origin (https://host[:port]) of this environment');
    return outagePage(request, env, config, rules, 503);
  }
  // The runtime has resolved dot segments and read `\` as `/` (WHATWG URL) before the prefix was matched; an escaped
  // dot, slash, backslash or percent, or an empty segment, would still read another way at the service (issue 40).
  if (new RegExp(config.refused, 'i').test(url.pathname)) return text(400, 'Bad Request');
  // Hop-by-hop headers (those the visitor's Connection names too) and every client-address or forwarding header
  // the visitor sent stay here: the service hears who the visitor is from this worker alone.
  const headers = new Headers(request.headers);
  const hopByHop = (request.headers.get('Connection') ?? '').split(',').map((name) => name.trim()).filter((name) => /^[\w!#$%&'*+.^`|~-]+$/.test(name));
  for (const name of [...hopByHop, 'Connection', 'Keep-Alive', 'Proxy-Connection', 'Proxy-Authorization', 'Proxy', 'TE', 'Trailer', 'Transfer-Encoding', 'Upgrade', 'Forwarded', 'Via', 'X-Real-IP', 'True-Client-IP']) headers.delete(name);
  for (const name of [...headers.keys()]) if (/^x-forwarded-/i.test(name)) headers.delete(name);
  headers.set('X-Forwarded-Host', url.host);
  headers.set('X-Forwarded-Proto', url.protocol.replace(/:$/, ''));
  // Cloudflare sets CF-Connecting-IP to the address that connected to it, whatever the visitor sent.
  const visitor = request.headers.get('CF-Connecting-IP');
  if (visitor) headers.set('X-Forwarded-For', visitor);
  // The path the prefix matched, set on the fixed service origin: never resolved against it as a reference,
  // which would take `//host/x` for another host.
  const target = new URL(origin.origin);
  target.pathname = url.pathname;
  target.search = url.search;
  const method = request.method.toUpperCase();
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method,
      headers,
      redirect: 'manual',
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: await request.arrayBuffer() }),
    });
  } catch (error) {
    console.error(`service ${origin.origin} did not answer: ${String(error)}`);
    return outagePage(request, env, config, rules, 502);
  }
  const answer = secured(upstream);
  // A redirect the service writes with its own origin stays on the visitor's.
  const location = answer.headers.get('Location');
  if (location?.startsWith(`${origin.origin}/`)) answer.headers.set('Location', location.slice(origin.origin.length));
  return answer;
}

/**
 * The rules the worker shares with the pages and servers (reading the cookies, the brand key's format, a page's
 * address in a language), bundled from their TypeScript source into one script that defines PORTAL_RULES: never a
 * copy by hand.
 */
function workerRulesScript(): string {
  const entry = fileURLToPath(new URL('./worker-rules.ts', import.meta.url));
  const bundled = buildSync({ entryPoints: [entry], bundle: true, write: false, format: 'iife', globalName: 'PORTAL_RULES', platform: 'neutral', target: 'es2022', legalComments: 'none', tsconfigRaw: {} });
  return (bundled.outputFiles[0]?.text ?? '').trim();
}

/**
 * `_worker.js`: handleRequest's own source with the build's config and the portal's rules it runs, as an ES
 * module Pages runs.
 */
export function workerScript(config: WorkerConfig = workerConfig()): string {
  return [
    '// Written by the build (src/hosting/cloudflare-worker.ts). Do not edit.',
    `const CONFIG = ${JSON.stringify(config)};`,
    workerRulesScript(),
    outagePage.toString(),
    languageGapAnswer.toString(),
    handleRequest.toString(),
    'export default { fetch: (request, env) => handleRequest(request, env, CONFIG, PORTAL_RULES) };',
    '',
  ].join('\n');
}

/**
 * `_routes.json`: the worker runs for the service paths only (each prefix and everything below it), and for every
 * path holding an escape (`/*%*`), which may spell a prefix (`/%61pps/…`: the worker's servicePath tells; issue 40).
 * Rules are globs on the path as sent, so no rule can say "a prefix once decoded"; no page of the portal has a `%`
 * in its path, so only such paths pay for a worker invocation, and the worker hands them to the assets unchanged.
 * Then the paths of the brands that lack a language (languageGapGlobs, in the rules left of Pages' 100).
 */
export function workerRoutes(config: WorkerConfig = workerConfig()): string {
  const services = [...config.prefixes.flatMap((prefix) => [prefix, `${prefix}/*`]), '/*%*'];
  const include = [...services, ...languageGapGlobs(config.gaps, ROUTES_JSON_RULE_LIMIT - services.length)];
  return `${JSON.stringify({ version: 1, description: 'Written by the build (src/hosting/cloudflare-worker.ts): the service paths and the paths of brands without a language', include, exclude: [] }, null, 2)}\n`;
}
