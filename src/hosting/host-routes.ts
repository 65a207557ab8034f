import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BRAND_KEY_FORMAT, DEFAULT_BRAND } from '../domain/brands.ts';
import { LANGUAGES, PREFIXED_LANGUAGES } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';
import { LANGUAGE_COOKIE } from '../lib/display-language.ts';
import { WHITE_LABEL_COOKIE } from '../lib/cookies.ts';
import { ROUTES, SERVICE_PREFIXES, fillPattern, languagePrefix, localizedRoutes, matchRoute, placeholderFormat } from './route-table.ts';
import { workerConfig, workerRoutes, workerScript } from './cloudflare-worker.ts';
import type { LanguageGaps } from './language-gaps.ts';
import { NETLIFY_EDGE_FOLDER, netlifyEdgeDeclarations } from './netlify-edge.ts';
import { serverDirOf } from './dist-layout.ts';
import type { PathPattern, RouteRow } from './route-table.ts';

// The route table (route-table.ts) turned into each host's rules. Nothing here names a brand.

const WRITTEN = 'Written by the build (src/hosting/host-routes.ts) from src/hosting/route-table.ts. Do not edit.';

/** Cloudflare Pages' limits for `_redirects`: a rule with `*` or `:name` is dynamic. */
export const REDIRECT_LIMITS = { staticRules: 2000, dynamicRules: 100, lineLength: 1000 } as const;

/**
 * The service origin of the environment a deploy serves (`https://host[:port]`, no path), from which the
 * static hosts' rules send the service paths there. Checked, since it ends up in a rule: a path, a query or
 * anything but http(s) is refused.
 */
export function serviceOrigin(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`service origin ${JSON.stringify(value)} is not a URL: give https://host[:port]`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password || value.replace(/\/$/, '') !== url.origin) {
    throw new Error(`service origin ${JSON.stringify(value)} must be only a scheme, a host and a port: https://host[:port]`);
  }
  return url.origin;
}

/**
 * Netlify's proxy rewrites (status 200, forced: no file shadows them) of every service path to `origin`, each
 * prefix itself and everything below it; Netlify passes the query string on.
 */
export function netlifyServiceRules(origin: string): string[] {
  return serviceProxies(origin).map(({ from, to }) => `${from} ${to} 200!`);
}

/** Each service prefix, itself and everything below it, to the same path at `origin`. */
function serviceProxies(origin: string): Array<{ from: string; to: string }> {
  const base = serviceOrigin(origin);
  return SERVICE_PREFIXES.flatMap((prefix) => [{ from: prefix, to: `${base}${prefix}` }, { from: `${prefix}/*`, to: `${base}${prefix}/:splat` }]);
}

/**
 * What a Netlify proxy rewrite sends in the client-address headers, over whatever the visitor sent (issue 40):
 * `netlify dev` passes a visitor's X-Forwarded-For on as written, and a rule can set a header but not drop one
 * (an empty value is ignored) nor name the visitor's address. Netlify's own X-Nf-Client-Connection-Ip is the
 * one the service believes (docs/security.md); these only keep a visitor from choosing another.
 */
const NETLIFY_PROXY_HEADERS: Readonly<Record<string, string>> = {
  // Lower case: netlify dev sets them into Node's request headers, whose keys are lower case, and would otherwise
  // send the visitor's beside ours.
  'x-forwarded-for': 'unknown', forwarded: 'for=unknown', 'x-real-ip': 'unknown', 'true-client-ip': 'unknown', 'cf-connecting-ip': 'unknown',
};

/**
 * `_redirects` for Cloudflare Pages and Netlify: the table's redirects in every language (the hosts cannot
 * read the language cookie; a page's pre-paint script moves the visitor to the cookie's language). Only
 * codes both hosts take (302); the not-found rows are nested `404.html` files on Cloudflare and `netlify.toml`
 * rules on Netlify (netlifyConfig), since Cloudflare refuses a 404 here. With a `netlifyServices` origin, the
 * Netlify proxy rewrites of the service paths come first (Cloudflare would skip them, with a warning per line:
 * its service paths go through `_worker.js`).
 */
export function staticHostRedirects(routes: readonly RouteRow[] = ROUTES, netlifyServices?: string): string {
  const proxies = netlifyServices === undefined ? [] : ['# The service paths, proxied to this environment\'s services (PORTAL_SERVICES_ORIGIN).', ...netlifyServiceRules(netlifyServices)];
  const lines = localizedRoutes(routes).flatMap((row) => (row.kind === 'redirect' ? [`${row.from} ${row.to} 302`] : []));
  return `# ${WRITTEN}\n${[...proxies, ...lines].join('\n')}\n`;
}

