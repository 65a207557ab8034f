import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hostsOnThisMachine, READ_ONLY_PORT } from './support/mapped-hosts.ts';
import { LoginPage } from './support/login-page.ts';
import { islandsHydrated } from './support/hydration.ts';
import { watched, watchEveryFrame } from './support/sampling.ts';

// Test host names resolve to this machine, so the environment map sees DEV, QA, XAT and PRODUCTION hosts
// (src/config/environment-map.json: host patterns, and the substring rules under nxn.example).
const HOSTS = ['portal-xat.nxn.example', 'portal.nxn.example', 'portal-qa.nxn.example', 'uat2.nxn.example', 'portal-dev.nxn.example'];
test.use(hostsOnThisMachine(HOSTS));

const port = READ_ONLY_PORT;

test('the White Label testing link shows on an XAT host and lists the groups collapsed', async ({ page }) => {
  await page.goto(`http://portal-xat.nxn.example:${port}/app/nxn/login?SMQUERYDATA=q`);
  // Read from the page's own request: other tests on this emulator add to its statistics meanwhile.
  const reported = page.waitForRequest((sent) => sent.url().endsWith('/nxn-metrics/analytics/metrics')
    && (sent.postDataJSON() as Record<string, unknown>)['url'] === '/nxn-service/public/wlTestUrls');
  await page.getByRole('button', { name: 'White Label testing' }).click();
  const dialog = page.getByRole('dialog', { name: 'White Label domains' });
  await expect(dialog).toBeVisible();
  const group = dialog.locator('details', { hasText: 'Wealth Management' });
  await expect(group).not.toHaveAttribute('open');
  await group.locator('summary').click();
  await expect(group.getByRole('link', { name: 'CWA Wealth Access' })).toBeVisible();
  await expect(group.getByRole('link', { name: 'wm-portal@nxn.example' })).toBeVisible();
  // The open dialog with an expanded group meets WCAG 2.2 AA.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The call that filled the dialog is reported to HTTP stats with the host's environment.
  expect((await reported).postDataJSON()).toMatchObject({
    statsType: 'NXN_HTTP_STATS', httpMethod: 'GET', status: 'Success', statusCode: 200, environment: 'XAT', clientId: 'nxn', fromState: 'login', toState: 'login/whiteLabelTesting',
  });
});

for (const [host, environment] of [['portal-qa.nxn.example', 'QA (host pattern)'], ['uat2.nxn.example', 'QA (uat under a corporate domain)'], ['portal-dev.nxn.example', 'DEV (host pattern)']]) {
  test(`the White Label testing link shows on ${host}, a ${environment} host`, async ({ page }) => {
    await page.goto(`http://${host}:${port}/app/nxn/login?SMQUERYDATA=q`);
    await islandsHydrated(page);
    await expect(page.getByRole('button', { name: 'White Label testing' })).toBeVisible();
  });
}

test('the White Label testing link is absent on PRODUCTION and MOCK hosts', async ({ page }) => {
  const login = new LoginPage(page);
  await watchEveryFrame(page, '.wl-testing button');
  // The watch sees the link where it shows.
  await page.goto(`http://portal-qa.nxn.example:${port}/app/nxn/login?SMQUERYDATA=q`);
  await expect(page.getByRole('button', { name: 'White Label testing' })).toBeVisible();
  expect((await watched(page, { frames: 0 })).sightings).toBeGreaterThan(0);
  for (const host of ['portal.nxn.example', 'localhost']) {
    // The island decides once the environment rules have loaded after it woke (a chunk of their own): only
    // from then on, and for frames after, does the link's absence mean anything.
    const rules = page.waitForResponse((response) => /\/_astro\/environment\.[\w-]+\.js$/.test(response.url()));
    await page.goto(`http://${host}:${port}/app/nxn/login?SMQUERYDATA=q`);
    await islandsHydrated(page);
    await (await rules).finished();
    await expect(login.logInButton).toBeVisible();
    expect(await watched(page, { frames: 20 }), host).toMatchObject({ sightings: 0, first: null });
  }
});

test('the White Label dialog whose code does not arrive says so with Try again, which then lists the groups (issue 21)', async ({ page }) => {
  await page.goto(`http://portal-qa.nxn.example:${port}/app/nxn/login?SMQUERYDATA=q`);
  // The dialog's client is loaded when it opens; until the network is back, every request for it is dropped.
  let away = true;
  await page.route((url) => /^\/_astro\/portal-support-service\.[\w-]+\.js$/.test(url.pathname), (route) => (away ? route.abort('connectionreset') : route.continue()));
  await page.getByRole('button', { name: 'White Label testing' }).click();
  const dialog = page.getByRole('dialog', { name: 'White Label domains' });
  await expect(dialog.getByRole('alert')).toHaveText(/This page could not finish loading\. Check your connection and reload the page\./);
  // No "Loading…" left on screen beside it (read once, as the message shows).
  expect(await dialog.getByRole('status').count()).toBe(0);
  away = false;
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.locator('details', { hasText: 'Wealth Management' })).toBeVisible();
  expect(await dialog.getByRole('alert').count()).toBe(0);
});
