import { expect, test } from '@playwright/test';
import { hostsOnThisMachine, READ_ONLY_PORT } from './support/mapped-hosts.ts';
import { islandsHydrated } from './support/hydration.ts';

// A host under a two-label public suffix (co.uk), resolved to this machine.
const HOST = 'portal.example.co.uk';
test.use(hostsOnThisMachine([HOST]));

const port = READ_ONLY_PORT;

test('under a two-label public suffix the closed cookie bar stays closed on the next visit', async ({ page, context }) => {
  await page.goto(`http://${HOST}:${port}/app/nxn/login?SMQUERYDATA=q`);
  const bar = page.getByTestId('cookie-bar');
  await expect(bar).toBeVisible();
  await islandsHydrated(page);
  await bar.getByRole('button', { name: 'Accept and close' }).click();
  await expect(bar).toBeHidden();
  // On the registrable domain (spec 4.2), not on co.uk, which the browser would refuse.
  await expect.poll(async () => (await context.cookies()).filter((cookie) => cookie.name === 'EU_COOKIE').map((cookie) => [cookie.domain, cookie.value]))
    .toEqual([['.example.co.uk', 'true']]);
  const expires = (await context.cookies()).find((cookie) => cookie.name === 'EU_COOKIE')?.expires ?? 0;
  expect(expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
  await page.reload();
  await expect(page.getByLabel('User ID')).toBeVisible();
  await islandsHydrated(page);
  await expect(bar).toBeHidden();
});
