// `npm run check:dist [-- <distDir>]`: is a built dist/ complete and clean enough to deploy?
// Every brand x language x page present, every referenced asset present, no absolute localhost
// URL, nothing of the emulator, every inline script and style allowed by its page's policy, every
// page, script and style with a `.gz` copy of exactly its bytes in dist-server/ (nginx sends it as is), and
// nothing in dist/ that a static host publishing it as is would serve but visitors must not get. One
// line per problem, exit code 1 on any. First it reports files and bytes per brand and in total, with a
// warning where a static host's per-deploy limits would be exceeded (warnings do not fail: nginx and the
// bundled server have no such limits).
import fg from 'fast-glob';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cspHash } from '../../src/hosting/csp.ts';
import { inlineElements, metaPolicyOf, policySources, readPortalHeaders } from '../../src/hosting/security-headers.ts';
import type { InlineElement } from '../../src/hosting/security-headers.ts';
import { brandOfFile, LANGUAGE_PREFIXES, serverDirOf } from '../../src/hosting/dist-layout.ts';
import { headerRuleCount, STATIC_HOST_LIMITS } from '../../src/hosting/page-headers.ts';
import { notFoundFiles, redirectRuleCounts, REDIRECT_LIMITS } from '../../src/hosting/host-routes.ts';
import { BUILD_INFO_FILE } from '../../src/config/build-environment.ts';
import { brandsInDist, RELATED_ORIGINS_PATH, readBuildInfo } from '../../src/hosting/environment-files.ts';
import { listBrandKeys, offeredLanguages } from '../../src/config/brand-keys.ts';
import { languagePrefix } from '../../src/domain/languages.ts';
import type { Language } from '../../src/domain/languages.ts';
import { relatedOriginLabelProblems } from '../../src/config/passkey-origins.ts';
import { BRAND_KEY_FORMAT } from '../../src/domain/brands.ts';
import { ROBOTS_TXT_PATH, SECURITY_TXT_PATH, securityTxtExpiry } from '../../src/hosting/site-files.ts';

/** Page files every brand has in every language (relative to the brand's folders). */
export const BRAND_PAGES = [
  'app/{wl}/login.html', 'app/{wl}/sorry.html', 'app/{wl}/logout.html', 'app/{wl}/ssoLogout.html',
  'app/{wl}/systemRequirements.html', 'app/{wl}/cookiePolicy.html', 'app/{wl}/pageNotFound.html', 'app/{wl}.html',
  'app/{wl}/termsOfUse.html', 'app/{wl}/accessDenied.html', 'app/{wl}/loggedOut.html', 'app/{wl}/samlError.html',
  'app/{wl}/sessionExpired.html', 'app/{wl}/systemUnavailable.html', 'app/{wl}/passkey.html',
  'self-service/{wl}/fps.html', 'self-service/{wl}/fuid.html', 'self-service/{wl}/fps-self-change-pw.html',
];

/** A short name of an element for a problem line: its opening tag and the start of its text. */
function describe(element: InlineElement): string {
  const start = element.text.slice(0, 40).replace(/\s+/g, ' ');
  return `${element.opening} "${start}${element.text.length > 40 ? '…' : ''}"`;
}

/** The CSP the site-wide `/*` rule of a `_headers` text sets: what a static host sends with every page. */
export function staticHostPolicy(headers: string): string | undefined {
  const siteWide = headers.split(/\n(?=\/)/).find((rule) => rule.startsWith('/*\n'));
  return /^\s*Content-Security-Policy:\s*(.+)$/m.exec(siteWide ?? '')?.[1]?.trim();
}

/** The policies every page is sent with besides its own meta policy, by where they come from. */
type HeaderPolicies = Array<[string, string | undefined]>;

/**
 * Inline scripts and styles whose hash one of the page's policies does not carry: the browser would refuse
 * them. Checks the meta policy in the page and the header policies the hosts send: the one in
 * `_portal-headers.json` (bundled server; nginx's is written with it) and the one in `_headers` (static hosts).
 */
function inlineHashProblems(file: string, html: string, headerPolicies: HeaderPolicies): string[] {
  // A missing header file is named once, not on every page.
  const policies: HeaderPolicies = [['meta policy', metaPolicyOf(html)], ...headerPolicies.filter(([, policy]) => policy !== undefined)];
  const problems: string[] = [];
  for (const [name, policy] of policies) {
    if (policy === undefined) {
      problems.push(`${file}: no ${name}`);
      continue;
    }
    for (const element of inlineElements(html)) {
      const hash = cspHash(element.text);
      const allowed = policySources(policy, element.tag === 'script' ? 'script-src' : 'style-src');
      if (!allowed.includes(`'${hash}'`)) problems.push(`${file}: ${describe(element)}: ${hash} is not in the ${name}`);
    }
  }
  return problems;
}

