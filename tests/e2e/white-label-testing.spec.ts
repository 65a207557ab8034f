import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../support/chromium.ts';

// Test host names resolve to this machine, so the environment map sees XAT and PRODUCTION hosts.
test.use({
  launchOptions: {
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP portal-xat.nxn.example 127.0.0.1, MAP portal.nxn.example 127.0.0.1'],
    ...(process.env['CHROMIUM_PATH'] || (await import('node:fs')).existsSync('/usr/bin/chromium') ? { executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium' } : {}),
  },
});

const port = new URL(process.env['E2E_BASE'] ?? `http://localhost:${process.env['E2E_PORT'] ?? 4399}`).port;

test('the White Label testing link shows on an XAT host and lists the groups collapsed', async ({ page }) => {
  await page.goto(`http://portal-xat.nxn.example:${port}/app/nxn/login?SMQUERYDATA=q`);
  await page.getByRole('button', { name: 'White Label testing' }).click();
  const dialog = page.getByRole('dialog', { name: 'White Label domains' });
  await expect(dialog).toBeVisible();
  const group = dialog.locator('details', { hasText: 'Wealth Management' });
  await expect(group).not.toHaveAttribute('open');
  await group.locator('summary').click();
  await expect(group.getByRole('link', { name: 'CWA Wealth Access' })).toBeVisible();
  await expect(group.getByRole('link', { name: 'wm-portal@nxn.example' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the White Label testing link is absent on PRODUCTION and MOCK hosts', async ({ page }) => {
  await page.goto(`http://portal.nxn.example:${port}/app/nxn/login?SMQUERYDATA=q`);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.getByRole('button', { name: 'White Label testing' })).toHaveCount(0);
  await page.goto(`http://localhost:${port}/app/nxn/login?SMQUERYDATA=q`);
  await page.waitForTimeout(500);
  await expect(page.getByRole('button', { name: 'White Label testing' })).toHaveCount(0);
});
