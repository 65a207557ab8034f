import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../scripts/browsers/chromium.ts';
import { islandsHydrated } from './support/hydration.ts';

// A host under a two-label public suffix (co.uk), resolved to this machine.
const HOST = 'portal.example.co.uk';
test.use({
  launchOptions: {
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
    ...(process.env['CHROMIUM_PATH'] || existsSync('/usr/bin/chromium') ? { executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' } : {}),
  },
});

const port = new URL(process.env['E2E_BASE'] ?? `http://localhost:${process.env['E2E_PORT'] ?? 4399}`).port;

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
