import { expect, test } from '@playwright/test';
import { codeSentTo, lastCode, runClockUntilCallChecked } from './support/recovery-page.ts';
import { ChangePasswordPage, GERMAN_CHANGE_PASSWORD } from './support/change-password-page.ts';
import { islandsHydrated } from './support/hydration.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { expectOnlyGerman } from './support/german-text.ts';

// Every step, message and dialog of the recovery flows in German reads German only (no English left over).
// Project recovery-accessibility (its origin and emulator, one spec at a time).
freshEmulatorForEachTest();

test('every wizard step, message and dialog reads German only', async ({ page, context, baseURL, request }) => {
  await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: baseURL ?? '' }]);
  // What the service sends back (masked contacts) or the visitor typed is data, not interface text.
  const data = ['j******e@example.com', 'm*****f@nxn.example', 'n*****l@example.com'];
  const expectGerman = (label: string) => expectOnlyGerman(page, label, data);
  const userId = page.getByLabel('Benutzerkennung');
  const weiter = page.getByRole('button', { name: 'Weiter' });
  const passcode = page.getByLabel('Einmal-Code', { exact: true });
  const absenden = page.getByRole('button', { name: 'Absenden' });
  const callCode = page.getByLabel('Einzugebender Code');
  const email = page.getByRole('button', { name: /Option Nr. 1 E-Mail/ });
  await page.clock.install();

  await test.step('forgot password: field error, unknown user, channels, support, code, wrong code, call', async () => {
    await page.goto('/self-service/nxn/fps');
    await islandsHydrated(page);
    await userId.fill('a b');
    await userId.blur();
    await expect(userId).toHaveAttribute('aria-invalid', 'true');
    await expectGerman('request with a field error');
    await userId.fill('nobody');
    await weiter.click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectGerman('unknown user');
    await userId.fill('jdoe');
    await weiter.click();
    await expect(page.getByText('Option Nr. 1')).toBeVisible();
    await expectGerman('channel choice');
    await page.getByRole('button', { name: 'Hilfe', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectGerman('support dialog');
    await page.keyboard.press('Escape');
    await email.click();
    await passcode.fill('00000');
    await passcode.fill('');
    await passcode.blur();
    await expect(page.getByText('Dieses Feld ist erforderlich')).toBeVisible();
    await expectGerman('code required, resend countdown');
    const sent = await codeSentTo(request, 'john.doe@example.com');
    await passcode.fill(sent === '000000' ? '111111' : '000000');
    await absenden.click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectGerman('wrong code');
    await page.getByRole('button', { name: 'Zurück zur vorherigen Seite' }).click();
    await page.getByRole('button', { name: /Option Nr. 3 Anruf/ }).click();
    await expect(callCode).toBeVisible();
    await expectGerman('call');
  });

  await test.step('a call that cannot reach the user', async () => {
    await page.goto('/de-DE/self-service/nxn/fps');
    await userId.fill('nocall');
    await weiter.click();
    await page.getByRole('button', { name: /Anruf/ }).click();
    await expect(callCode).toHaveValue(/^\d{6}$/);
    await runClockUntilCallChecked(page, page.getByText('Wir konnten Sie telefonisch nicht erreichen.', { exact: false }));
    await expectGerman('call error');
  });

  await test.step('the locked user\'s ERROR step', async () => {
    await page.goto('/de-DE/self-service/nxn/fps');
    await userId.fill('llocked');
    await weiter.click();
    await email.click();
    await expect(passcode).toBeVisible();
    await passcode.fill(await lastCode(request));
    await absenden.click();
    await expect(page.getByRole('heading', { name: 'FEHLER' })).toBeVisible();
    await expectGerman('error step');
  });

  await test.step('forgot user id: field errors and the INFO step', async () => {
    await page.goto('/de-DE/self-service/nxn/fuid');
    await islandsHydrated(page);
    await page.getByLabel('Vorname').fill('J*');
    await page.getByLabel('Nachname').fill('Doe');
    await page.getByLabel('E-Mail-Adresse').fill('not-an-address');
    await page.getByLabel('E-Mail-Adresse').blur();
    await expect(page.getByLabel('Vorname')).toHaveAttribute('aria-invalid', 'true');
    await expectGerman('forgot user id field errors');
    await page.getByLabel('Vorname').fill('John');
    await page.getByLabel('E-Mail-Adresse').fill('john.doe@example.com');
    await weiter.click();
    await email.click();
    await expect(passcode).toBeVisible();
    await passcode.fill(await codeSentTo(request, 'john.doe@example.com'));
    await absenden.click();
    await expect(page.getByRole('heading', { name: 'Ihre Benutzerkennung ist unterwegs' })).toBeVisible();
    await expectGerman('info');
  });

  await test.step('change password: every error banner, the rules, a password too long, the internal support dialog', async () => {
    const changePassword = new ChangePasswordPage(page, GERMAN_CHANGE_PASSWORD);
    for (const error of ['ISB_USRUP06', 'ISB_PASSVAL01', 'ISB_PASSVAL02', 'ISB_PASSVAL03', 'ISB_PASSVAL04', 'OTHER']) {
      await changePassword.goto(`uid=mstaff&uti=internal&FTUF=N&SMPWERR=${error}`, '/de-DE');
      await expect(changePassword.banner).toBeVisible();
      await expectGerman(`change password ${error}`);
    }
    await islandsHydrated(page);
    await changePassword.fillNew('kurz', 'anders');
    await changePassword.showPasswords.click();
    // Each check reads the page once what it is about shows.
    await expect(page.getByRole('button', { name: 'Passwörter verbergen' })).toBeVisible();
    await expect(page.getByText(/noch nicht erfüllt/).first()).toBeVisible();
    await expectGerman('change password rules');
    await changePassword.newPassword.fill('x'.repeat(129));
    await changePassword.newPassword.blur();
    await expect(page.getByText('Passwörter dürfen höchstens 128 Zeichen haben.')).toBeVisible();
    await expectGerman('change password too long');
    await page.getByRole('button', { name: 'Hilfe', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectGerman('internal support dialog');
  });
});