/**
 * The build writes pages' `.gz` copies as they render and Astro writes the pages: a copy that is missing
 * costs nginx a compression per request, and one that differs sends a visitor another page than the file.
 */
function compressedCopyProblems(file: string, copyPath: string, bytes: Buffer): string[] {
  if (!existsSync(copyPath)) return [`${file}: no .gz copy`];
  let copy: Buffer;
  try {
    copy = gunzipSync(readFileSync(copyPath));
  } catch {
    return [`${file}.gz: not gzip`];
  }
  return copy.equals(bytes) ? [] : [`${file}.gz: differs from ${file}: gzip_static would send other bytes than the file`];
}

/** The files a static host reads and does not serve: the only `_` files of dist/ outside `_astro/`. */
export const HOST_FILES = ['_headers', '_redirects', '_worker.js', '_routes.json'] as const;

/**
 * What in a dist/ a static host publishing it as is (a Git integration) would serve although it is not for
 * visitors: build metadata, nginx's includes, `.gz` copies, dotfiles. They belong in the server folder beside it.
 */
export function unpublishableFiles(distDir: string): string[] {
  return fg.sync('**/*', { cwd: distDir, dot: true })
    .filter((file) => file.endsWith('.gz') || file.split('/').some((part) => part.startsWith('.') && part !== '.well-known') || (/^_/.test(file) && !file.startsWith('_astro/') && !(HOST_FILES as readonly string[]).includes(file)))
    .sort()
    .map((file) => `${file}: not for visitors, and a static host publishing dist/ would serve it: the build writes it to ${relative(distDir, serverDirOf(distDir))}/`);
}

/** The brands a deploy must hold, and where that list comes from (for the problem's wording). */
export interface DeployBrands {
  brands: readonly string[];
  /** `brands/` (every brand folder) or `BRANDS` (a deploy split by brand sets names its set). */
  source: 'brands/' | 'BRANDS';
}

/**
 * The brands a deploy of this checkout must hold: the environment's `BRANDS` when it names a set (a deploy split by
 * brand sets, docs/deploy-at-scale.md), else every folder of `brandsDir`. Never the dist/'s own stamp: a preview's or
 * a subset's build says it holds one brand, and trusting it took every other brand offline (issue 44).
 */
export function deployBrands(brandsDir: string, variables: NodeJS.ProcessEnv = process.env): DeployBrands {
  const named = (variables['BRANDS'] ?? '').split(',').map((key) => key.trim()).filter(Boolean);
  return named.length > 0 ? { brands: [...new Set(named)].sort(), source: 'BRANDS' } : { brands: listBrandKeys(brandsDir), source: 'brands/' };
}

/**
 * The brands of the deploy that `distDir` lacks (no login page): one line, since a dist/ of one brand lacks hundreds.
 * check:dist and `npm run release` refuse such a dist/.
 */
export function missingBrandProblems(distDir: string, expected: DeployBrands): string[] {
  const held = new Set(brandsInDist(distDir));
  const missing = expected.brands.filter((brand) => !held.has(brand));
  if (missing.length === 0) return [];
  const names = `${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ` and ${String(missing.length - 10)} more` : ''}`;
  const from = expected.source === 'BRANDS' ? `BRANDS names` : 'brands/ has';
  const holds = held.size === 0 ? 'no brand' : [...held].sort().slice(0, 10).join(', ') + (held.size > 10 ? ` and ${String(held.size - 10)} more` : '');
  return [`app/: missing brands: ${from} ${String(expected.brands.length)} and this dist/ lacks ${String(missing.length)} of them (${names}); it holds ${holds}, as a build of some brands makes it: build every brand (npm run build) before a deploy, or for a deploy split by brand sets name the set in BRANDS`];
}

