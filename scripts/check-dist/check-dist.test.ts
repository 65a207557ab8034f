import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { cspHash } from '../../src/hosting/csp.ts';
import { staticHostHeaders } from '../../src/hosting/page-headers.ts';
import { nginxRoutes, notFoundFiles, staticHostRedirects } from '../../src/hosting/host-routes.ts';
import { serverDirOf } from '../../src/hosting/dist-layout.ts';
import { writeBuildInfo } from '../../src/hosting/environment-files.ts';
import { securityTxtExpiry, siteFiles } from '../../src/hosting/site-files.ts';
import { BRAND_KEY_FORMAT } from '../../src/domain/brands.ts';
import { makeRelease } from '../deploy/release.ts';
import { BRAND_PAGES, checkDist, deployBrands, deployReport, missingBrandProblems, DEPLOY_LIMITS, formatDeployReport, hostRuleProblems, nginxCaptureProblems, siteFileProblems } from './check-dist.ts';

const THEME = ':root{--c:#000}';
const LANGUAGE_CHECK = "document.documentElement.className+=' js';";
const POLICY = `default-src 'self'; script-src 'self' '${cspHash(LANGUAGE_CHECK)}'; style-src 'self' '${cspHash(THEME)}'`;

/** A built page as Astro writes it: the meta policy first, then its inline script and style. */
const page = (body = '', policy = POLICY) =>
  `<html><head><meta http-equiv="content-security-policy" content="${policy.replaceAll("'", '&#39;')}"><script>${LANGUAGE_CHECK}</script><style>${THEME}</style><link href="/_astro/a.css"></head><body>${body}</body></html>`;

/**
 * The header and route files a build writes: the one page policy for static hosts in dist/, and beside it, in
 * the server folder, for the bundled server, with nginx's includes.
 */
function writeHeaders(dir: string, serverPolicy = `${POLICY}; frame-ancestors 'none'`, hostPolicy = serverPolicy): void {
  const server = serverDirOf(dir);
  mkdirSync(server, { recursive: true });
  writeFileSync(join(server, '_portal-headers.json'), JSON.stringify({ page: { 'Content-Security-Policy': serverPolicy } }));
  for (const include of ['_nginx-policy.conf', '_nginx-security-headers.conf']) writeFileSync(join(server, include), '# nginx');
  writeFileSync(join(server, '_nginx-routes.conf'), nginxRoutes().http);
  writeFileSync(join(server, '_nginx-route-locations.conf'), nginxRoutes().server);
  writeFileSync(join(dir, '_headers'), staticHostHeaders(hostPolicy));
  writeFileSync(join(dir, '_redirects'), staticHostRedirects());
  // What the build says of itself (its environment) and the related-origins file it writes with it.
  writeBuildInfo(dir, { environment: 'PRODUCTION', commit: 'abc123', passkeys: { rpId: 'portal.nxn.example', allowedOrigins: ['https://portal.nxn.example'], relatedOrigins: [] } });
  mkdirSync(join(dir, '.well-known'), { recursive: true });
  writeFileSync(join(dir, '.well-known/webauthn'), JSON.stringify({ origins: [] }));
  for (const [file, text] of Object.entries(siteFiles(join(import.meta.dirname, '../..'), 'PRODUCTION'))) writeFileSync(join(dir, file), text);
}

/** Writes a text file of a dist/ with its `.gz` copy in the server folder, as the build does. */
function put(dir: string, file: string, text: string, compressed = true): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
  if (!compressed) return;
  mkdirSync(dirname(join(serverDirOf(dir), file)), { recursive: true });
  writeFileSync(join(serverDirOf(dir), `${file}.gz`), gzipSync(text));
}

/** A complete dist/ of brand nxn; without `compressed`, with no `.gz` copies (the deploy report counts files). */
function fakeDist(compressed = true): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  const write = (file: string, text = page()) => {
    put(dir, file, text, compressed);
  };
  write('_astro/a.css', 'body{}');
  write('index.html');
  // The route table's not-found pages: the site-wide 404.html in each language and each brand folder's.
  for (const file of notFoundFiles(['nxn'])) write(file);
  for (const prefix of ['', 'de-DE/']) for (const page of BRAND_PAGES) write(`${prefix}${page.replace('{wl}', 'nxn')}`);
  writeHeaders(dir);
  return dir;
}

test('accepts a complete dist', () => {
  expect(checkDist(fakeDist(), ['nxn'])).toEqual([]);
});

