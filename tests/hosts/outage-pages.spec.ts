import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStaticHost, stopStaticHost } from '../../scripts/deploy/serve-static-host.ts';
import type { StaticHost } from '../../scripts/deploy/serve-static-host.ts';
import { GERMAN_LOGIN, LoginPage } from '../e2e/support/login-page.ts';
import { HOSTS_DIR, OUTAGE_PORTS } from './hosts.ts';

// The same outage everywhere (issue 41): with the service down, Cloudflare Pages' runtime (its worker) and Netlify's
// (the portal-outage edge function, beside service-paths) answer the service paths with the brand's outage page in
// the visitor's language and a 5xx, as nginx does (go-live-nginx-smoke). The page is told by its own heading, never
// by the brand and language alone (a login page has both). Each host is a project of its own (playwright.config.ts).

/** The answers that mean the service cannot be reached: wrangler's proxy says 502, netlify dev's 504. */
const OUTAGE_STATUSES = [502, 503, 504];

/** Starts `host`'s runtime in front of a port nobody listens on (the service is down); stops it after the tests. */
function withServiceDown(host: StaticHost): string {
  const base = `http://127.0.0.1:${String(OUTAGE_PORTS[host])}`;
  let runtime: ChildProcess | undefined;
  let releases = '';
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const dead = createServer();
    const deadPort = await new Promise<number>((resolve) => dead.listen(0, '127.0.0.1', () => resolve((dead.address() as AddressInfo).port)));
    await new Promise((resolve) => dead.close(resolve));
    // Netlify's release outside the repository, as `serve:netlify -- --releases DIR` may keep it: netlify dev refused to
    // start on one (its edge functions' folder was named from the repository, which netlify dev read from the release's
    // folder: right only two levels below /). The suite's other runtimes keep theirs inside it.
    releases = host === 'netlify' ? join(mkdtempSync(join(tmpdir(), 'portal-outage-')), 'releases', 'netlify') : join(HOSTS_DIR, `outage-${host}`);
    runtime = serveStaticHost({ host, port: OUTAGE_PORTS[host], releases, services: `http://127.0.0.1:${String(deadPort)}`, ownGroup: true });
    await expect.poll(() => fetch(`${base}/app/nxn/login`, { redirect: 'manual' }).then((response) => response.status, () => 0), { timeout: 150_000 }).toBe(200);
  });
  test.afterAll(() => {
    if (runtime) stopStaticHost(runtime);
    if (host === 'netlify' && releases !== '') rmSync(join(releases, '../..'), { recursive: true, force: true });
  });
  return base;
}

/** Signs in through `base` with the German cookie of cwa, then opens /apps/home without cookies: both get the outage page. */
async function checkOutage(page: Page, base: string, host: StaticHost): Promise<void> {
  const context = page.context();
  await context.addCookies([{ name: 'WL_KEY', value: 'cwa', url: base }, { name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: base }]);
  await page.goto(`${base}/de-DE/app/cwa/login?SMQUERYDATA=q`);
  const login = new LoginPage(page, GERMAN_LOGIN);
  await login.userId.fill('jdoe');
  await login.password.fill('Password1!');
  const [answer] = await Promise.all([page.waitForResponse((response) => response.url().includes('ProcessLogin.fcc')), login.logInButton.click()]);
  expect(OUTAGE_STATUSES).toContain(answer.status());
  await expect(page.getByRole('heading', { level: 1, name: 'System nicht verfügbar' })).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-brand', 'cwa');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await page.screenshot({ path: test.info().outputPath(`outage-${host}-cwa-de.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath(`outage-${host}-cwa-de-390.png`), fullPage: true });
  // Without the cookies: the default brand's page, in English.
  await context.clearCookies();
  const response = await page.goto(`${base}/apps/home`);
  expect(OUTAGE_STATUSES).toContain(response?.status());
  await expect(page.getByRole('heading', { level: 1, name: 'System Unavailable' })).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-brand', 'nxn');
  expect(response?.headers()['cache-control']).toBe('no-store');
  await page.screenshot({ path: test.info().outputPath(`outage-${host}-nxn-en-390.png`), fullPage: true });
  // A prefix spelled with escapes is the same service path to the proxy (issue 40): the same outage page.
  const escaped = await page.request.get(`${base}/%61pps/home`, { maxRedirects: 0 });
  expect(OUTAGE_STATUSES).toContain(escaped.status());
  expect(await escaped.text()).toContain('System Unavailable');
}

test.describe('Cloudflare', () => {
  const base = withServiceDown('cloudflare');
  test('Cloudflare: a service that is down gets the brand\'s outage page in the visitor\'s language, with the 502', async ({ page }) => {
    await checkOutage(page, base, 'cloudflare');
  });
});

test.describe('Netlify', () => {
  const base = withServiceDown('netlify');
  test('Netlify: a service that is down gets the brand\'s outage page in the visitor\'s language, with the 5xx', async ({ page }) => {
    // A service path the service itself would answer (the passcode login's), as well as the sign-in and /apps/home.
    const context = page.context();
    await context.addCookies([{ name: 'WL_KEY', value: 'cwa', url: base }, { name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: base }]);
    const auth = await page.request.post(`${base}/portal-login-service/public/fps/auth`, { data: {} });
    expect(OUTAGE_STATUSES).toContain(auth.status());
    expect(await auth.text()).toContain('System nicht verfügbar');
    await context.clearCookies();
    await checkOutage(page, base, 'netlify');
  });
});
