import { expect, test } from '@playwright/test';
import { listBrandKeys } from '../../src/config/load-brands.ts';
import { translationsOf } from '../../src/i18n/translations.ts';
import type { TranslationKey } from '../../src/i18n/translations.ts';
import { expectOnlyGerman, shownText } from './support/german-text.ts';
import { islandsHydrated } from './support/hydration.ts';

// Every English UI text that German translates differently; none may reach a de-DE page. But the language's own
// name ("English"): every page's language links name each language in itself.
const englishOnly = Object.entries(translationsOf('en-US'))
  .filter(([key, english]) => english.length > 3 && key !== 'common.language.name' && translationsOf('de-DE')[key as TranslationKey] !== english)
  .map(([, english]) => english.replace(/\{\{\s*\w+\s*\}\}/g, '').trim())
  .filter((text) => text.length > 3);

const PAGES = [
  '/app/{wl}/login?SMQUERYDATA=de', '/app/{wl}/sorry', '/app/{wl}/logout', '/app/{wl}/ssoLogout',
  '/app/{wl}/systemRequirements', '/app/{wl}/cookiePolicy', '/app/{wl}/no-such-page',
  '/self-service/{wl}/fps', '/self-service/{wl}/fuid', '/self-service/{wl}/fps-self-change-pw',
  '/app/{wl}/termsOfUse', '/app/{wl}/accessDenied', '/app/{wl}/loggedOut', '/app/{wl}/samlError',
  '/app/{wl}/sessionExpired', '/app/{wl}/systemUnavailable',
];

for (const wl of listBrandKeys(new URL('../../brands', import.meta.url).pathname)) {
  test(`no English interface text reaches a de-DE page of ${wl}`, async ({ page }) => {
    // Not a sleep: 16 pages, each with its support dialog opened, take longer than the default 30 s under load.
    test.setTimeout(90_000);
    for (const template of PAGES) {
      const path = `/de-DE${template.replace('{wl}', wl)}`;
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
      // Visible text and accessible names (aria-label, alt, title) both count.
      const text = await shownText(page);
      const leaks = englishOnly.filter((english) => text.includes(english));
      expect(leaks, path).toEqual([]);
      // Stronger than the list above: a word typed into a component is caught too.
      await expectOnlyGerman(page, path, [template]);
      const support = page.getByRole('button', { name: 'Hilfe', exact: true });
      if (await support.count()) {
        await support.click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectOnlyGerman(page, `${path} with the support dialog open`, [template]);
      }
    }
  });
}

test('every login message, field error, toast and the cookie bar read German only', async ({ page }) => {
  const login = '/de-DE/app/nxn/login?SMQUERYDATA=de';
  for (const raw of ['Authentication Level too low.', 'Invalid Credentials', 'Login was unsuccessful', 'Please enter without spaces',
    'Session Expired. Please login again', 'System Error encountered, Please try again later', 'Unauthorized User ID', 'Unauthorized User', 'other']) {
    await page.goto(`${login}&SMUSRMSG=${encodeURIComponent(raw)}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await expectOnlyGerman(page, `SMUSRMSG ${raw}`);
  }
  await page.evaluate(() => sessionStorage.setItem('portal.passwordReset', '1'));
  await page.goto(`${login}&fromPage=FPS`);
  await expect(page.getByTestId('success-toast')).toBeVisible();
  await expect(page.getByRole('region', { name: /Cookie/ })).toBeVisible();
  await expectOnlyGerman(page, 'toast and cookie bar');
  await islandsHydrated(page);
  await page.getByLabel('Benutzerkennung').fill('a b');
  await page.getByLabel('Passwort', { exact: true }).fill('x'.repeat(129));
  await page.getByRole('button', { name: 'Passwort anzeigen' }).click();
  await expect(page.getByLabel('Benutzerkennung')).toHaveAttribute('aria-invalid', 'true');
  await expectOnlyGerman(page, 'field errors, password shown');
});

test.describe('on an Android phone', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36', viewport: { width: 390, height: 844 } });

  test('the mobile app sheet reads German only', async ({ page }) => {
    await page.goto('/de-DE/app/harbor/login?SMQUERYDATA=de');
    await expect(page.getByTestId('mobile-sheet')).toBeVisible();
    await expectOnlyGerman(page, 'mobile sheet');
  });
});
