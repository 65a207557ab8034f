import { expect, test } from '@playwright/test';
import type { APIResponse } from '@playwright/test';
import { LoginPage } from './support/login-page.ts';

// The same dist/ behind the shipped nginx config (scripts/deploy/portal.nginx.conf).

/** Every value the answer carries for a header, however many times it was sent. */
const values = (response: APIResponse, name: string) =>
  response.headersArray().filter((header) => header.name.toLowerCase() === name).map((header) => header.value);

/** The security headers every answer carries, each exactly once. */
function expectSecurityHeaders(response: APIResponse, label: string): void {
  const csp = values(response, 'content-security-policy');
  expect(csp, label).toHaveLength(1);
  expect(csp[0], label).toContain("frame-ancestors 'none'");
  expect(values(response, 'strict-transport-security'), label).toEqual(['max-age=63072000; includeSubDomains']);
  expect(values(response, 'x-content-type-options'), label).toEqual(['nosniff']);
  expect(values(response, 'cross-origin-opener-policy'), label).toEqual(['same-origin']);
  expect(values(response, 'referrer-policy'), label).toEqual(['no-referrer']);
  expect(values(response, 'permissions-policy'), label).toHaveLength(1);
}

test('nginx redirects the root and a brand root to login, keeping the query', async ({ page }) => {
  await page.goto('/?SMQUERYDATA=abc');
  await expect(page).toHaveURL(/\/app\/nxn\/login\?SMQUERYDATA=abc$/);
  await page.goto('/app/summit/?SMQUERYDATA=def');
  await expect(page).toHaveURL(/\/app\/summit\/login\?SMQUERYDATA=def$/);
});

test('nginx serves the language of the cookie at the same URL', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: baseURL ?? '' }]);
  const response = await page.goto('/app/nxn/logout');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sie wurden erfolgreich abgemeldet');
  await expect(page).toHaveURL(/\/app\/nxn\/logout$/);
});

test('nginx answers unknown paths with 404 and the brand not-found page', async ({ page }) => {
  const brandPath = await page.goto('/app/cwa/fps');
  expect(brandPath?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.locator('body')).toHaveAttribute('data-brand', 'cwa');
  const unknown = await page.goto('/app/no-such-brand/login');
  expect(unknown?.status()).toBe(404);
  await expect(page.locator('body')).toHaveAttribute('data-brand', 'nxn');
  expect((await page.request.get('/_portal-headers.json')).status()).toBe(404);
});

test('nginx answers an unknown brand root with 404 and the not-found page, never a redirect', async ({ page }) => {
  // Every 404 speaks the address's language (issue 22.6): the German address gets the German not-found page.
  for (const [path, heading] of [['/app/nosuch', 'Page Not Found'], ['/app/nosuch/', 'Page Not Found'], ['/de-DE/app/nosuch/?SMQUERYDATA=x', 'Seite nicht gefunden']] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  }
});

test('nginx sends the security headers and no-cache on every 404', async ({ request }) => {
  for (const path of ['/app/cwa/fps', '/nope', '/_astro/nope.js', '/app/nosuch/', '/_portal-headers.json']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expectSecurityHeaders(response, path);
    expect(values(response, 'content-security-policy')[0], path).toMatch(/script-src 'self' 'sha256-/);
    expect(values(response, 'cache-control'), path).toEqual(['no-cache']);
  }
});

test('nginx sends cache and security headers', async ({ request }) => {
  const login = await request.get('/app/nxn/login?SMQUERYDATA=x');
  expect(login.headers()['cache-control']).toBe('no-cache');
  expect(login.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(login.headers()['content-security-policy']).toContain("require-trusted-types-for 'script'; trusted-types 'none'");
  expect(login.headers()['referrer-policy']).toBe('no-referrer');
  expect(login.headers()['x-content-type-options']).toBe('nosniff');
  expectSecurityHeaders(login, 'login');
  const html = await login.text();
  for (const extension of ['css', 'js']) {
    const asset = new RegExp(`/_astro/[^"]+\\.${extension}`).exec(html)?.[0] ?? '';
    expect(asset, extension).not.toBe('');
    const response = await request.get(asset, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status(), asset).toBe(200);
    expect(values(response, 'cache-control'), asset).toEqual(['public, max-age=31536000, immutable']);
    expect(response.headers()['content-encoding'], asset).toBe('gzip');
  }
});

test('a login through nginx reaches /apps/home, and service answers are no-store with the security headers', async ({ page }) => {
  const login = new LoginPage(page);
  await page.goto('/app/nxn/login?SMQUERYDATA=nginx');
  await login.fillCredentials('jdoe', 'Summer#2026');
  const posted = page.waitForResponse((response) => response.url().includes('/login/forms/bg/ProcessLogin.fcc'));
  await login.logInButton.click();
  expect((await posted).status()).toBe(302);
  await expect(page).toHaveURL(/\/apps\/home$/);
  await expect(login.signedIn('jdoe')).toBeVisible();
  // The same answers again, read whole: the upstream sends its own Cache-Control and security headers too.
  for (const path of ['/apps/home', '/nxn-service/public/wlTestUrls']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(values(response, 'cache-control'), path).toEqual(['no-store']);
    expectSecurityHeaders(response, path);
  }
  expect(await (await page.request.get('/apps/home')).text()).toContain('Signed in as jdoe');
});

test('nginx pages run under their CSP without a violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text());
  });
  await page.goto('/app/nxn/cookiePolicy');
  await page.getByRole('tab', { name: 'ALL OTHER REGIONS' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('How we use cookies');
  expect(violations).toEqual([]);
});

test('nginx never routes the emulator\'s inspection endpoints, though the server behind it has them', async ({ request }) => {
  // Issue 35: the service location listed __emulator, so the outbox (every passcode) was one request away.
  const behind = `http://localhost:${process.env['E2E_PORT'] ?? '4399'}`;
  expect((await request.get(`${behind}/__emulator/outbox`)).status()).toBe(200);
  for (const [method, path] of [['GET', '/__emulator/outbox'], ['GET', '/__emulator/stats'], ['POST', '/__emulator/reset'], ['POST', '/__emulator/users'], ['GET', '/__emulator/heap']] as const) {
    const response = await request.fetch(path, { method, maxRedirects: 0 });
    expect(response.status(), `${method} ${path}`).toBe(404);
    expect(await response.text(), `${method} ${path}`).not.toContain('messages');
  }
});
