import { expect, test } from '@playwright/test';

// The same dist/ behind the shipped nginx config (scripts/deploy/portal.nginx.conf).

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

test('nginx sends cache and security headers', async ({ request }) => {
  const login = await request.get('/app/nxn/login?SMQUERYDATA=x');
  expect(login.headers()['cache-control']).toBe('no-cache');
  expect(login.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(login.headers()['referrer-policy']).toBe('no-referrer');
  expect(login.headers()['x-content-type-options']).toBe('nosniff');
  const asset = /\/_astro\/[^"]+\.css/.exec(await login.text())?.[0] ?? '';
  const css = await request.get(asset, { headers: { 'Accept-Encoding': 'gzip' } });
  expect(css.status()).toBe(200);
  expect(css.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(css.headers()['content-encoding']).toBe('gzip');
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
