import { parseAllHeaders } from '@netlify/headers-parser';
import { expect, test } from '@playwright/test';
import type { APIResponse } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { HOSTS_DIR } from './hosts.ts';
import type { HostName } from './hosts.ts';

// The same checks against every host of one build (projects: server, nginx, cloudflare, netlify), as a visitor
// or a cache sees them: nothing here knows which host answers, except where a host's own dev runtime is known
// to differ from the host, each named with its reason.

const host = () => test.info().project.name as HostName;

/** Every value the answer carries for a header, however many times it was sent. */
const values = (response: APIResponse, name: string) =>
  response.headersArray().filter((header) => header.name.toLowerCase() === name).map((header) => header.value);

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

function expectSecurityHeaders(response: APIResponse, label: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(values(response, name), `${label} ${name}`).toEqual([value]);
  expect(values(response, 'permissions-policy'), label).toHaveLength(1);
  const csp = values(response, 'content-security-policy');
  expect(csp, label).toHaveLength(1);
  expect(csp[0], label).toContain("frame-ancestors 'none'");
}

/** A page or a 404 is revalidated on every visit, so a deploy takes effect at once: never immutable, never a max-age above 0. */
function expectRevalidated(response: APIResponse, label: string): void {
  const cacheControl = values(response, 'cache-control').join(', ');
  expect(cacheControl, label).not.toContain('immutable');
  expect(cacheControl, label).toMatch(/no-cache|no-store|max-age=0\b/);
  expect(cacheControl, label).not.toMatch(/max-age=[1-9]/);
}

