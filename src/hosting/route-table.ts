import { BRAND_KEY_FORMAT } from '../domain/brands.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, languagePrefix } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';

/**
 * A path pattern in the static hosts' own syntax (Cloudflare Pages and Netlify `_redirects`): `:name` is one
 * segment, `*` the rest of the path (possibly empty). The same text becomes an nginx regex and the bundled
 * server's matcher (compilePattern), so every host reads one pattern; there a placeholder matches only its
 * format (PLACEHOLDER_FORMATS).
 * @example '/self-service/:wl/*\/fps'
 */
export type PathPattern = `/${string}`;

/**
 * What each placeholder of a pattern matches on the hosts that take a regular expression (nginx, the bundled
 * server): its value's one definition, never "any segment". A target writes the placeholder into a Location
 * header, and nginx decodes `%0d%0a` before matching: a segment pattern such as `[^/]+` let a request set any
 * header (issue 35). The static hosts' syntax has no formats; their runtimes percent-encode what they write.
 */
const PLACEHOLDER_FORMATS: Readonly<Record<string, string>> = { wl: BRAND_KEY_FORMAT };

/** The format of placeholder `name`; a pattern naming one without a format is a mistake of the table. */
export function placeholderFormat(name: string): string {
  const format = PLACEHOLDER_FORMATS[name];
  if (format === undefined) throw new Error(`route table: placeholder :${name} has no format in PLACEHOLDER_FORMATS`);
  return format;
}

/** What a path serves besides a page of its own. */
export type RouteRow =
  /** A 302 to `to` (placeholders filled in), keeping the query string. */
  | { kind: 'redirect'; from: PathPattern; to: PathPattern; why: string }
  /** Status 404 with the not-found page `page` (a `404.html` in dist/); where `:wl` names no built brand, the site-wide one. */
  | { kind: 'not-found'; from: PathPattern; page: PathPattern; why: string };

/** The recovery flows spec 2.1 also names by short addresses. */
const RECOVERY_FLOWS = ['fps', 'fuid'] as const;

/**
 * What each path serves, in the order hosts try the rows, without the language prefix (every row holds for
 * `/de-DE/…` too: localizedRoutes). Pages are not rows: every `X.html` in dist/ answers `/X` on every host,
 * so a new page needs no rule. `/` and `/app/{wl}/` go to login (design.md): the servers answer 302, a static
 * host the redirect page built at that address, and an unknown brand's root is page-not-found.
 *
 * No row names a brand: the table, and every host's rules made from it, are the same size for 5 brands or
 * 1,000 (Cloudflare Pages takes 100 dynamic redirects).
 */
export const ROUTES: readonly RouteRow[] = [
  ...RECOVERY_FLOWS.flatMap((flow): RouteRow[] => [
    { kind: 'redirect', from: `/:wl/${flow}`, to: `/self-service/:wl/${flow}`, why: `spec 2.1 gives the page as /{wl}/${flow}` },
    { kind: 'redirect', from: `/self-service/:wl/*/${flow}`, to: `/self-service/:wl/${flow}`, why: `spec 2.1: self-service/**/${flow}` },
  ]),
  { kind: 'not-found', from: '/app/:wl/*', page: '/app/:wl/404', why: 'an unknown page of a brand, in its look' },
  { kind: 'not-found', from: '/self-service/:wl/*', page: '/self-service/:wl/404', why: 'an unknown self-service page of a brand, in its look' },
  { kind: 'not-found', from: '/*', page: '/404', why: 'anything else, in the default brand\'s look' },
];

/** A path's explicit language prefix ('' for the default language): the list's address rule. */
export { languagePrefix };

/** A row of the table for one language, with its prefix on both sides. */
export type LocalizedRoute = RouteRow & { language: Language };

/**
 * The table in every language, prefixed languages first: their paths also match the unprefixed rows' `/*`,
 * and hosts take the first row that matches.
 */
export function localizedRoutes(routes: readonly RouteRow[] = ROUTES): LocalizedRoute[] {
  const ordered = [...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE), DEFAULT_LANGUAGE];
  return ordered.flatMap((language) => routes.map((row): LocalizedRoute => {
    const prefix = languagePrefix(language);
    return row.kind === 'redirect'
      ? { ...row, language, from: `${prefix}${row.from}` as PathPattern, to: `${prefix}${row.to}` as PathPattern }
      : { ...row, language, from: `${prefix}${row.from}` as PathPattern, page: `${prefix}${row.page}` as PathPattern };
  }));
}

const escapeRegex = (text: string) => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

/**
 * A pattern as a regular expression with named groups (`splat` for `*`), as the bundled server reads it: a
 * placeholder matches its format only (Cloudflare's runtime takes any segment, and encodes it in Location).
 */
export function compilePattern(pattern: PathPattern): RegExp {
  const source = pattern.split('*').map(escapeRegex).join('(?<splat>.*)').replace(/:([A-Za-z]\w*)/g, (_whole, name: string) => `(?<${name}>${placeholderFormat(name)})`);
  return new RegExp(`^${source}$`);
}

/** `to` with the placeholders a match captured. */
export function fillPattern(to: PathPattern, params: Readonly<Record<string, string>>): string {
  return to.replace(/:([A-Za-z]\w*)/g, (whole, name: string) => params[name] ?? whole);
}

/**
 * The first row a path without its language prefix matches, with what its placeholders captured. The servers
 * match this way and then apply the language (the prefix, else the cookie); static hosts, which cannot read the
 * cookie, get every row per language (localizedRoutes).
 */
export function matchRoute<Row extends RouteRow>(path: string, routes: readonly Row[]): { row: Row; params: Record<string, string> } | undefined {
  for (const row of routes) {
    const match = compiledOf(row.from).exec(path);
    if (match) return { row, params: { ...match.groups } };
  }
  return undefined;
}