/** `_redirects` without Netlify's proxy rules, as Cloudflare Pages gets it. */
export const withoutProxyRules = (redirects: string): string => redirects
  .split('\n')
  .filter((line) => !/^\S+\s+https?:\/\/\S+\s+200!?\s*$/.test(line) && !line.startsWith('# The service paths, proxied'))
  .join('\n');

/** The rules of a `_redirects` text as Cloudflare counts them. */
export function redirectRuleCounts(text: string): { staticRules: number; dynamicRules: number; longestLine: number } {
  const rules = text.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  const dynamicRules = rules.filter((line) => /[*:]/.test(line.split(/\s+/)[0] ?? '')).length;
  return { staticRules: rules.length - dynamicRules, dynamicRules, longestLine: Math.max(0, ...rules.map((line) => line.length)) };
}

const toml = (value: string) => JSON.stringify(value);

/**
 * `netlify.toml` for a release whose published root is `publish` (and, given, the origin of its `services`: the
 * service paths' proxy rewrites and the short addresses, which `_redirects` then leaves out): the not-found rows as 404 rewrites, which
 * Netlify applies only where no file answers (so pages keep theirs), and the hosts' own files answered 404
 * (`netlify dev` serves them; a deploy leaves them out).
 */
export function netlifyConfig(publish: string, routes: readonly RouteRow[] = ROUTES, services?: string): string {
  // With the environment's services: their proxy rewrites first, with the client-address headers set (a
  // `_redirects` line cannot carry headers), then the short addresses, in `_redirects`' order before.
  const proxies = services === undefined ? [] : serviceProxies(services).map(({ from, to }) => [
    '[[redirects]]', `from = ${toml(from)}`, `to = ${toml(to)}`, 'status = 200', 'force = true', '[redirects.headers]',
    ...Object.entries(NETLIFY_PROXY_HEADERS).map(([name, value]) => `${toml(name)} = ${toml(value)}`),
  ].join('\n'));
  const redirects = services === undefined ? [] : localizedRoutes(routes).flatMap((row) => (row.kind === 'redirect'
    ? [['[[redirects]]', `from = ${toml(row.from)}`, `to = ${toml(row.to)}`, 'status = 302'].join('\n')]
    : []));
  const hidden = ['/_headers', '/_redirects'].map((from) => ['[[redirects]]', `from = ${toml(from)}`, `to = ${toml('/404.html')}`, 'status = 404', 'force = true'].join('\n'));
  const notFound = localizedRoutes(routes).flatMap((row) => (row.kind === 'not-found'
    ? [['[[redirects]]', `from = ${toml(row.from)}`, `to = ${toml(`${row.page}.html`)}`, 'status = 404'].join('\n')]
    : []));
  // With the services, the edge function that refuses a path reading two ways (netlify-edge.ts) on their prefixes.
  const edge = services === undefined ? [] : netlifyEdgeDeclarations();
  // Its folder is named (Netlify's default one), since netlify dev would look for it below the repository's root.
  const build = services === undefined ? `[build]\npublish = ${toml(publish)}` : `[build]\npublish = ${toml(publish)}\nedge_functions = ${toml(NETLIFY_EDGE_FOLDER)}`;
  return [`# ${WRITTEN}`, build, ...proxies, ...redirects, ...hidden, ...notFound, ...edge].join('\n\n') + '\n';
}

/**
 * nginx's form of a pattern: `:name` matches its format (PLACEHOLDER_FORMATS), which a location then may write
 * into Location; `*` stops at the query, which `$request_uri` carries.
 */
function nginxRegex(pattern: PathPattern, captures: 'path' | 'request'): string {
  const rest = captures === 'request' ? '[^?]*' : '.*';
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[-\\^$+?.()|[\]{}]/g, '\\$&').replace(/:([A-Za-z]\w*)/g, (_whole, name: string) => `(?<${name}>${placeholderFormat(name)})`))
    .join(`(?<splat>${rest})`);
  return `^${NGINX_LANGUAGE}${body}${captures === 'request' ? '(?:\\?.*)?' : ''}$`;
}

/** An explicit language prefix, as nginx captures it (`$lang`). */
const NGINX_LANGUAGE = `(?<lang>${PREFIXED_LANGUAGES.map((l) => languagePrefix(l).replace(/-/g, '\\-')).join('|')})?`;