/** The not-found page's brand and language, read from the answer. */
test('pages, not-found answers and redirects carry every security header once, and HTML is revalidated', async ({ request }) => {
  for (const path of ['/app/nxn/login?SMQUERYDATA=x', '/de-DE/self-service/harbor/fps', '/app/cwa/no-such-page', '/nope']) {
    const response = await request.get(path);
    expectSecurityHeaders(response, path);
    expectRevalidated(response, path);
  }
  const redirect = await request.get('/nxn/fps', { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  // netlify dev answers its redirects without the _headers rules (docs/deploy-netlify.md); the others send them.
  if (host() !== 'netlify') expect(values(redirect, 'strict-transport-security')).toEqual([SECURITY_HEADERS['strict-transport-security']]);
});

// A monitor must see the release being served, not an hour-old answer (the bundled server sent max-age=3600 on every
// file but pages and chunks; the other hosts revalidate all of them).
test('the files a monitor or a crawler reads are revalidated, the health file naming the commit', async ({ request }) => {
  for (const path of ['/health.json', '/robots.txt', '/.well-known/security.txt']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expectRevalidated(response, path);
  }
  expect(await (await request.get('/health.json')).json()).toMatchObject({ status: 'ok', commit: expect.stringMatching(/^[0-9a-f]{40}$/u) });
});

test('hashed assets are immutable and answer as they are', async ({ request }) => {
  const html = await (await request.get('/app/nxn/login?SMQUERYDATA=x')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  expect(assets.length).toBeGreaterThan(1);
  for (const asset of assets) {
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    expectSecurityHeaders(response, asset);
    if (host() === 'netlify') {
      // netlify dev's static server sends its own `public, max-age=0` over every file's Cache-Control (a deploy
      // does not): what Netlify sends is what its own parser makes of the release's _headers.
      expect(await netlifyHeader(asset, 'Cache-Control'), asset).toBe('public, max-age=31536000, immutable');
    } else {
      expect(values(response, 'cache-control'), asset).toEqual(['public, max-age=31536000, immutable']);
    }
  }
});

/** The value Netlify's own header rules (@netlify/headers-parser, as netlify-cli matches them) give `path`. */
async function netlifyHeader(path: string, name: string): Promise<string | undefined> {
  const release = join(HOSTS_DIR, 'netlify', readdirSync(join(HOSTS_DIR, 'netlify')).find((entry) => entry !== 'current' && !entry.startsWith('.')) ?? '');
  const { headers } = await parseAllHeaders({ headersFiles: [join(release, 'site', '_headers')], configHeaders: [], minimal: false });
  // The package's own types do not resolve (its package.json names a .d.js); this is the shape it returns.
  const rules = headers as unknown as Array<{ forRegExp: RegExp; values: Record<string, string> }>;
  const matching = rules.filter((rule) => rule.forRegExp.test(path)).map((rule) => rule.values);
  return (Object.assign({}, ...matching) as Record<string, string>)[name];
}

/** Unknown addresses in and out of brand folders, and the brand and language of the page each must answer with. */
const NOT_FOUND: Array<{ path: string; cookie?: string; brand: string; language: string }> = [
  { path: '/app/harbor/no-such-page', brand: 'harbor', language: 'en-US' },
  { path: '/de-DE/app/nxn/no-such-page', brand: 'nxn', language: 'de-DE' },
  { path: '/self-service/cwa/no/such/page', brand: 'cwa', language: 'en-US' },
  { path: '/de-DE/self-service/summit/nope', brand: 'summit', language: 'de-DE' },
  { path: '/app/no-such-brand/login', brand: 'nxn', language: 'en-US' },
  { path: '/de-DE/app/foo/bar', brand: 'nxn', language: 'de-DE' },
  { path: '/de-DE/nope', brand: 'nxn', language: 'de-DE' },
  { path: '/nope?x=1', brand: 'nxn', language: 'en-US' },
  { path: '/app/nxn/login.html.gz', brand: 'nxn', language: 'en-US' },
];

test('an unknown address answers 404 with the not-found page of its brand (else the default brand) in its language', async ({ page, context }) => {
  const wrong: string[] = [];
  for (const { path, brand, language } of NOT_FOUND) {
    // As a visitor sees it: Netlify answers an unknown brand under /de-DE/ with the site's /404.html, which shows
    // its German body there (src/lib/language-variant.ts). A fresh visitor each time: a German page sets the
    // language cookie for the session.
    await context.clearCookies();
    const response = await page.goto(path);
    const seen = await page.evaluate(() => ({ brand: document.body.dataset.brand ?? '', language: document.documentElement.lang, heading: document.querySelector('h1')?.textContent ?? '' }));
    const heading = language === 'de-DE' ? 'Seite nicht gefunden' : 'Page Not Found';
    if (response?.status() !== 404 || seen.brand !== brand || seen.language !== language || seen.heading !== heading) {
      wrong.push(`${path}: ${String(response?.status())} ${seen.brand} ${seen.language} ${seen.heading}`);
    }
  }
  expect(wrong).toEqual([]);
});

test('the language cookie gives the German page, and the German not-found page, at an address without a language', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: baseURL ?? '' }]);
  await page.goto('/app/harbor/login?SMQUERYDATA=cookie');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.locator('body')).toHaveAttribute('data-brand', 'harbor');
  // A server answers at the same address; a static host's pre-paint script moves to the explicit-language one.
  await expect(page).toHaveURL(/\/app\/harbor\/login\?SMQUERYDATA=cookie$/);
  const notFound = await page.goto('/app/harbor/no-such-page');
  expect(notFound?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  await expect(page.locator('body')).toHaveAttribute('data-brand', 'harbor');
  await expect(page.getByTestId('header-login')).toHaveAttribute('href', '/de-DE/app/harbor/login');
  // An unknown brand: the default brand's not-found page, still in German (Netlify: the site's /404.html).
  await page.goto('/app/foo/bar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByTestId('header-login')).toHaveAttribute('href', '/de-DE/app/nxn/login');
});

test('the short addresses of the recovery pages lead to them for any brand, keeping the query and the language', async ({ request }) => {
  const cases = [
    ['/nxn/fps?FTUF=Y', '/self-service/nxn/fps?FTUF=Y'],
    ['/harbor/fuid', '/self-service/harbor/fuid'],
    ['/self-service/nxn/extra/fps?a=1', '/self-service/nxn/fps?a=1'],
    ['/self-service/summit/a/b/fuid', '/self-service/summit/fuid'],
    ['/de-DE/cwa/fps', '/de-DE/self-service/cwa/fps'],
    ['/de-DE/self-service/brightpath529/x/fuid', '/de-DE/self-service/brightpath529/fuid'],
  ];
  for (const [from = '', to = ''] of cases) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(302);
    expect(new URL(response.headers()['location'] ?? '', 'http://host').pathname + new URL(response.headers()['location'] ?? '', 'http://host').search, from).toBe(to);
    expect((await request.get(to)).status(), to).toBe(200);
  }
});

