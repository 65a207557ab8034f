import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Language } from '../../src/domain/languages.ts';
import { createTranslator } from '../../src/i18n/translations.ts';
import { localizedPath } from '../../src/lib/display-language.ts';
import { ChangePasswordPage, GERMAN_CHANGE_PASSWORD } from './support/change-password-page.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { islandsHydrated } from './support/hydration.ts';
import { CHROME_48, withoutIslands } from './support/legacy-browser.ts';
import { codeSentTo, outbox } from './support/recovery-page.ts';
import { enterFirstChannelPasscode, expectBrandLoginPage, signInThenLogOut } from './support/ways-back.ts';

// Issue 22 point 1: every way back to login keeps the visitor's brand and language, through the real
// redirects (the login page without SMQUERYDATA -> the emulator's /apps/home -> the bundled server's `/`).
// The walks change passwords and open sessions: own origin and emulator (project "ways-back-to-login").
freshEmulatorForEachTest();

/** The addresses the visitor's tab navigated through, without the origin. */
function navigations(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      const url = new URL(request.url());
      seen.push(`${url.pathname}${url.search}`);
    }
  });
  return seen;
}

/** The visitor is on the brand's login page in the language, with a fresh SMQUERYDATA, nothing of another brand. */
async function expectBrandLogin(page: Page, wl: string, language: Language, query = /^\?SMQUERYDATA=[\w-]{16}&TARGET=%2Fapps%2Fhome$/): Promise<void> {
  // The bundled server serves the cookie's language at the URL without a prefix (design.md).
  await expect(page).toHaveURL((url) => url.pathname === `/app/${wl}/login` || url.pathname === localizedPath(`/app/${wl}/login`, language));
  expect(new URL(page.url()).search).toMatch(query);
  await expectBrandLoginPage(page, wl, language);
}

/** The way back went to the login page without a query (`from`), then through SiteMinder's home and the site root. */
function expectThroughSiteMinder(seen: string[], from: string): void {
  const start = seen.lastIndexOf(from);
  expect(start, seen.join(' -> ')).toBeGreaterThanOrEqual(0);
  expect(seen.slice(start + 1, start + 3).map((address) => address.replace(/SMQUERYDATA=[\w-]+/, 'SMQUERYDATA=…')), seen.join(' -> '))
    .toEqual(['/apps/home', '/?SMQUERYDATA=…&TARGET=%2Fapps%2Fhome']);
}

async function startPasswordRecovery(page: Page, wl: string, language: Language, userId: string, email: string): Promise<void> {
  const t = createTranslator(language);
  await page.goto(localizedPath(`/self-service/${wl}/fps`, language));
  await islandsHydrated(page);
  await page.getByLabel(t('recovery.request.userId')).fill(userId);
  await page.getByRole('button', { name: t('recovery.request.continue') }).click();
  await enterFirstChannelPasscode(page, language, page.request, email);
}

/** The brands and languages walked: the brand in both languages, and one more. */
const CASES: Array<{ wl: string; language: Language }> = [
  { wl: 'brightpath529', language: 'en-US' },
  { wl: 'brightpath529', language: 'de-DE' },
  { wl: 'summit', language: 'de-DE' },
  { wl: 'summit', language: 'en-US' },
];