test('finds a page whose .gz copy is missing, broken or of other bytes', () => {
  const dir = fakeDist();
  rmSync(join(serverDirOf(dir), 'app/nxn/login.html.gz'));
  writeFileSync(join(serverDirOf(dir), 'app/nxn/logout.html.gz'), 'not gzip');
  writeFileSync(join(serverDirOf(dir), 'app/nxn/sorry.html.gz'), gzipSync(page('<p>an older build</p>')));
  expect(checkDist(dir, ['nxn']).sort()).toEqual([
    'app/nxn/login.html: no .gz copy',
    'app/nxn/logout.html.gz: not gzip',
    'app/nxn/sorry.html.gz: differs from app/nxn/sorry.html: gzip_static would send other bytes than the file',
  ]);
});

test('names a removed page', () => {
  const dir = fakeDist();
  rmSync(join(dir, 'de-DE/self-service/nxn/fuid.html'));
  expect(checkDist(dir, ['nxn'])).toEqual(['de-DE/self-service/nxn/fuid.html: missing page']);
});

test('names a missing asset, a localhost URL and an emulator reference', () => {
  const dir = fakeDist();
  put(dir, 'app/nxn/sorry.html', page('<script src="/_astro/gone.js"></script><a href="http://localhost:4321/x">x</a>'));
  put(dir, '_astro/a.css', 'a{background:url(/__emulator/outbox)}');
  expect(checkDist(dir, ['nxn']).sort()).toEqual([
    '_astro/a.css: refers to the emulator',
    'app/nxn/sorry.html: absolute localhost URL',
    'app/nxn/sorry.html: missing asset /_astro/gone.js',
  ]);
});

test('names a brand that was not built', () => {
  expect(checkDist(fakeDist(), ['nxn', 'acme'])).toContain('app/acme/login.html: missing page');
});

test('names the page and the element of an inline script whose hash is in none of its policies', () => {
  const dir = fakeDist();
  const late = "(function(){document.getElementById('legacy-browser').removeAttribute('hidden');})();";
  put(dir, 'app/nxn/login.html', page(`<script nomodule>${late}</script>`));
  expect(checkDist(dir, ['nxn'])).toEqual([
    `app/nxn/login.html: <script nomodule> "(function(){document.getElementById('leg…": ${cspHash(late)} is not in the meta policy`,
    `app/nxn/login.html: <script nomodule> "(function(){document.getElementById('leg…": ${cspHash(late)} is not in the header policy (_portal-headers.json)`,
    `app/nxn/login.html: <script nomodule> "(function(){document.getElementById('leg…": ${cspHash(late)} is not in the static-host policy (_headers)`,
  ]);
});

test('checks inline styles against style-src, and each header policy on its own', () => {
  const withoutTheme = `default-src 'self'; script-src 'self' '${cspHash(LANGUAGE_CHECK)}'; style-src 'self'; frame-ancestors 'none'`;
  // The server's policy lost the theme's hash (say, written from a stale build): the meta policy alone is not enough.
  const dir = fakeDist();
  writeHeaders(dir, withoutTheme, `${POLICY}; frame-ancestors 'none'`);
  const problems = checkDist(dir, ['nxn']);
  // Every page: the brand's in both languages, its two not-found pages in each, index.html and the two site-wide 404.html.
  expect(problems).toHaveLength(2 * (BRAND_PAGES.length + 2) + 3);
  expect(problems).toContain(`app/nxn/sorry.html: <style> ":root{--c:#000}": ${cspHash(THEME)} is not in the header policy (_portal-headers.json)`);
  // The same for the policy static hosts send.
  writeHeaders(dir, `${POLICY}; frame-ancestors 'none'`, withoutTheme);
  expect(checkDist(dir, ['nxn'])).toContain(`404.html: <style> ":root{--c:#000}": ${cspHash(THEME)} is not in the static-host policy (_headers)`);
});

test('names missing header files once', () => {
  const dir = fakeDist();
  rmSync(join(serverDirOf(dir), '_portal-headers.json'));
  rmSync(join(serverDirOf(dir), '_nginx-routes.conf'));
  rmSync(join(dir, '_headers'));
  const server = `../${serverDirOf(dir).split('/').at(-1) ?? ''}`;
  expect(checkDist(dir, ['nxn'])).toEqual([
    `${server}/_nginx-routes.conf: missing: nginx's config includes it`,
    `${server}/_portal-headers.json: missing: the servers would send no page policy`,
    '_headers: no site-wide policy: static hosts would send no page policy',
  ]);
});

