import { expect, test } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import { hostsOnThisMachine, READ_ONLY_PORT } from './support/mapped-hosts.ts';

// brightpath529's consent provider covers its EMEA tab on *.brightpath529.example (brands/brightpath529/brand.json).
const PROVIDER_HOST = 'portal.brightpath529.example';
test.use(hostsOnThisMachine([PROVIDER_HOST]));

const port = READ_ONLY_PORT;
const alertClosed = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === 'OptanonAlertBoxClosed');

test("on the provider's hosts the EMEA tab shows the consent provider's notice, the other tab the policy", async ({ page }) => {
  await page.goto(`http://${PROVIDER_HOST}:${port}/app/brightpath529/cookiePolicy`);
  const emea = page.getByRole('tabpanel', { name: 'EMEA REGION (EU)' });
  await expect(emea.getByRole('heading', { name: 'Your cookie choices' })).toBeVisible();
  await expect(emea.getByText('Cookie notice for the EMEA region')).toBeHidden();
  await page.getByRole('tab', { name: 'ALL OTHER REGIONS' }).click();
  await expect(page.getByRole('tabpanel', { name: 'ALL OTHER REGIONS' })).toContainText('How we use cookies');
});

test('on other hosts the same brand shows its policy content in both tabs', async ({ page }) => {
  await page.goto('/app/brightpath529/cookiePolicy');
  const emea = page.getByRole('tabpanel', { name: 'EMEA REGION (EU)' });
  await expect(emea.getByText('Cookie notice for the EMEA region')).toBeVisible();
  await expect(emea.getByRole('heading', { name: 'Your cookie choices' })).toBeHidden();
});

test("the cookie page sets the provider's alert-closed cookie for 365 days when it is missing, and keeps an existing one", async ({ page, context, baseURL }) => {
  const before = Date.now();
  await page.goto('/app/brightpath529/cookiePolicy');
  await expect.poll(async () => (await alertClosed(context))?.value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const set = await alertClosed(context);
  expect(Date.parse(set?.value ?? '')).toBeGreaterThanOrEqual(before - 1000);
  expect((set?.expires ?? 0) * 1000 - before).toBeGreaterThan(364 * 86_400_000);
  await context.addCookies([{ name: 'OptanonAlertBoxClosed', value: '2025-01-01T00:00:00.000Z', url: baseURL ?? '' }]);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Cookie Policy', level: 1 })).toBeVisible();
  await page.waitForLoadState('load');
  expect((await alertClosed(context))?.value).toBe('2025-01-01T00:00:00.000Z');
});

test('a brand without a consent provider shows its policy and sets no provider cookie', async ({ page, context }) => {
  await page.goto('/app/nxn/cookiePolicy');
  await expect(page.getByRole('tabpanel', { name: 'EMEA REGION (EU)' }).getByText('Cookie notice for the EMEA region')).toBeVisible();
  await page.waitForLoadState('load');
  expect(await alertClosed(context)).toBeUndefined();
});