for (const { wl, language } of CASES) {
  const t = createTranslator(language);
  const login = localizedPath(`/app/${wl}/login`, language);

  test.describe(`${wl} in ${language}`, () => {
    test('Forgot Password, then Cancel, ends on the brand login in the language', async ({ page }) => {
      const seen = navigations(page);
      await page.goto(`${login}?SMQUERYDATA=x`);
      await page.getByRole('link', { name: t('login.forgotPassword') }).click();
      await islandsHydrated(page);
      await page.getByRole('button', { name: t('recovery.request.cancel') }).click();
      await expectBrandLogin(page, wl, language);
      expectThroughSiteMinder(seen, login);
    });

    test('the header Log In of the recovery page ends on the brand login in the language', async ({ page }) => {
      const seen = navigations(page);
      await page.goto(`${login}?SMQUERYDATA=x`);
      await page.getByRole('link', { name: t('login.forgotPassword') }).click();
      await page.getByTestId('header-login').click();
      await expectBrandLogin(page, wl, language);
      expectThroughSiteMinder(seen, login);
    });

    test('signing out shows the brand logout page in the language, and its Go To Login ends on the brand login', async ({ page }) => {
      const seen = navigations(page);
      await page.goto(`${login}?SMQUERYDATA=x`);
      await signInThenLogOut(page, language);
      await expect(page).toHaveURL(new RegExp(`/app/${wl}/logout$`));
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pages.logout.message'));
      await page.getByRole('link', { name: t('pages.logout.goToLogin') }).click();
      await expectBrandLogin(page, wl, language);
      // Go To Login is the relative `login` beside the logout page SiteMinder sent the visitor to.
      expectThroughSiteMinder(seen, `/app/${wl}/login`);
    });

    test('Forgot User ID\'s Back to login ends on the brand login in the language', async ({ page }) => {
      const seen = navigations(page);
      await page.goto(localizedPath(`/self-service/${wl}/fuid`, language));
      await islandsHydrated(page);
      await page.getByLabel(t('recovery.request.firstName')).fill('John');
      await page.getByLabel(t('recovery.request.lastName')).fill('Doe');
      await page.getByLabel(t('recovery.request.emailId')).fill('john.doe@example.com');
      await page.getByRole('button', { name: t('recovery.request.continue') }).click();
      await page.getByRole('button', { name: new RegExp(`${t('recovery.otp.option', { number: 1 })} `) }).click();
      await page.getByLabel(t('recovery.verify.code'), { exact: true }).fill(await codeSentTo(page.request, 'john.doe@example.com'));
      await page.getByRole('button', { name: t('recovery.verify.submit') }).click();
      await page.getByRole('link', { name: t('recovery.info.back') }).click();
      await expectBrandLogin(page, wl, language);
      expectThroughSiteMinder(seen, login);
    });

    test('the locked user\'s Go To Login Page ends on the brand login in the language', async ({ page }) => {
      const seen = navigations(page);
      await startPasswordRecovery(page, wl, language, 'llocked', 'lena.locked@example.com');
      await expect(page.getByRole('heading', { name: t('recovery.error.heading') })).toBeVisible();
      await page.getByRole('button', { name: t('recovery.error.goToLogin') }).click();
      await expectBrandLogin(page, wl, language);
      expectThroughSiteMinder(seen, login);
    });

    test('a password change lands on the brand login in the language, with the success toast', async ({ page }) => {
      const seen = navigations(page);
      await startPasswordRecovery(page, wl, language, 'jdoe', 'john.doe@example.com');
      await expect(page).toHaveURL(/\/fps-self-change-pw\?/);
      await islandsHydrated(page);
      const mail = (await outbox(page.request)).filter((message) => message.to === 'john.doe@example.com').at(-1)?.text ?? '';
      await page.getByLabel(t('recovery.changePassword.current')).fill(/temporary password is (\S+)\./.exec(mail)?.[1] ?? '');
      await page.getByLabel(t('recovery.changePassword.new'), { exact: true }).fill('Winter#2027xy');
      await page.getByLabel(t('recovery.changePassword.confirm')).fill('Winter#2027xy');
      await page.getByRole('button', { name: t('recovery.changePassword.submit') }).click();
      await expectBrandLogin(page, wl, language, /^\?SMQUERYDATA=[\w-]{16}&TARGET=%2Fapps%2Fhome&fromPage=FPS$/);
      await expect(page.getByTestId('success-toast')).toContainText(t('login.toast.reset'));
      const success = seen.indexOf('/apps/home?fromPage=FPS');
      expect(seen[success + 1]?.replace(/SMQUERYDATA=[\w-]+/, 'SMQUERYDATA=…'), seen.join(' -> ')).toBe('/?SMQUERYDATA=…&TARGET=%2Fapps%2Fhome&fromPage=FPS');
    });
  });
}

