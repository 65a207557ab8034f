import { expect, test } from '@playwright/test';
import { CONTENT_INFO_PAGES } from '../../src/config/info-pages.ts';
import type { Language } from '../../src/domain/languages.ts';
import { createTranslator } from '../../src/i18n/translations.ts';
import { localizedPath } from '../../src/lib/display-language.ts';

// Issue 22 point 8: the info pages of spec 2.1 that SiteMinder sends visitors to are real pages of every brand
// in both languages (site.spec.ts checks each brand's), with the spec's link rules and a way back to login.

/** The spec's own texts where it gives one (2.4, 2.11, 8), as each page shows them, in both languages. */
const SPEC_TEXTS: Record<string, Record<Language, string>> = {
  accessDenied: {
    'en-US': 'There is a problem with your User ID or password. Please contact the Help Desk for assistance.',
    'de-DE': 'Es gibt ein Problem mit Ihrer Benutzerkennung oder Ihrem Passwort. Bitte wenden Sie sich an den Helpdesk.',
  },
  loggedOut: { 'en-US': 'You have been successfully logged out', 'de-DE': 'Sie wurden erfolgreich abgemeldet' },
  sessionExpired: { 'en-US': 'Session Expired. Please login again', 'de-DE': 'Sitzung abgelaufen. Bitte melden Sie sich erneut an' },
  systemUnavailable: {
    'en-US': 'The service is currently unavailable. Please try again later.',
    'de-DE': 'Der Dienst ist derzeit nicht verfügbar. Bitte versuchen Sie es später erneut.',
  },
};

for (const language of ['en-US', 'de-DE'] as const) {
  const t = createTranslator(language);

  test(`every info page in ${language} points the header login to itself, opens footer links in place and offers Go To Login`, async ({ page }) => {
    for (const info of CONTENT_INFO_PAGES) {
      const path = localizedPath(`/app/brightpath529/${info.route}`, language);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(t(info.title));
      // Spec 2.1: on these pages the header login link (and the logo, the same link) points to the page itself.
      await expect(page.getByTestId('header-login'), path).toHaveAttribute('href', path);
      for (const name of [t('common.footer.systemRequirements'), t('common.footer.cookiePolicy')]) {
        await expect(page.getByRole('contentinfo').getByRole('link', { name, exact: true }), `${path}: ${name}`).not.toHaveAttribute('target', /./);
      }
      // The way back to login names the brand and the language.
      await expect(page.getByRole('link', { name: t('pages.info.goToLogin') }), path).toHaveAttribute('href', localizedPath('/app/brightpath529/login', language));
      const text = SPEC_TEXTS[info.route]?.[language];
      if (text) await expect(page.getByRole('main'), path).toContainText(text);
    }
  });

  test(`an info page's Go To Login in ${language} ends on the brand's login in that language, through SiteMinder`, async ({ page }) => {
    // A visitor SiteMinder sent here, with no cookie of this site yet.
    await page.goto(localizedPath('/app/summit/sessionExpired', language));
    await page.getByRole('link', { name: t('pages.info.goToLogin') }).click();
    await expect(page).toHaveURL(/\/app\/summit\/login\?SMQUERYDATA=[\w-]{16}&TARGET=%2Fapps%2Fhome$/);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('body')).toHaveAttribute('data-brand', 'summit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('login.heading'));
  });
}

test('the terms of use show their own text in each language, the German never the English', async ({ page }) => {
  await page.goto('/app/nxn/termsOfUse');
  await expect(page.getByRole('heading', { level: 2, name: 'Your User ID and password' })).toBeVisible();
  await page.goto('/de-DE/app/nxn/termsOfUse');
  await expect(page.getByRole('heading', { level: 2, name: 'Ihre Benutzerkennung und Ihr Passwort' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Your User ID');
});