/** `/self-service/:wl/fps` as nginx writes it with the captures of its regex. */
const nginxTarget = (to: PathPattern) => to.replace(/:([A-Za-z]\w*)/g, '$$$1');

/**
 * nginx's rules, in two files: `_nginx-routes.conf` for the http block (the map from the address asked for to
 * its not-found page) and `_nginx-route-locations.conf` for the server block (the redirects, keeping the query
 * and the explicit language; the cookie's language applies at the target).
 */
export function nginxRoutes(routes: readonly RouteRow[] = ROUTES): { http: string; server: string } {
  // A redirect's address answers 404 where its brand lacks the language (below): with the not-found page of the
  // address it would lead to (brandNotFoundPage), which the server block then finds in the brand's own language.
  const notFound = routes.flatMap((row) => {
    if (row.kind === 'not-found') return row.from === '/*' ? [] : [`  "~${nginxRegex(row.from, 'request')}" "${nginxTarget(row.page)}.html";`];
    // The row the redirect's address lands in, its brand key any key of the format (`wl` is one).
    const landed = matchRoute(fillPattern(row.to, { wl: 'wl' }), routes);
    return landed?.row.kind === 'not-found' && landed.row.page.includes(':wl') ? [`  "~${nginxRegex(row.from, 'request')}" "${nginxTarget(landed.row.page)}.html";`] : [];
  });
  const fallback = routes.find((row) => row.kind === 'not-found' && row.from === '/*');
  const http = [
    `# ${WRITTEN}`,
    '# The language cookie picks the language of the same URL (design.md): its prefix, from src/domain/languages.json; the',
    '# cookie\'s one rule (src/lib/display-language.ts): the tag with - or _, any case. Anything else: the default language.',
    `map $cookie_${LANGUAGE_COOKIE} $portal_lang {`,
    '  default "";',
    ...PREFIXED_LANGUAGES.map((language) => `  "~*^${language.split('-').map((part) => part.replace(/[^A-Za-z0-9]/g, '')).join('[-_]')}$" "${languagePrefix(language)}";`),
    '}',
    '',
    '# For page-not-found: the language named by the original request, else the cookie\'s.',
    'map $request_uri $portal_nf_lang {',
    '  default $portal_lang;',
    ...PREFIXED_LANGUAGES.map((language) => `  "~^${languagePrefix(language)}/" "${languagePrefix(language)}";`),
    '}',
    '',
    '# The not-found page of the address asked for, without its language (the server block adds the language).',
    'map $request_uri $portal_nf_page {',
    `  default "${fallback?.kind === 'not-found' ? fallback.page : '/404'}.html";`,
    ...notFound,
    '}',
    '',
    `# The white-label cookie (${WHITE_LABEL_COOKIE}, set by the login page for 1 day) picks the brand \`/\` goes to when it holds a`,
    `# brand key; the root locations follow it only when that brand was built (design.md), else ${DEFAULT_BRAND}.`,
    `map $cookie_${WHITE_LABEL_COOKIE} $portal_home_brand {`,
    `  default ${DEFAULT_BRAND};`,
    `  "~^(?<home_brand>${BRAND_KEY_FORMAT})$" $home_brand;`,
    '}',
    '',
  ].join('\n');
  const server = [
    `# ${WRITTEN}`,
    '# The short addresses: 302 in the language asked for, unless the brand was built without it (issue 45: its page is',
    '# there in the default language only): then 404, its own not-found page. An unknown brand\'s goes on to its 404.',
    ...routes.flatMap((row) => (row.kind === 'redirect'
      ? [`location ~ "${nginxRegex(row.from, 'path')}" { if (-f $document_root$lang${nginxTarget(row.to)}.html) { return 302 $lang${nginxTarget(row.to)}$is_args$args; } if (-f $document_root${nginxTarget(row.to)}.html) { return 404; } return 302 $lang${nginxTarget(row.to)}$is_args$args; }`]
      : [])),
    '# A language\'s root (/<tag>) as the site root: the white-label cookie\'s login when that brand was built, in that language.',
    ...(PREFIXED_LANGUAGES.length > 0 ? [`location ~ "^${NGINX_LANGUAGE.replace(/\)\?$/, ')')}/?$" { if (-f $document_root$lang/app/$portal_home_brand/login.html) { return 302 $lang/app/$portal_home_brand/login$is_args$args; } if (-f $document_root/app/$portal_home_brand/login.html) { return 302 /app/$portal_home_brand/login$is_args$args; } return 302 $lang/app/${DEFAULT_BRAND}/login$is_args$args; }`] : []),
    '# /app/<wl>/ goes to that brand\'s login when the brand was built in that language; else page not found (404).',
    `location ~ "^${NGINX_LANGUAGE}/app/(?<wl>${BRAND_KEY_FORMAT})/?$" { if (-f $document_root$lang/app/$wl/login.html) { return 302 $lang/app/$wl/login$is_args$args; } return 404; }`,
    '',
  ].join('\n');
  return { http, server };
}

