import { expect, test } from '@playwright/test';
import { lastCode, outbox, RecoveryPage } from './support/recovery-page.ts';
import { LoginPage } from './support/login-page.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';

freshEmulatorForEachTest();

test('newuser sets up first-time access and logs in', async ({ page, request }) => {
  const login = new LoginPage(page);
  const recovery = new RecoveryPage(page);
  await page.goto('/self-service/nxn/fps?FTUF=Y');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('First-time user request');
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
