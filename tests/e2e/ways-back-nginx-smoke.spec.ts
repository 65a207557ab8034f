import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Language } from '../../src/domain/languages.ts';
import { createTranslator } from '../../src/i18n/translations.ts';
import { localizedPath } from '../../src/lib/display-language.ts';
import { islandsHydrated } from './support/hydration.ts';

// Issue 22 point 1 behind the shipped nginx config: SiteMinder's /apps/home (the emulator, proxied) sends the
// visitor to nginx's `/`, which follows WL_KEY, and nginx serves the language cookie's page at that URL.
// The emulator here is the read-only desktop project's: these walks open a session at most, never change a user.

/** On the brand's login page in the language, with SiteMinder's fresh query (plus what it kept). */
async function expectBrandLogin(page: Page, wl: string, language: Language, extra = ''): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^[^?]*/app/${wl}/login\\?SMQUERYDATA=[\\w-]{16}&TARGET=%2Fapps%2Fhome${extra}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('body')).toHaveAttribute('data-brand', wl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(createTranslator(language)('login.heading'));
}

for (const language of ['en-US', 'de-DE'] as const) {
  const t = createTranslator(language);
  const login = localizedPath('/app/brightpath529/login', language);

  test(`nginx: Cancel and the header Log In of brightpath529's recovery page end on its login in ${language}`, async ({ page }) => {
    await page.goto(`${login}?SMQUERYDATA=x`);
    await page.getByRole('link', { name: t('login.forgotPassword') }).click();
    await islandsHydrated(page);
    await page.getByRole('button', { name: t('recovery.request.cancel') }).click();
    await expectBrandLogin(page, 'brightpath529', language);
    await page.goto(localizedPath('/self-service/brightpath529/fuid', language));
    await page.getByTestId('header-login').click();
    await expectBrandLogin(page, 'brightpath529', language);
  });

  test(`nginx: signing out of brightpath529 in ${language} shows its logout page, whose Go To Login ends on its login`, async ({ page }) => {
    await page.goto(`${login}?SMQUERYDATA=x`);
    await islandsHydrated(page);
    await page.getByLabel(t('login.userId')).fill('jdoe');
    await page.getByLabel(t('login.password'), { exact: true }).fill('Summer#2026');
    await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
    await expect(page).toHaveURL(/\/apps\/home$/);
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/app\/brightpath529\/logout$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pages.logout.message'));
    await page.getByRole('link', { name: t('pages.logout.goToLogin') }).click();
    await expectBrandLogin(page, 'brightpath529', language);
  });

  test(`nginx: SiteMinder's password-change success lands on the brand login in ${language}, with the toast`, async ({ page }) => {
    await page.goto(`${localizedPath('/app/summit/login', language)}?SMQUERYDATA=x`);
    await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === 'WL_KEY')?.value).toBe('summit');
    // What the change-password page leaves as it posts; SiteMinder then answers with its TARGET.
    await page.evaluate(() => sessionStorage.setItem('portal.passwordReset', '1'));
    await page.goto('/apps/home?fromPage=FPS');
    await expectBrandLogin(page, 'summit', language, '&fromPage=FPS');
    await expect(page.getByTestId('success-toast')).toContainText(t('login.toast.reset'));
  });
}

test('nginx keeps the language an address names on the root: /de-DE/ goes to the German login of the cookie\'s brand', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'WL_KEY', value: 'harbor', url: baseURL ?? '' }]);
  for (const path of ['/de-DE/', '/de-DE']) {
    await page.goto(`${path}?SMQUERYDATA=abc`);
    await expect(page, path).toHaveURL(/\/de-DE\/app\/harbor\/login\?SMQUERYDATA=abc$/);
    await expect(page.locator('html'), path).toHaveAttribute('lang', 'de-DE');
  }
});
