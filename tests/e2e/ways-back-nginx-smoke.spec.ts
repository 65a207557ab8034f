import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '../../src/domain/languages.ts';
import { createTranslator } from '../../src/i18n/translations.ts';
import { localizedPath } from '../../src/lib/display-language.ts';
import { islandsHydrated } from './support/hydration.ts';
import { lastTemporaryPassword } from './support/recovery-page.ts';
import { enterFirstChannelPasscode, expectBrandLoginPage, signInThenLogOut } from './support/ways-back.ts';

// Issue 22 point 1 behind the shipped nginx config: SiteMinder's /apps/home (the emulator, proxied) sends the
// visitor to nginx's `/`, which follows WL_KEY, and nginx serves the language cookie's page at that URL. Each walk
// is a visitor's: it starts on a brand's login page and goes on by clicks only (the passcode read from the
// emulator's outbox, as from the visitor's mail). The walks send passcodes, open sessions and change passwords:
// nginx here is in front of an emulator of its own (project "ways-back-nginx").
// The shipped nginx config never routes the emulator's inspection endpoints (issue 35): the walks read the outbox
// and reset the emulator at its own origin, as a developer's tools would.
const SERVICES = `http://127.0.0.1:${process.env['E2E_WAYS_BACK_NGINX_SERVICES_PORT'] ?? String(Number(process.env['E2E_PORT'] ?? 4399) + 18)}`;
let emulator: APIRequestContext;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ playwright }) => {
  emulator = await playwright.request.newContext({ baseURL: SERVICES });
});
test.afterAll(async () => {
  await emulator.dispose();
});
test.beforeEach(async () => {
  expect((await emulator.post('/__emulator/reset')).ok()).toBe(true);
});

/** On the brand's login page in the language, titled with the brand's name, with SiteMinder's fresh query (plus what it kept). */
async function expectBrandLogin(page: Page, wl: string, language: Language, extra = ''): Promise<void> {
  // At `/`'s address, without a language prefix: nginx serves the language cookie's page there (the page's own
  // fallback, a move to the /de-DE/ address, would hide a config that lost the language).
  await expect(page).toHaveURL(new RegExp(`^https?://[^/]+/app/${wl}/login\\?SMQUERYDATA=[\\w-]{16}&TARGET=%2Fapps%2Fhome${extra}$`));
  await expectBrandLoginPage(page, wl, language);
}

/** Chooses the first channel (e-mail) and enters the passcode the visitor got there. */
const enterPasscode = (page: Page, language: Language, email: string) => enterFirstChannelPasscode(page, language, emulator, email);

for (const language of ['en-US', 'de-DE'] as const) {
  const t = createTranslator(language);
  const login = localizedPath('/app/brightpath529/login', language);

  test(`nginx: Cancel and the header Log In of brightpath529's recovery pages end on its login in ${language}`, async ({ page }) => {
    await page.goto(`${login}?SMQUERYDATA=x`);
    await page.getByRole('link', { name: t('login.forgotPassword') }).click();
    await islandsHydrated(page);
    await page.getByRole('button', { name: t('recovery.request.cancel') }).click();
    await expectBrandLogin(page, 'brightpath529', language);
    await page.getByRole('link', { name: t('login.forgotUserId') }).click();
    await expect(page).toHaveURL(/\/self-service\/brightpath529\/fuid$/);
    await page.getByTestId('header-login').click();
    await expectBrandLogin(page, 'brightpath529', language);
  });

  test(`nginx: signing out of brightpath529 in ${language} shows its logout page, whose Go To Login ends on its login`, async ({ page }) => {
    await page.goto(`${login}?SMQUERYDATA=x`);
    await signInThenLogOut(page, language);
    await expect(page).toHaveURL(/\/app\/brightpath529\/logout$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pages.logout.message'));
    await page.getByRole('link', { name: t('pages.logout.goToLogin') }).click();
    await expectBrandLogin(page, 'brightpath529', language);
  });

  test(`nginx: Forgot User ID's Back to login, once the id was sent, ends on brightpath529's login in ${language}`, async ({ page, context, baseURL }) => {
    // As the issue found it: the white-label cookie names the brand.
    await context.addCookies([{ name: 'WL_KEY', value: 'brightpath529', url: baseURL ?? '' }]);
    await page.goto(`${login}?SMQUERYDATA=x`);
    await page.getByRole('link', { name: t('login.forgotUserId') }).click();
    await islandsHydrated(page);
    await page.getByLabel(t('recovery.request.firstName')).fill('John');
    await page.getByLabel(t('recovery.request.lastName')).fill('Doe');
    await page.getByLabel(t('recovery.request.emailId')).fill('john.doe@example.com');
    await page.getByRole('button', { name: t('recovery.request.continue') }).click();
    await enterPasscode(page, language, 'john.doe@example.com');
    await page.getByRole('link', { name: t('recovery.info.back') }).click();
    await expectBrandLogin(page, 'brightpath529', language);
  });

  test(`nginx: the locked user's Go To Login Page ends on brightpath529's login in ${language}`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'WL_KEY', value: 'brightpath529', url: baseURL ?? '' }]);
    await page.goto(`${login}?SMQUERYDATA=x`);
    await page.getByRole('link', { name: t('login.forgotPassword') }).click();
    await islandsHydrated(page);
    await page.getByLabel(t('recovery.request.userId')).fill('llocked');
    await page.getByRole('button', { name: t('recovery.request.continue') }).click();
    await enterPasscode(page, language, 'lena.locked@example.com');
    await expect(page.getByRole('heading', { name: t('recovery.error.heading') })).toBeVisible();
    await page.getByRole('button', { name: t('recovery.error.goToLogin') }).click();
    await expectBrandLogin(page, 'brightpath529', language);
  });

  test(`nginx: a password change lands, through SiteMinder's success, on summit's login in ${language}, with the toast`, async ({ page }) => {
    await page.goto(`${localizedPath('/app/summit/login', language)}?SMQUERYDATA=x`);
    await page.getByRole('link', { name: t('login.forgotPassword') }).click();
    await islandsHydrated(page);
    await page.getByLabel(t('recovery.request.userId')).fill('jdoe');
    await page.getByRole('button', { name: t('recovery.request.continue') }).click();
    await enterPasscode(page, language, 'john.doe@example.com');
    await expect(page).toHaveURL(/\/self-service\/summit\/fps-self-change-pw\?/);
    await islandsHydrated(page);
    await page.getByLabel(t('recovery.changePassword.current')).fill(await lastTemporaryPassword(emulator));
    await page.getByLabel(t('recovery.changePassword.new'), { exact: true }).fill('Winter#2027xy');
    await page.getByLabel(t('recovery.changePassword.confirm')).fill('Winter#2027xy');
    await page.getByRole('button', { name: t('recovery.changePassword.submit') }).click();
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
