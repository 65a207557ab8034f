import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { settled } from './support/hydration.ts';
import { watched, watchEveryFrame } from './support/sampling.ts';

const IE11 = 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko';
const CHROME_55 = 'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/55.0.2883.87 Safari/537.36';
const SAMSUNG_9 = 'Mozilla/5.0 (Linux; Android 8.0.0; SM-G960F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/9.2 Chrome/67.0.3396.87 Mobile Safari/537.36';

/**
 * What a browser without ES modules does with a page: it skips module scripts (the islands) and runs
 * `nomodule` ones like any classic script. The HTML is rewritten so Chromium does the same.
 */
async function withoutModules(page: Page): Promise<void> {
  // Nor does such a browser know `nomodule` (the passkey offer's pre-paint script reads it and sends a browser
  // without modules on to TARGET at once, not after the watchdog a lost module chunk gets).
  await page.addInitScript(() => { delete (HTMLScriptElement.prototype as Partial<HTMLScriptElement>).noModule; });
  await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
  await page.route((url) => url.pathname.startsWith('/app/'), async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="module"/g, '<script type="text/x-unsupported"').replace(/<script([^>]*) nomodule/g, '<script$1');
    return route.fulfill({ response, body: html });
  });
}

const dialog = (page: Page) => page.getByRole('alertdialog', { name: 'Improve Your Experience' });

test.describe('Internet Explorer', () => {
  test.use({ userAgent: IE11 });

  test('gets the browser-check dialog, which Close hands back', async ({ page }) => {
    await page.goto('/app/nxn/login?SMQUERYDATA=q');
    await expect(dialog(page)).toBeVisible();
    await expect(page.getByRole('link', { name: 'View system requirements' })).toHaveAttribute('href', '/app/nxn/systemRequirements');
    await expect(dialog(page).getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByLabel('User ID')).toBeVisible();
  });
});

test('a current browser gets no browser-check dialog', async ({ page }) => {
  await page.goto('/app/nxn/login?SMQUERYDATA=q');
  await expect(page.getByLabel('User ID')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
});

test.describe('a browser a brand excludes', () => {
  test.use({ userAgent: SAMSUNG_9 });

  test("gets the dialog on that brand's login only", async ({ page }) => {
    await page.goto('/app/harbor/login?SMQUERYDATA=q');
    await expect(dialog(page)).toBeVisible();
    await page.goto('/app/nxn/login?SMQUERYDATA=q');
    await expect(page.getByLabel('User ID')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
  });
});

test.describe('a browser a brand excludes, on a phone the brand offers its app to', () => {
  test.use({ userAgent: SAMSUNG_9, viewport: { width: 390, height: 844 } });

  for (const { language, path, title, close, sheet } of [
    { language: 'en-US', path: '/app/harbor/login?SMQUERYDATA=q', title: 'Improve Your Experience', close: 'Close', sheet: 'Not now' },
    { language: 'de-DE', path: '/de-DE/app/harbor/login?SMQUERYDATA=q', title: 'Verbessern Sie Ihr Erlebnis', close: 'Schließen', sheet: 'Nicht jetzt' },
  ]) {
    test(`gets one dialog at a time: the browser check first, the app sheet once it is closed (${language})`, async ({ page }) => {
      await watchEveryFrame(page, '[data-testid="mobile-sheet"]');
      await page.goto(path);
      const check = page.getByRole('alertdialog', { name: title });
      const appSheet = page.getByTestId('mobile-sheet');
      await expect(check).toBeVisible();
      // Every island hydrated, and no frame from the first on showed the sheet while the check was open.
      await settled(page);
      expect(await watched(page)).toMatchObject({ sightings: 0, first: null });
      await check.getByRole('button', { name: close }).click();
      await expect(check).toBeHidden();
      await expect(appSheet).toBeVisible();
      await expect(page.getByRole('button', { name: sheet })).toBeVisible();
    });
  }
});

test.describe('a supported browser without ES modules (Chrome 55)', () => {
  test.use({ userAgent: CHROME_55 });

  test('gets no dialog, and its plain form signs in with the page query', async ({ page }) => {
    await withoutModules(page);
    await page.goto('/app/nxn/login?SMQUERYDATA=old%2Bbrowser&TARGET=%2Fapps%2Fhome%3FfromPage%3Dx&BGTARGET=%2Fapps%2Fbg&postpreservationdata=pp');
    await expect(page.getByLabel('User ID')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
    const form = page.locator('form#login-form');
    await expect(form).toHaveAttribute('action', '/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=old%2Bbrowser&TARGET=%2Fapps%2Fhome%3FfromPage%3Dx');
    await expect(form.locator('input[name="TARGET"]')).toHaveValue('/apps/home?fromPage=x');
    // BGTARGET, like TARGET, goes to SiteMinder only as a same-origin path (issue 35).
    await expect(form.locator('input[name="BGTARGET"]')).toHaveValue('/apps/bg');
    await expect(form.locator('input[name="postpreservationdata"]')).toHaveValue('pp');
    await page.getByLabel('User ID').fill('jdoe');
    await page.getByLabel('Password', { exact: true }).fill('Summer#2026');
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/login/forms/bg/ProcessLogin.fcc'));
    await page.getByRole('button', { name: 'Log In' }).click();
    const body = new URLSearchParams((await posted).postData() ?? '');
    expect(Object.fromEntries(['SMENC', 'USER', 'PASSWRD', 'TARGET', 'SUBMIT'].map((name) => [name, body.get(name)])))
      .toEqual({ SMENC: 'UTF-8', USER: 'jdoe', PASSWRD: 'Summer#2026', TARGET: '/apps/home?fromPage=x', SUBMIT: 'Login' });
    await expect(page).toHaveURL(/\/apps\/home\?fromPage=x$/);
  });
});