test('dist/ holds only what a static host may publish as is: the build\'s own files and the .gz copies are named where they appear', () => {
  const dir = fakeDist();
  const server = serverDirOf(dir);
  // As the layout before the server folder had it: everything in one dist/.
  cpSync(server, dir, { recursive: true });
  writeFileSync(join(dir, '.portal-build-stamp'), '');
  writeFileSync(join(dir, '_worker.js'), 'export default {}');
  writeFileSync(join(dir, '_routes.json'), '{}');
  const misplaced = checkDist(dir, ['nxn']).filter((problem) => problem.includes('not for visitors'));
  expect(misplaced).toContain(`.portal-build-stamp: not for visitors, and a static host publishing dist/ would serve it: the build writes it to ../${server.split('/').at(-1) ?? ''}/`);
  expect(misplaced.map((problem) => problem.split(':')[0])).toEqual(expect.arrayContaining(['_portal-headers.json', '_nginx-policy.conf', '_nginx-security-headers.conf', '_nginx-routes.conf', '_nginx-route-locations.conf', 'app/nxn/login.html.gz', '_astro/a.css.gz', '404.html.gz']));
  // The hosts' own files (read, never served) are not named.
  expect(misplaced.filter((problem) => /^_(headers|redirects|worker\.js|routes\.json):/.test(problem))).toEqual([]);
});

test('a script data block is not run, so it needs no hash; a page without a policy is named', () => {
  const dir = fakeDist();
  put(dir, 'app/nxn/logout.html', page('<script type="application/json">{"a":1}</script>'));
  put(dir, 'app/nxn/ssoLogout.html', `<html><script>${LANGUAGE_CHECK}</script></html>`);
  expect(checkDist(dir, ['nxn'])).toEqual(['app/nxn/ssoLogout.html: no meta policy']);
});

test('the deploy report counts files and bytes per brand, shared and in total', () => {
  const dir = fakeDist(false);
  put(dir, '_astro/theme-nxn.abc123.css', ':root{}', false);
  const report = deployReport(dir);
  const pageBytes = Buffer.byteLength(page());
  // 34 pages, the brand folders' four not-found pages and the theme are nxn's; index, the two site-wide 404s,
  // a.css, the three header and route files, the related-origins file, robots.txt and security.txt are shared (the build
  // information is in dist-server/).
  expect(report.byBrand.get('nxn')).toEqual({ files: 2 * (BRAND_PAGES.length + 2) + 1, bytes: 2 * (BRAND_PAGES.length + 2) * pageBytes + 7 });
  expect(report.byBrand.get('')?.files).toBe(9);
  expect(report.total.files).toBe(2 * (BRAND_PAGES.length + 2) + 10);
  expect(report.headerRules).toBe(3);
  expect(report.redirectRules).toEqual({ staticRules: 0, dynamicRules: 8 });
  expect(report.warnings).toEqual([]);
  expect(formatDeployReport(report).slice(-3)).toEqual([expect.stringMatching(/^total\s+50\s+\d+$/), '_headers: 3 rules', '_redirects: 0 static and 8 dynamic rules']);
});

test('the deploy report warns where a static host\'s limits would be exceeded', () => {
  const dir = fakeDist(false);
  const limits = { files: 10, fileBytes: 1000, headerRules: 1 };
  put(dir, '_astro/big.js', 'x'.repeat(1001), false);
  expect(deployReport(dir, limits).warnings).toEqual([
    '_astro/big.js: 1001 bytes, over a static host\'s 1000 per file',
    '50 files, over a static host\'s 10 per deploy: split the deploy by brand sets (docs/deploy-at-scale.md)',
    '_headers: 3 rules, over a static host\'s 1',
  ]);
  expect(DEPLOY_LIMITS).toEqual({ files: 20_000, fileBytes: 25 * 1024 * 1024, headerRules: 100 });
});

