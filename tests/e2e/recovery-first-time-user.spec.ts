import { expect, test } from '@playwright/test';
import { islandsHydrated } from './support/hydration.ts';
import { lastCode, outbox, RecoveryPage } from './support/recovery-page.ts';
import { LoginPage } from './support/login-page.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';

freshEmulatorForEachTest();

test('newuser sets up first-time access and logs in', async ({ page, request }) => {
  const login = new LoginPage(page);
  const recovery = new RecoveryPage(page);
  await page.goto('/self-service/nxn/fps?FTUF=Y');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('First-time user request', { useInnerText: true });
  await recovery.userId.fill('newuser');
  await recovery.continueButton.click();
  await recovery.choose(/Option #1 Email/);
  await recovery.enterCode(await lastCode(request));
  await expect(page).toHaveURL(/FTUF=Y/);
  // No temporary password for a first-time user: the one they were given still works.
  expect((await outbox(request)).some((message) => message.text.includes('temporary password'))).toBe(false);
  await recovery.changePassword('Welcome#2026', 'Own#Choice2027');
  await recovery.login('newuser', 'Own#Choice2027');
  await expect(login.signedIn('newuser')).toBeVisible();
});

for (const { language, prefix, ftu, fps, ftuHeading, fpsHeading, ftuIntro } of [
  {
    language: 'en-US', prefix: '', ftu: 'First-Time User | NXN Investor Services', fps: 'Forgot Password | NXN Investor Services',
    ftuHeading: 'First-time user request', fpsHeading: 'Forgot password request', ftuIntro: 'Enter the User ID you received to set up your online access.',
  },
  {
    language: 'de-DE', prefix: '/de-DE', ftu: 'Erstanmeldung | NXN Anlegerservice', fps: 'Passwort vergessen | NXN Anlegerservice',
    ftuHeading: 'Anfrage: Erstanmeldung', fpsHeading: 'Anfrage: Passwort vergessen', ftuIntro: 'Geben Sie die Benutzerkennung ein, die Sie erhalten haben, um Ihren Online-Zugang einzurichten.',
  },
]) {
  test(`the first-time-user page is titled and worded for its flow from the first paint, before any island loads (${language})`, async ({ page }) => {
    const heading = page.getByRole('heading', { level: 1 });
    // No module script runs: what the page says comes from the page itself.
    await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
    await page.goto(`${prefix}/self-service/nxn/fps?FTUF=Y`);
    await expect(page).toHaveTitle(ftu);
    expect(await heading.innerText()).toBe(ftuHeading);
    await expect(page.getByText(ftuIntro)).toBeVisible();
    await page.goto(`${prefix}/self-service/nxn/fps?FTUF=N`);
    await expect(page).toHaveTitle(fps);
    expect(await heading.innerText()).toBe(fpsHeading);
    await page.unroute(/\/_astro\/.*\.js$/);
    await page.goto(`${prefix}/self-service/nxn/fps?uid=x&FTUF=Y`);
    await islandsHydrated(page);
    await expect(heading).toHaveText(ftuHeading);
    await expect(page.getByText(ftuIntro)).toBeVisible();
    await expect(page).toHaveTitle(ftu);
  });
}