const compiled = new Map<PathPattern, RegExp>();
function compiledOf(pattern: PathPattern): RegExp {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = compilePattern(pattern);
    compiled.set(pattern, regex);
  }
  return regex;
}

/**
 * The paths that belong to the environment's services, not to the site: portal-login-service, SiteMinder's
 * login and password forms and its `/apps` targets, and the metrics endpoints of spec section 7. Every host
 * sends them there by its own mechanism (nginx's service location, Cloudflare's `_worker.js` with
 * `_routes.json`, Netlify's proxy rewrites in `_redirects`); a prefix covers itself and everything below it.
 */
export const SERVICE_PREFIXES = ['/portal-login-service', '/login', '/pw', '/apps', '/nxn-service', '/nxn-metrics', '/app/pmg', '/DPMonitor'] as const satisfies readonly PathPattern[];

/**
 * A service path that would read another way behind the host (issue 40): an empty segment, a backslash, an escaped
 * dot, slash, backslash, semicolon or percent (a double encoding), or a dot segment (`..;` too, which a Java service
 * reads as `..`; netlify dev decodes `..%3b` into it before its proxy). Tested against the path as it came, still percent-encoded (as a WHATWG URL's pathname keeps it): the
 * Cloudflare worker and the Netlify edge function answer it 400, as nginx does with the same rule written in
 * its own regex (scripts/deploy/portal.nginx.conf).
 */
export const AMBIGUOUS_SERVICE_PATH = /\/\/|\\|%2e|%2f|%5c|%25|%3b|\/\.\.?(?:[/;]|$)/i;

/** The emulator's inspection endpoints: `npm start` and `npm run dev` only, never routed by a host. */
const EMULATOR_PREFIX = '/__emulator';

/** Whether `path` is a service path (under one of SERVICE_PREFIXES). */
export const isServicePath = (path: string): boolean => SERVICE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/**
 * `text` in every spelling a path may give it: each character as written or percent-escaped, the escape's hex digits
 * in either case (`/apps`: `/apps`, `/%61pps`, `%2F%61%70%70%73`). A regex source in the syntax JavaScript, RE2 and
 * Netlify's routes share (no flags, no lookaround).
 */
function spelledEveryWay(text: string): string {
  // Prefixes are ASCII: one UTF-16 unit is one character and one byte.
  return Array.from({ length: text.length }, (_, index) => text.charAt(index)).map((char) => {
    const hex = char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0').replace(/[A-F]/g, (digit) => `[${digit}${digit.toLowerCase()}]`);
    return `(?:${char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|%${hex})`;
  }).join('');
}

/**
 * The paths as sent (still percent-encoded) under `prefix` once decoded (issue 40): the prefix, any of its characters
 * escaped, then the end or a slash, itself escaped or not. A regex source of a whole path (`^…$`).
 */
export const servicePathPattern = (prefix: (typeof SERVICE_PREFIXES)[number]): string => `^${spelledEveryWay(prefix)}(?:${spelledEveryWay('/')}.*)?$`;

/**
 * A path as sent that is a service path (isServicePath) once decoded, made from SERVICE_PREFIXES: `/%61pps/x` and
 * `/app%2fpmg/x` are `/apps/x` and `/app/pmg/x` to a host that decodes the path before it routes (Netlify's
 * rewrites do). A host whose check matches the path as sent checks every path its proxy takes only this way: the
 * Netlify edge function's routes and the Cloudflare worker take it, and then refuse AMBIGUOUS_SERVICE_PATH.
 */
export const SPELLED_SERVICE_PATH = new RegExp(SERVICE_PREFIXES.map((prefix) => `(?:${servicePathPattern(prefix)})`).join('|'));

/** The site's own folders beside the brands' pages: hashed assets, well-known files, the language folders. */
const SITE_PREFIXES: readonly PathPattern[] = ['/app', '/self-service', '/_astro', '/.well-known', ...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => languagePrefix(language) as PathPattern)];

/**
 * Brand keys no brand may take, with why: where a brand's key sits in an address (the `:wl` of the route table's
 * rows, `/app/:wl/…`, `/self-service/:wl/…`, `/:wl/fps`), a key equal to a segment the hosts route elsewhere
 * would send that brand's pages to a service (`pmg`: `/app/pmg/…` is the login metrics), to the emulator or to
 * the site's own folders (`login`: `/login/fps` would be SiteMinder's).
 */
export function reservedBrandKeys(routes: readonly RouteRow[] = ROUTES): ReadonlyMap<string, string> {
  const brandPlaces = new Set(routes.flatMap((row) => {
    const segments = row.from.split('/').slice(1);
    const at = segments.indexOf(':wl');
    return at < 0 ? [] : [segments.slice(0, at).join('/')];
  }));
  const taken: Array<[PathPattern, string]> = [
    ...SITE_PREFIXES.map((prefix): [PathPattern, string] => [prefix, 'a folder of the site itself']),
    ...SERVICE_PREFIXES.map((prefix): [PathPattern, string] => [prefix, 'a service path the hosts send to portal-login-service and SiteMinder']),
    [EMULATOR_PREFIX, 'the emulator\'s inspection path'],
  ];
  const reserved = new Map<string, string>();
  for (const [prefix, why] of taken) {
    const segments = prefix.split('/').slice(1);
    for (const place of brandPlaces) {
      const before = place === '' ? [] : place.split('/');
      const key = segments[before.length];
      if (key === undefined || segments.slice(0, before.length).join('/') !== before.join('/')) continue;
      if (!reserved.has(key)) reserved.set(key, `${prefix} is ${why}`);
    }
  }
  return reserved;
}