test('a visitor who comes straight to a brand\'s German recovery page, with another brand in WL_KEY, cancels to that brand\'s German login', async ({ page, context, baseURL }) => {
  // Yesterday's visit to harbor left its cookie; today a link on summit's German site leads to its recovery page.
  await context.addCookies([{ name: 'WL_KEY', value: 'harbor', url: baseURL ?? '' }]);
  const seen = navigations(page);
  await page.goto('/de-DE/self-service/summit/fps');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expectBrandLogin(page, 'summit', 'de-DE');
  expectThroughSiteMinder(seen, '/de-DE/app/summit/login');
  const cookies = await context.cookies();
  expect(cookies.find((cookie) => cookie.name === 'WL_KEY')?.value).toBe('summit');
  // German for this browser session only: the visitor followed a German link, they did not choose a language.
  expect(cookies.find((cookie) => cookie.name === 'USER_DISPLAY_LANGUAGE')).toMatchObject({ value: 'de_DE', expires: -1 });
});

test('a German page leaves a chosen English alone: a visitor who picked English gets the English page', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: 'en_US', url: baseURL ?? '' }]);
  await page.goto('/de-DE/self-service/brightpath529/fps');
  await expect(page).toHaveURL(/\/self-service\/brightpath529\/fps$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  expect((await context.cookies()).find((cookie) => cookie.name === 'USER_DISPLAY_LANGUAGE')?.value).toBe('en_US');
});

test('a failed login on the German login page comes back in German', async ({ page }) => {
  await page.goto('/de-DE/app/brightpath529/login?SMQUERYDATA=x');
  await islandsHydrated(page);
  await page.getByLabel('Benutzerkennung').fill('jdoe');
  await page.getByLabel('Passwort', { exact: true }).fill('Wrong#Password1');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  // SiteMinder answers with the login URL without a language; the session's language cookie keeps it German.
  await expect(page).toHaveURL(/\/app\/brightpath529\/login\?.*SMUSRMSG=Invalid/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByRole('alert')).toHaveText(createTranslator('de-DE')('login.message.invalidCredentials'));
});

test.describe('a browser no island runs in (Chrome 48)', () => {
  test.use({ userAgent: CHROME_48 });

  for (const language of ['en-US', 'de-DE'] as const) {
    test(`a first sign-in's password change, posted as plain HTML, lands on brightpath529's login in ${language}`, async ({ page, context, baseURL }) => {
      const t = createTranslator(language);
      // Yesterday's visit to harbor left its cookie; the visitor's browser runs none of the page's islands.
      await context.addCookies([{ name: 'WL_KEY', value: 'harbor', url: baseURL ?? '' }]);
      await withoutIslands(page);
      const posts: string[] = [];
      page.on('request', (request) => { if (request.method() === 'POST') posts.push(`${new URL(request.url()).pathname} ${request.postData() ?? ''}`); });
      await page.goto(`${localizedPath('/app/brightpath529/login', language)}?SMQUERYDATA=x`);
      await page.getByLabel(t('login.userId')).fill('newuser');
      await page.getByLabel(t('login.password'), { exact: true }).fill('Welcome#2026');
      await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
      // SiteMinder: a temporary password is changed first.
      await expect(page).toHaveURL(/\/self-service\/brightpath529\/fps-self-change-pw\?/);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      const form = new ChangePasswordPage(page, language === 'de-DE' ? GERMAN_CHANGE_PASSWORD : undefined);
      await form.fill('Welcome#2026', 'Winter#2027xy');
      // Nothing of the form's island runs: the page's own HTML posts.
      expect(await page.locator('astro-island:not([ssr])').count()).toBe(0);
      await form.submitButton.click();
      await expectBrandLogin(page, 'brightpath529', language, /^\?SMQUERYDATA=[\w-]{16}&TARGET=%2Fapps%2Fhome&fromPage=FPS$/);
      expect(posts.filter((post) => post.startsWith('/pw/forms/smpwservices.fcc ')).map((post) => new URLSearchParams(post.split(' ')[1]).get('wl'))).toEqual(['brightpath529']);
      // The page's cookie is rememberBrand's: one day, the whole site, SameSite=Lax, Secure only over TLS.
      const stamp = (await context.cookies()).find((cookie) => cookie.name === 'WL_KEY');
      expect(stamp).toMatchObject({ value: 'brightpath529', path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
      expect(Math.abs((stamp?.expires ?? 0) - (Date.now() / 1000 + 86_400))).toBeLessThan(120);
    });
  }
});
