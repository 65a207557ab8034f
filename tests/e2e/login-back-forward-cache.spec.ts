import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../scripts/browsers/chromium.ts';
import { LoginPage } from './support/login-page.ts';

// Playwright turns the back/forward cache off by default; visitors' browsers keep it on, and a
// page restored from it is the very page that was left, frozen mid-submit.
const executablePath = chromiumExecutable();
test.use({ launchOptions: { ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS], ignoreDefaultArgs: ['--disable-back-forward-cache'] } });

// No emulator reset here: this origin's emulator is shared by the specs that only read (see the port
// map in playwright.config.ts), and this test only needs the seeded jdoe, whose password nothing here changes.
test('back from /apps/home shows the login form ready again, with the user id and without the password', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('SMQUERYDATA=bfcache');
  await page.evaluate(() => { (window as unknown as { leftThisPage: boolean }).leftThisPage = true; });
  await login.logIn('jdoe', 'Summer#2026');
  // Left for /apps/home (or, should the emulator have lost the session meanwhile, on to a fresh
  // login page): either way this page went into the back/forward cache. A visitor without a passkey passes the
  // passkey offer on the way (design.md), which goes on by itself here (no platform authenticator): not yet left.
  await expect(page).not.toHaveURL(/SMQUERYDATA=bfcache|\/passkey\?/);
  // A page restored from the cache fires no load event.
  await page.goBack({ waitUntil: 'commit' });
  // The same page came back from the cache, not a new load.
  expect(await page.evaluate(() => (window as unknown as { leftThisPage?: boolean }).leftThisPage)).toBe(true);
  await expect(login.userId).toHaveValue('jdoe');
  await expect(login.password).toHaveValue('');
  await expect(login.logInButton).toBeDisabled();
  await login.password.fill('Summer#2026');
  await expect(login.logInButton).toBeEnabled();
});