/** Every problem of a dist/ folder built for `brands`. */
export function checkDist(distDir: string, brands: readonly string[], languagesOf: (wl: string) => readonly Language[] = (wl) => offeredLanguages(process.env['PORTAL_BRANDS_DIR'] ?? join(import.meta.dirname, '../../brands'), wl)): string[] {
  if (!existsSync(distDir)) return [`${distDir}: missing: run npm run build`];
  const problems: string[] = [...unpublishableFiles(distDir)];
  const serverDir = serverDirOf(distDir);
  for (const include of ['_nginx-policy.conf', '_nginx-security-headers.conf', '_nginx-routes.conf', '_nginx-route-locations.conf']) {
    if (!existsSync(join(serverDir, include))) problems.push(`${relative(distDir, join(serverDir, include))}: missing: nginx's config includes it`);
  }
  for (const required of ['index.html', ...notFoundFiles(brands, undefined, languagesOf)]) {
    if (!existsSync(join(distDir, required))) problems.push(`${required}: missing page`);
  }
  for (const wl of brands) {
    for (const prefix of languagesOf(wl).map((language) => (languagePrefix(language) + '/').replace(/^\//, ''))) {
      for (const page of BRAND_PAGES) {
        const file = `${prefix}${page.replace('{wl}', wl)}`;
        if (!existsSync(join(distDir, file))) problems.push(`${file}: missing page`);
      }
    }
  }
  const serverPolicy = readPortalHeaders(distDir)?.['Content-Security-Policy'];
  if (!serverPolicy) problems.push(`${relative(distDir, join(serverDir, '_portal-headers.json'))}: missing: the servers would send no page policy`);
  const headersFile = join(distDir, '_headers');
  const hostPolicy = existsSync(headersFile) ? staticHostPolicy(readFileSync(headersFile, 'utf8')) : undefined;
  if (!hostPolicy) problems.push('_headers: no site-wide policy: static hosts would send no page policy');
  problems.push(...hostRuleProblems(distDir));
  problems.push(...environmentProblems(distDir));
  problems.push(...siteFileProblems(distDir));
  const headerPolicies: HeaderPolicies = [['header policy (_portal-headers.json)', serverPolicy], ['static-host policy (_headers)', hostPolicy]];
  for (const path of fg.sync('**/*', { cwd: distDir, absolute: true, dot: true })) {
    if (!/\.(html|js|css)$/.test(path)) continue;
    const file = relative(distDir, path);
    const bytes = readFileSync(path);
    const text = bytes.toString('utf8');
    // The hosts' own files are read by the host, never sent to a visitor: no copy to compress.
    if (!(HOST_FILES as readonly string[]).includes(file)) problems.push(...compressedCopyProblems(file, join(serverDir, `${file}.gz`), bytes));
    if (/https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?/i.test(text)) problems.push(`${file}: absolute localhost URL`);
    if (text.includes('/__emulator')) problems.push(`${file}: refers to the emulator`);
    if (file.endsWith('.html')) {
      for (const match of text.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)) {
        const asset = match[1] ?? '';
        if (!existsSync(join(distDir, asset))) problems.push(`${file}: missing asset ${asset}`);
      }
      problems.push(...inlineHashProblems(file, text, headerPolicies));
    }
  }
  return problems;
}

/**
 * The build's environment and passkey origins: a dist/ that does not say which environment it is for cannot be
 * told from another's, and an RP ID whose related origins span more registrable-domain labels than browsers
 * honour leaves the brands past the fifth label without their passkeys (named, to be moved).
 */
export function environmentProblems(distDir: string): string[] {
  let info;
  try {
    info = readBuildInfo(distDir);
  } catch (error) {
    return [`${BUILD_INFO_FILE}: unreadable: ${error instanceof Error ? error.message : String(error)}`];
  }
  if (!info) return [`${BUILD_INFO_FILE}: missing: no telling which environment this dist/ is for (rebuild it)`];
  const problems = relatedOriginLabelProblems(info.passkeys.rpId, info.passkeys.relatedOrigins);
  const file = join(distDir, RELATED_ORIGINS_PATH);
  if (!existsSync(file)) return [...problems, `${RELATED_ORIGINS_PATH}: missing`];
  const written = (JSON.parse(readFileSync(file, 'utf8')) as { origins?: unknown }).origins;
  const expected = info.passkeys.relatedOrigins.map(({ origin }) => origin);
  if (JSON.stringify(written) !== JSON.stringify(expected)) problems.push(`${RELATED_ORIGINS_PATH}: its origins differ from ${BUILD_INFO_FILE}'s for ${info.environment}`);
  return problems;
}

/**
 * The files every host serves beside the pages (src/config/site-files.json): robots.txt, and a security.txt
 * (RFC 9116) whose Expires has not passed, or is within 30 days of passing (rebuild before then), at `now`.
 */
export function siteFileProblems(distDir: string, now: number = Date.now()): string[] {
  const problems: string[] = [];
  if (!existsSync(join(distDir, ROBOTS_TXT_PATH))) problems.push(`${ROBOTS_TXT_PATH}: missing`);
  const file = join(distDir, SECURITY_TXT_PATH);
  if (!existsSync(file)) return [...problems, `${SECURITY_TXT_PATH}: missing`];
  const expires = securityTxtExpiry(readFileSync(file, 'utf8'));
  const soon = now + 30 * 24 * 60 * 60 * 1000;
  if (expires === undefined || Number.isNaN(expires.getTime())) problems.push(`${SECURITY_TXT_PATH}: no Expires (RFC 9116 requires one)`);
  else if (expires.getTime() <= soon) problems.push(`${SECURITY_TXT_PATH}: expires ${expires.toISOString()}, ${expires.getTime() <= now ? 'already past' : 'within 30 days'}: rebuild (the build sets it expiresDays ahead)`);
  return problems;
}

/**
 * What Cloudflare Pages refuses outright (it ignores the rules past its limits, so the site would answer
 * differently there): `_headers` over 100 rules or with a line over 2,000 characters, `_redirects` over 2,000
 * static or 100 dynamic rules or with a line over 1,000 characters. Problems, not warnings: the route table and
 * the one policy keep both files the same size for any number of brands.
 */
export function hostRuleProblems(distDir: string): string[] {
  const problems: string[] = [];
  const read = (file: string) => (existsSync(join(distDir, file)) ? readFileSync(join(distDir, file), 'utf8') : undefined);
  const headers = read('_headers');
  // A missing _headers is named with the policies (checkDist).
  if (headers !== undefined) {
    const rules = headerRuleCount(headers);
    const longest = Math.max(0, ...headers.split('\n').map((line) => line.length));
    if (rules > STATIC_HOST_LIMITS.rules) problems.push(`_headers: ${String(rules)} rules, over Cloudflare Pages' ${String(STATIC_HOST_LIMITS.rules)}`);
    if (longest > STATIC_HOST_LIMITS.lineLength) problems.push(`_headers: a ${String(longest)}-character line, over Cloudflare Pages' ${String(STATIC_HOST_LIMITS.lineLength)}`);
  }
  const redirects = read('_redirects');
  if (redirects === undefined) problems.push('_redirects: missing: static hosts would not serve the short addresses');
  else {
    const counts = redirectRuleCounts(redirects);
    if (counts.staticRules > REDIRECT_LIMITS.staticRules) problems.push(`_redirects: ${String(counts.staticRules)} static rules, over Cloudflare Pages' ${String(REDIRECT_LIMITS.staticRules)}`);
    if (counts.dynamicRules > REDIRECT_LIMITS.dynamicRules) problems.push(`_redirects: ${String(counts.dynamicRules)} dynamic rules, over Cloudflare Pages' ${String(REDIRECT_LIMITS.dynamicRules)}`);
    if (counts.longestLine > REDIRECT_LIMITS.lineLength) problems.push(`_redirects: a ${String(counts.longestLine)}-character rule, over Cloudflare Pages' ${String(REDIRECT_LIMITS.lineLength)}`);
  }
  const serverFile = join(serverDirOf(distDir), '_nginx-route-locations.conf');
  const locations = existsSync(serverFile) ? readFileSync(serverFile, 'utf8') : undefined;
  if (locations === undefined) problems.push('_nginx-route-locations.conf: missing: nginx would not serve the short addresses');
  else problems.push(...nginxCaptureProblems('_nginx-route-locations.conf', locations));
  return problems;
}

/** One capture group of a location's regular expression: its number, its name (if any) and its body. */
interface Capture {
  index: number;
  name: string | undefined;
  body: string;
}

/** The capture groups of a PCRE source, in the order nginx numbers them. */
export function capturesOf(source: string): Capture[] {
  const captures: Capture[] = [];
  // Each open parenthesis: the capture it opens (none for `(?:`, `(?=` ...) and where its body starts.
  const open: Array<{ capture: Capture | undefined; start: number }> = [];
  let inClass = false;
  for (let at = 0; at < source.length; at += 1) {
    const character = source[at];
    if (character === '\\') {
      at += 1;
    } else if (inClass) {
      if (character === ']') inClass = false;
    } else if (character === '[') {
      inClass = true;
      if (source[at + 1] === ']') at += 1;
    } else if (character === '(') {
      const named = /^\(\?P?<([A-Za-z_]\w*)>/.exec(source.slice(at));
      const capture = named !== null || source[at + 1] !== '?' ? { index: captures.length + 1, name: named?.[1], body: '' } : undefined;
      if (capture) captures.push(capture);
      open.push({ capture, start: at + (named ? named[0].length : 1) });
    } else if (character === ')') {
      const group = open.pop();
      if (group?.capture) group.capture.body = source.slice(group.start, at);
    }
  }
  return captures;
}

/** What a capture that reaches a header must never match: CR, LF, other controls, space, non-ASCII. */
const HEADER_BREAKERS = ['\r', '\n', '\r\nSet-Cookie: x=1', '\u0000', '\t', ' ', '\u007f', '\u0085', '\u00e9', '\u20ac', '\u2028'];

/** A literal alternation (`/de\-DE`, `a|b`): no class, wildcard or quantifier, so it matches only its own text. */
const LITERAL = /^(?:[A-Za-z0-9/_|-]|\\[-./])*$/;

/**
 * Locations of an nginx config whose capture can reach a header (issue 35: `[^/]+` matched a decoded CR LF, and
 * `return 302` wrote it into Location). A capture the location uses (`$1`, `$wl`) must be the brand key's format
 * (BRAND_KEY_FORMAT, its one definition) or a literal alternation, and must match none of HEADER_BREAKERS.
 * nginx's own checker (gixy) is on no registry here; this reads what the build generates.
 */
export function nginxCaptureProblems(file: string, config: string): string[] {
  const problems: string[] = [];
  for (const match of config.matchAll(/location\s+~\*?\s+(?:"((?:[^"\\]|\\.)*)"|(\S+))\s*\{([^}]*)\}/g)) {
    const source = match[1] ?? match[2] ?? '';
    const body = match[3] ?? '';
    for (const capture of capturesOf(source)) {
      const used = new RegExp(`\\$(?:${String(capture.index)}(?!\\d)${capture.name ? `|${capture.name}\\b|\\{${capture.name}\\}` : ''})`).test(body);
      if (!used) continue;
      const label = `${file}: location ~ "${source}": capture ${capture.name ? `$${capture.name}` : `$${String(capture.index)}`} (${capture.body})`;
      if (capture.body !== BRAND_KEY_FORMAT && !LITERAL.test(capture.body)) {
        problems.push(`${label} is neither the brand key's format (${BRAND_KEY_FORMAT}) nor a literal, and the location writes it into a header`);
        continue;
      }
      const whole = new RegExp(`^(?:${capture.body})$`);
      const breaker = HEADER_BREAKERS.find((text) => whole.test(text) || whole.test(`a${text}b`));
      if (breaker !== undefined) problems.push(`${label} matches ${JSON.stringify(breaker)}, and the location writes it into a header`);
    }
  }
  return problems;
}

/** Per-deploy limits of static hosts (Cloudflare Pages, the strictest): files, bytes per file, `_headers` rules. */
export const DEPLOY_LIMITS = { files: 20_000, fileBytes: 25 * 1024 * 1024, headerRules: STATIC_HOST_LIMITS.rules } as const;

export interface DeployReport {
  /** Files and bytes by brand; what all brands share under ''. */
  byBrand: Map<string, { files: number; bytes: number }>;
  total: { files: number; bytes: number };
  headerRules: number;
  /** `_redirects` rules as Cloudflare Pages counts them. */
  redirectRules: { staticRules: number; dynamicRules: number };
  /** Where a static host's per-deploy limits would be exceeded. */
  warnings: string[];
}

/** What a deploy of `distDir` uploads, by brand, against the static hosts' limits. */
export function deployReport(distDir: string, limits: { files: number; fileBytes: number; headerRules: number } = DEPLOY_LIMITS): DeployReport {
  const byBrand = new Map<string, { files: number; bytes: number }>();
  const total = { files: 0, bytes: 0 };
  const warnings: string[] = [];
  for (const entry of fg.sync('**/*', { cwd: distDir, dot: true, stats: true })) {
    const bytes = entry.stats?.size ?? 0;
    const brand = brandOfFile(entry.path) ?? '';
    const sum = byBrand.get(brand) ?? { files: 0, bytes: 0 };
    byBrand.set(brand, { files: sum.files + 1, bytes: sum.bytes + bytes });
    total.files += 1;
    total.bytes += bytes;
    if (bytes > limits.fileBytes) warnings.push(`${entry.path}: ${String(bytes)} bytes, over a static host's ${String(limits.fileBytes)} per file`);
  }
  if (total.files > limits.files) {
    warnings.push(`${String(total.files)} files, over a static host's ${String(limits.files)} per deploy: split the deploy by brand sets (docs/deploy-at-scale.md)`);
  }
  const headersFile = join(distDir, '_headers');
  const headerRules = existsSync(headersFile) ? headerRuleCount(readFileSync(headersFile, 'utf8')) : 0;
  if (headerRules > limits.headerRules) warnings.push(`_headers: ${String(headerRules)} rules, over a static host's ${String(limits.headerRules)}`);
  const redirectsFile = join(distDir, '_redirects');
  const { staticRules, dynamicRules } = redirectRuleCounts(existsSync(redirectsFile) ? readFileSync(redirectsFile, 'utf8') : '');
  return { byBrand, total, headerRules, redirectRules: { staticRules, dynamicRules }, warnings };
}

/** The report as lines: a row per brand, the shared files, the total, then each warning. */
export function formatDeployReport(report: DeployReport): string[] {
  const row = (name: string, { files, bytes }: { files: number; bytes: number }) => `${name.padEnd(24)} ${String(files).padStart(7)} ${String(bytes).padStart(12)}`;
  const brands = [...report.byBrand].filter(([brand]) => brand !== '').sort(([a], [b]) => a.localeCompare(b));
  return [
    `${'brand'.padEnd(24)} ${'files'.padStart(7)} ${'bytes'.padStart(12)}`,
    ...brands.map(([brand, sum]) => row(brand, sum)),
    row('(shared)', report.byBrand.get('') ?? { files: 0, bytes: 0 }),
    row('total', report.total),
    `_headers: ${String(report.headerRules)} rules`,
    `_redirects: ${String(report.redirectRules.staticRules)} static and ${String(report.redirectRules.dynamicRules)} dynamic rules`,
    ...report.warnings.map((warning) => `warning: ${warning}`),
  ];
}

function readBuildInfoQuietly(distDir: string) {
  try {
    return readBuildInfo(distDir);
  } catch {
    return undefined;
  }
}

/** The brands a dist/ was built for: its build stamp's subset, else BRANDS, else every brand of brands/. */
export function brandsOfDist(distDir: string, root: string = join(import.meta.dirname, '..', '..')): string[] {
  const stamp = join(serverDirOf(distDir), '.portal-build-stamp');
  const subset = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : process.env['BRANDS'] ?? '';
  return subset
    ? subset.split(',').map((key) => key.trim()).filter(Boolean)
    : readdirSync(join(root, 'brands')).filter((entry) => !entry.startsWith('_') && statSync(join(root, 'brands', entry)).isDirectory());
}

if (import.meta.main) {
  const root = join(import.meta.dirname, '..', '..');
  const distDir = process.argv[2] ?? join(root, 'dist');
  const expected = deployBrands(process.env['PORTAL_BRANDS_DIR'] ?? join(root, 'brands'));
  const missing = existsSync(distDir) ? missingBrandProblems(distDir, expected) : [];
  // The pages of the brands the dist/ holds are checked; a missing brand is one line, not 36 missing pages.
  const held = new Set(existsSync(distDir) ? brandsInDist(distDir) : []);
  const brands = missing.length === 0 ? expected.brands : expected.brands.filter((brand) => held.has(brand));
  const problems = [...missing, ...checkDist(distDir, brands)];
  if (existsSync(distDir)) for (const line of formatDeployReport(deployReport(distDir))) console.log(line);
  const environment = existsSync(distDir) ? readBuildInfoQuietly(distDir) : undefined;
  if (environment) console.log(`built for ${environment.environment}${environment.passkeys.rpId ? `: passkey RP ID ${environment.passkeys.rpId}, related origins ${environment.passkeys.relatedOrigins.map(({ origin }) => origin).join(' ') || '(none)'}` : ''}`);
  for (const problem of problems) console.log(problem);
  console.log(problems.length === 0 ? `dist/ is complete: ${brands.length} brands x ${LANGUAGE_PREFIXES.length} languages x ${BRAND_PAGES.length} pages.` : `${problems.length} problem(s).`);
  process.exit(problems.length === 0 ? 0 : 1);
}