/**
 * The brands a built dist/ holds without some language (issue 45), by that language: those with a login page in
 * the default language (at the root) and none under the language's prefix. Read from the files, so a build of some
 * brands into an existing dist/ (build-brands --into) counts every brand it then holds.
 */
export function languageGapsOf(distDir: string): LanguageGaps {
  const appDir = join(distDir, 'app');
  const brands = existsSync(appDir) ? readdirSync(appDir, { withFileTypes: true }).filter((entry) => entry.isDirectory() && existsSync(join(appDir, entry.name, 'login.html'))).map((entry) => entry.name).sort() : [];
  return Object.fromEntries(PREFIXED_LANGUAGES.flatMap((language) => {
    const lacking = brands.filter((wl) => !existsSync(join(distDir, `${languagePrefix(language).replace(/^\//, '')}/app/${wl}/login.html`)));
    return lacking.length > 0 ? [[language, lacking]] : [];
  }));
}

/** Where a build runs and for which service origin: by default read from the build's environment. */
export interface RouteFileOptions {
  /** PORTAL_SERVICES_ORIGIN: the environment's services, for Netlify's proxy rules. */
  servicesOrigin?: string | undefined;
  /** The host whose Git integration runs the build (Netlify sets NETLIFY=true, Cloudflare Pages CF_PAGES=1). */
  buildingOn?: 'cloudflare' | 'netlify' | undefined;
}

/** The build's environment as RouteFileOptions. */
export function routeFileOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): RouteFileOptions {
  const buildingOn = env['NETLIFY'] === 'true' ? 'netlify' : env['CF_PAGES'] === '1' ? 'cloudflare' : undefined;
  return { servicesOrigin: env['PORTAL_SERVICES_ORIGIN'] || undefined, buildingOn };
}

/**
 * The route files of every host, written into a built dist/: `_redirects` (with Netlify's proxy rules when a
 * service origin is given and the build does not run on Cloudflare, whose origin is a run-time variable),
 * Cloudflare's `_worker.js` and `_routes.json` (not on Netlify, which would publish them as files), and nginx's
 * two includes, in the server folder beside dist/ (serverDirOf).
 */
export function writeRouteFiles(distDir: string, options: RouteFileOptions = routeFileOptionsFromEnv()): string {
  const netlifyServices = options.buildingOn === 'cloudflare' ? undefined : options.servicesOrigin;
  const redirects = staticHostRedirects(ROUTES, netlifyServices);
  const nginx = nginxRoutes();
  writeFileSync(join(distDir, '_redirects'), redirects);
  if (options.buildingOn !== 'netlify') {
    const config = workerConfig(languageGapsOf(distDir));
    writeFileSync(join(distDir, '_worker.js'), workerScript(config));
    writeFileSync(join(distDir, '_routes.json'), workerRoutes(config));
  }
  const serverDir = serverDirOf(distDir);
  mkdirSync(serverDir, { recursive: true });
  writeFileSync(join(serverDir, '_nginx-routes.conf'), nginx.http);
  writeFileSync(join(serverDir, '_nginx-route-locations.conf'), nginx.server);
  return redirects;
}

/**
 * The not-found pages the table expects a build of `brands` to hold, as files: each where Cloudflare Pages
 * looks first for an address under it (the nearest `404.html` up the path), in every language.
 */
export function notFoundFiles(brands: readonly string[], routes: readonly RouteRow[] = ROUTES, languagesOf: (wl: string) => readonly Language[] = () => LANGUAGES): string[] {
  return localizedRoutes(routes).flatMap((row) => {
    if (row.kind !== 'not-found') return [];
    const file = `${row.page.replace(/^\//, '')}.html`;
    // A brand's not-found pages come in the languages it offers only.
    return file.includes(':wl') ? brands.filter((wl) => languagesOf(wl).includes(row.language)).map((wl) => file.replace(':wl', wl)) : [file];
  });
}
