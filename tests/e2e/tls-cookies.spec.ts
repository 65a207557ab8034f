import { expect, test } from '@playwright/test';
import type { Cookie, Page } from '@playwright/test';
import { islandsHydrated } from './support/hydration.ts';
import { LoginPage } from './support/login-page.ts';

// Project tls: the shipped nginx config over TLS (a certificate made for the run) in front of E2E_PORT's
// server and emulator. Every cookie the portal sets, from the page and from the service, is Secure there; the
// same visit over plain HTTP (E2E_PORT itself) gets the same cookies without Secure, so local development
// without TLS keeps working.

/**
 * What sets each cookie: the service (XSRF-TOKEN, the session, the browser its passkey challenges are bound to)
 * and the pages (the rest). The session is `__Host-SMSESSION` over TLS (issue 35: no sibling host or plain-HTTP
 * answer can set it), `SMSESSION` without; the passkey binding likewise (issue 42: the login page asks for its
 * autofill challenge as it loads).
 */
const everyCookie = (session: string) => ['EU_COOKIE', 'OptanonAlertBoxClosed', session, session.replace('SMSESSION', 'PASSKEYBROWSER'), 'USER_DISPLAY_LANGUAGE', 'WL_KEY', 'XSRF-TOKEN', 'targetLC'].sort();

/** Does what sets every cookie, on `origin`, and returns the browser's cookies. */
async function collectCookies(page: Page, origin: string, session: string): Promise<Cookie[]> {
  // SiteMinder's home sends a visitor without a session to login (the service sets XSRF-TOKEN on the way);
  // the login page keeps TARGET (targetLC) and the brand (WL_KEY).
  await page.goto(`${origin}/apps/home`);
  await expect(page).toHaveURL(/\/app\/nxn\/login\?SMQUERYDATA=[^&]+&TARGET=%2Fapps%2Fhome$/);
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Accept and close' }).click();
  await expect(page.getByTestId('cookie-bar')).toHaveCount(0);
  const login = new LoginPage(page);
  await login.logIn('jdoe', 'Summer#2026');
  await expect(login.signedIn('jdoe')).toBeVisible();
  // The page reads the XSRF token and sends it back: a service call with its header is answered.
  await page.goto(`${origin}/self-service/nxn/fps`);
  await islandsHydrated(page);
  await page.getByLabel('User ID').fill('jdoe');
  const lookup = page.waitForResponse((response) => response.url().includes('/portal-login-service/public/fps/auth'));
  await page.getByRole('button', { name: 'Continue' }).click();
  expect((await lookup).status()).toBe(200);
  // The consent provider's alert-closed cookie (brightpath529's cookie policy), and the language choice.
  await page.goto(`${origin}/app/brightpath529/cookiePolicy`);
  await page.getByRole('link', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect.poll(async () => (await page.context().cookies()).map((cookie) => cookie.name).sort()).toEqual(everyCookie(session));
  return page.context().cookies();
}

test.describe('cookies over TLS', () => {
  test.use({ ignoreHTTPSErrors: true });

  test('every cookie the portal sets over TLS is Secure and SameSite, and the XSRF token stays readable', async ({ page, baseURL }) => {
    expect(baseURL).toMatch(/^https:/);
    const cookies = await collectCookies(page, baseURL ?? '', '__Host-SMSESSION');
    for (const cookie of cookies) {
      expect({ name: cookie.name, secure: cookie.secure, sameSite: cookie.sameSite }).toEqual({ name: cookie.name, secure: true, sameSite: expect.stringMatching(/^(Strict|Lax)$/) });
    }
    expect(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')).toMatchObject({ httpOnly: false, sameSite: 'Strict' });
    expect(cookies.find((cookie) => cookie.name === '__Host-SMSESSION')).toMatchObject({ httpOnly: true, path: '/', secure: true });
    expect(cookies.find((cookie) => cookie.name === '__Host-SMSESSION')?.domain).not.toMatch(/^\./);
    expect(cookies.find((cookie) => cookie.name === '__Host-PASSKEYBROWSER')).toMatchObject({ httpOnly: true, path: '/', secure: true });
  });

  test('the same visit over plain HTTP sets the same cookies without Secure', async ({ page }) => {
    const plain = `http://localhost:${process.env['E2E_PORT'] ?? '4399'}`;
    const cookies = await collectCookies(page, plain, 'SMSESSION');
    for (const cookie of cookies) {
      expect({ name: cookie.name, secure: cookie.secure, sameSite: cookie.sameSite }).toEqual({ name: cookie.name, secure: false, sameSite: expect.stringMatching(/^(Strict|Lax)$/) });
    }
  });
});
