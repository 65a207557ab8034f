import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serveStaticHost } from '../../scripts/deploy/serve-static-host.ts';
import { GERMAN_LOGIN, LoginPage } from '../e2e/support/login-page.ts';
import { HOSTS_DIR, OUTAGE_CLOUDFLARE_PORT } from './hosts.ts';

// The same outage everywhere (issue 41): with the service down, Cloudflare Pages' runtime answers the service paths
// with the brand's outage page in the visitor's language and a 5xx, as nginx does (go-live-nginx-smoke). The page
// is told by its own heading, never by the brand and language alone (a login page has both). Netlify's outage
// edge function cannot run in `netlify dev` offline: scripts/deploy/netlify-outage.test.ts runs its module.

const base = `http://127.0.0.1:${String(OUTAGE_CLOUDFLARE_PORT)}`;
let wrangler: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // A port nobody listens on: the service is down.
  const dead = createServer();
  const deadPort = await new Promise<number>((resolve) => dead.listen(0, '127.0.0.1', () => resolve((dead.address() as AddressInfo).port)));
  await new Promise((resolve) => dead.close(resolve));
  wrangler = serveStaticHost({ host: 'cloudflare', port: OUTAGE_CLOUDFLARE_PORT, releases: join(HOSTS_DIR, 'outage-cloudflare'), services: `http://127.0.0.1:${String(deadPort)}` });
  await expect.poll(() => fetch(`${base}/app/nxn/login`, { redirect: 'manual' }).then((response) => response.status, () => 0), { timeout: 150_000 }).toBe(200);
});
test.afterAll(() => {
  wrangler?.kill('SIGTERM');
});

test('Cloudflare: a service that is down gets the brand\'s outage page in the visitor\'s language, with the 502', async ({ page, context }) => {
  await context.addCookies([{ name: 'WL_KEY', value: 'cwa', url: base }, { name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: base }]);
  await page.goto(`${base}/de-DE/app/cwa/login?SMQUERYDATA=q`);
  const login = new LoginPage(page, GERMAN_LOGIN);
  await login.userId.fill('jdoe');
  await login.password.fill('Password1!');
  const [answer] = await Promise.all([page.waitForResponse((response) => response.url().includes('ProcessLogin.fcc')), login.logInButton.click()]);
  expect(answer.status()).toBe(502);
  await expect(page.getByRole('heading', { level: 1, name: 'System nicht verfügbar' })).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-brand', 'cwa');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await page.screenshot({ path: test.info().outputPath('outage-cloudflare-cwa-de.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('outage-cloudflare-cwa-de-390.png'), fullPage: true });
  // Without the cookies: the default brand's page, in English.
  await context.clearCookies();
  const response = await page.goto(`${base}/apps/home`);
  expect(response?.status()).toBe(502);
  await expect(page.getByRole('heading', { level: 1, name: 'System Unavailable' })).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-brand', 'nxn');
  expect(response?.headers()['cache-control']).toBe('no-store');
  await page.screenshot({ path: test.info().outputPath('outage-cloudflare-nxn-en-390.png'), fullPage: true });
});
