import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../scripts/browsers/chromium.ts';

// Playwright turns the back/forward cache off by default; visitors' browsers keep it on, and a
// page restored from it is the very page that was left, frozen mid-submit.
const executablePath = chromiumExecutable();
test.use({ launchOptions: { ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS], ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

// No emulator reset here: login.spec.ts resets the same emulator, and this test only needs the
// seeded jdoe, whose password nothing on this origin changes.
test('back from /apps/home shows the login form ready again, with the user id and without the password', async ({ page }) => {
  await page.goto('/app/nxn/login?SMQUERYDATA=bfcache');
  await page.evaluate(() => { (window as unknown as { leftThisPage: boolean }).leftThisPage = true; });
  await page.getByLabel('User ID').fill('jdoe');
  await page.getByLabel('Password', { exact: true }).fill('Summer#2026');
  await page.getByRole('button', { name: 'Log In' }).click();
  // Left for /apps/home (or, should another test reset the emulator's sessions meanwhile, on to a
  // fresh login page): either way this page went into the back/forward cache.
  await expect(page).not.toHaveURL(/SMQUERYDATA=bfcache/);
  // A page restored from the cache fires no load event.
  await page.goBack({ waitUntil: 'commit' });
  // The same page came back from the cache, not a new load.
  expect(await page.evaluate(() => (window as unknown as { leftThisPage?: boolean }).leftThisPage)).toBe(true);
  await expect(page.getByLabel('User ID')).toHaveValue('jdoe');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).fill('Summer#2026');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled();
});