test('the WebAuthn related-origins file is served as JSON, the health file too, and /.well-known/ is not a hidden dotfile', async ({ request }) => {
  const webauthn = await request.get('/.well-known/webauthn');
  expect(webauthn.status()).toBe(200);
  expect(values(webauthn, 'content-type').join(', ')).toMatch(/^application\/json\b/);
  expect(await webauthn.json()).toEqual({ origins: expect.any(Array) as unknown });
  expectSecurityHeaders(webauthn, '/.well-known/webauthn');
  const health = await request.get('/health.json');
  expect(health.status()).toBe(200);
  // The build's commit; behind a release (every host but the bundled server, which serves dist/), the release too.
  const released = test.info().project.name !== 'server';
  expect(await health.json()).toEqual({ status: 'ok', environment: 'MOCK', commit: expect.stringMatching(/^[\da-f]{40}(-dirty)?$/) as unknown, ...(released ? { release: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d-]+Z$/) as unknown } : {}) });
});

test('every host serves security.txt (RFC 9116, not expired) and robots.txt as text', async ({ request }) => {
  const security = await request.get('/.well-known/security.txt');
  expect(security.status()).toBe(200);
  expect(values(security, 'content-type').join(', ')).toMatch(/^text\/plain\b/);
  const text = await security.text();
  expect(text).toMatch(/^Contact: mailto:security@nxn\.example$/m);
  const expires = /^Expires: (\S+)$/m.exec(text)?.[1] ?? '';
  expect(new Date(expires).getTime()).toBeGreaterThan(Date.now());
  expectSecurityHeaders(security, '/.well-known/security.txt');
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(values(robots, 'content-type').join(', ')).toMatch(/^text\/plain\b/);
  // A MOCK build is indexed nowhere (src/config/site-files.json).
  expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
});

test('the build\'s own files are not published', async ({ request }) => {
  const js = (await (await request.get('/app/nxn/login?SMQUERYDATA=x')).text()).match(/\/_astro\/[^"]+\.js/)?.[0] ?? '';
  const paths = ['/_portal-headers.json', '/_nginx-policy.conf', '/_nginx-security-headers.conf', '/_nginx-routes.conf', '/_nginx-route-locations.conf', '/_headers', '/_redirects', '/_worker.js', '/_routes.json', '/.portal-build-stamp', '/app/nxn/login.html.gz', '/404.html.gz', `${js}.gz`]
    // wrangler pages dev serves _routes.json as a file; a deploy does not upload it (wrangler's upload leaves out
    // _worker.js, _redirects, _headers and _routes.json), and it names only the service paths.
    .filter((path) => !(host() === 'cloudflare' && path === '/_routes.json'));
  for (const path of paths) {
    const response = await request.get(path);
    // wrangler pages dev answers 502 for _headers and _redirects (a deploy does not upload them): not served either way.
    expect(response.status(), path).toBeGreaterThanOrEqual(400);
    const body = await response.text();
    expect(body, path).not.toMatch(/Content-Security-Policy|portal_csp|add_header|\/self-service\/:wl|"page":|handleRequest|"include"/);
  }
});

test('a not-found page\'s Log In, logo and language links lead to real pages', async ({ page }) => {
  // Outside every brand: the default brand's login.
  await page.goto('/app/foo/bar');
  await expect(page.getByTestId('header-login')).toHaveAttribute('href', '/app/nxn/login');
  await expect(page.locator('.site-header__logo')).toHaveAttribute('href', '/app/nxn/login');
  // Its language link: the same unknown address in German, then Log In to the default brand's German login.
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de-DE\/app\/foo\/bar$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  await expect(page.getByTestId('header-login')).toHaveAttribute('href', '/de-DE/app/nxn/login');
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/app/foo/bar');
  await page.context().clearCookies();
  // Inside a brand, deep: that brand's login; the language link leads to the same address in German.
  await page.goto('/app/harbor/x/y');
  await expect(page.getByTestId('header-login')).toHaveAttribute('href', '/app/harbor/login');
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page).toHaveURL(/\/de-DE\/app\/harbor\/x\/y$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  await expect(page.locator('body')).toHaveAttribute('data-brand', 'harbor');
  await expect(page.getByTestId('header-login')).toHaveAttribute('href', '/de-DE/app/harbor/login');
  await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/app/harbor/x/y');
  for (const href of ['/de-DE/app/harbor/login', '/app/nxn/login', '/de-DE/app/nxn/login']) expect((await page.request.get(href)).status(), href).toBe(200);
});