test('check:dist refuses an nginx location whose capture can reach a header (issue 35)', () => {
  const file = '_nginx-route-locations.conf';
  // The location the build wrote before: `[^/]+` matched a decoded CR LF, which `return 302` put into Location.
  const splitting = 'location ~ "^(?<lang>/de\\-DE)?/(?<wl>[^/]+)/fps$" { return 302 $lang/self-service/$wl/fps$is_args$args; }';
  expect(nginxCaptureProblems(file, splitting)).toEqual([expect.stringMatching(/capture \$wl \(\[\^\/\]\+\) is neither the brand key's format/)]);
  expect(nginxCaptureProblems(file, 'location ~ ^/go/(.*)$ { return 301 /to/$1; }')).toHaveLength(1);
  // A look-alike format that lets a CR through is refused however it is written.
  expect(nginxCaptureProblems(file, 'location ~ "^/(?<wl>[a-z\\r\\n]+)/fps$" { return 302 /x/$wl; }')).toHaveLength(1);
  // A capture that no header reads, a literal alternation and the brand key's own format pass.
  expect(nginxCaptureProblems(file, 'location ~ ^/(.*)/x$ { return 404; }')).toEqual([]);
  expect(nginxCaptureProblems(file, `location ~ "^(/de-DE)?/(?<wl>${BRAND_KEY_FORMAT})/fps$" { return 302 $1/self-service/$wl/fps; }`)).toEqual([]);
  expect(nginxCaptureProblems(file, nginxRoutes().server)).toEqual([]);
  // A dist/ without the file, or with a splitting location, is refused.
  const dir = mkdtempSync(join(tmpdir(), 'nginx-captures-'));
  try {
    writeFileSync(join(dir, '_redirects'), staticHostRedirects());
    expect(hostRuleProblems(dir)).toEqual([`${file}: missing: nginx would not serve the short addresses`]);
    mkdirSync(serverDirOf(dir), { recursive: true });
    writeFileSync(join(serverDirOf(dir), file), splitting);
    expect(hostRuleProblems(dir)).toEqual(nginxCaptureProblems(file, splitting));
    expect(hostRuleProblems(dir)).toHaveLength(1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('names a missing robots.txt and a security.txt that is missing, without Expires, or expiring within 30 days', () => {
  const dir = fakeDist();
  const day = 24 * 60 * 60 * 1000;
  expect(siteFileProblems(dir)).toEqual([]);
  const expires = securityTxtExpiry(readFileSync(join(dir, '.well-known/security.txt'), 'utf8'))?.getTime() ?? 0;
  expect(siteFileProblems(dir, expires - 31 * day)).toEqual([]);
  expect(siteFileProblems(dir, expires - 29 * day)).toEqual([`.well-known/security.txt: expires ${new Date(expires).toISOString()}, within 30 days: rebuild (the build sets it expiresDays ahead)`]);
  expect(siteFileProblems(dir, expires + day)).toEqual([`.well-known/security.txt: expires ${new Date(expires).toISOString()}, already past: rebuild (the build sets it expiresDays ahead)`]);
  writeFileSync(join(dir, '.well-known/security.txt'), 'Contact: mailto:security@nxn.example\n');
  rmSync(join(dir, 'robots.txt'));
  expect(checkDist(dir, ['nxn'])).toEqual(['robots.txt: missing', '.well-known/security.txt: no Expires (RFC 9116 requires one)']);
});

test('refuses a dist/ that lacks a brand of brands/, as a preview or a subset build leaves it, and release refuses it too (issue 44)', { timeout: 60_000 }, () => {
  const brands = mkdtempSync(join(tmpdir(), 'brands-'));
  for (const key of ['_defaults', 'cwa', 'harbor', 'nxn']) mkdirSync(join(brands, key));
  const expected = deployBrands(brands, {});
  expect(expected).toEqual({ brands: ['cwa', 'harbor', 'nxn'], source: 'brands/' });
  const dist = fakeDist();
  const lacking = 'app/: missing brands: brands/ has 3 and this dist/ lacks 2 of them (cwa, harbor); it holds nxn, as a build of some brands makes it: build every brand (npm run build) before a deploy, or for a deploy split by brand sets name the set in BRANDS';
  expect(missingBrandProblems(dist, expected)).toEqual([lacking]);
  // A deploy split by brand sets names its set; what the set lacks is named against BRANDS.
  expect(missingBrandProblems(dist, deployBrands(brands, { BRANDS: 'nxn' }))).toEqual([]);
  expect(missingBrandProblems(dist, deployBrands(brands, { BRANDS: 'nxn, harbor' }))).toEqual([
    'app/: missing brands: BRANDS names 2 and this dist/ lacks 1 of them (harbor); it holds nxn, as a build of some brands makes it: build every brand (npm run build) before a deploy, or for a deploy split by brand sets name the set in BRANDS',
  ]);
  const releases = mkdtempSync(join(tmpdir(), 'releases-'));
  expect(() => makeRelease({ dist, releases, host: 'nginx', brands: expected })).toThrow(`${dist} is not a whole build: ${lacking}`);
  expect(existsSync(join(releases, 'current'))).toBe(false);
  // The commands, as ops run them: check:dist and release read brands/ (PORTAL_BRANDS_DIR here) and refuse.
  const run = (script: string, args: string[]) => spawnSync(process.execPath, [join(import.meta.dirname, '..', script), ...args], {
    encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', PORTAL_BRANDS_DIR: brands },
  });
  const check = run('check-dist/check-dist.ts', [dist]);
  expect(check.status).toBe(1);
  expect(check.stdout).toContain(`${lacking}\n1 problem(s).`);
  const release = run('deploy/release.ts', ['nginx', releases, '--dist', dist]);
  expect(release.status).toBe(1);
  expect(release.stderr.trim()).toBe(`${dist} is not a whole build: ${lacking}`);
});
