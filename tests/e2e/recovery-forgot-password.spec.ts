import { expect, test } from '@playwright/test';
import { lastCode, lastTemporaryPassword, outbox, RecoveryPage, statistics } from './support/recovery-page.ts';
import { LoginPage } from './support/login-page.ts';
import { ChangePasswordPage } from './support/change-password-page.ts';
import { requestsSoFarSeen } from './support/sampling.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';

// Forgot password through each channel to a new password: the passcode step (e-mail, SMS, call; wrong, resent,
// pasted, refused), the password rules at the end, and the flow in German. The history of its steps is in
// recovery-forgot-password-history.spec.ts; the page around the flow in recovery-forgot-password-page.spec.ts
// (one project, one origin and emulator, one spec at a time).
freshEmulatorForEachTest();

// The toast shows once: the journey 'forgot password by e-mail' comes back to login and watches for it (tests/journeys).
test('jdoe resets the password by e-mail and logs in with the new one, seeing the toast', async ({ page, request, context, baseURL }) => {
  const recovery = new RecoveryPage(page);
  const login = new LoginPage(page);
  // The user token statistics carry (spec 3) comes from the usrTok cookie.
  await context.addCookies([{ name: 'usrTok', value: 'e2e-user-token', url: baseURL ?? '' }]);
  let contacts: Array<string | null | undefined> = [];
  let temporaryPassword = '';

  await test.step('asks for a passcode by e-mail', async () => {
    const channelLookup = page.waitForResponse((response) => response.url().endsWith('/portal-login-service/public/fps/auth'));
    await recovery.requestPassword('jdoe');
    // The contact values arrive obfuscated; neither they nor their base64 part may reach statistics.
    const lookup = (await (await channelLookup).json()) as Record<string, string | null>;
    contacts = [lookup['primaryEmail'], lookup['cellPhone'], lookup['businessPhone']];
    await expect(page.getByText('j******e@example.com')).toBeVisible();
    await recovery.choose(/Option #1 Email/);
    await expect(page.getByText('The passcode expires in 20 minutes.')).toBeVisible();
    await expect(recovery.passcode).toHaveAttribute('autocomplete', 'one-time-code');
  });

  await test.step('enters the code and changes the temporary password', async () => {
    await recovery.enterCode(await lastCode(request));
    // The temporary password is e-mailed before the page moves on: read it once the page is there.
    await expect(page).toHaveURL(/fps-self-change-pw/);
    temporaryPassword = await lastTemporaryPassword(request);
    await recovery.changePassword(temporaryPassword, 'Fresh#Start2027');
  });

  await test.step('sees the toast on the login page and logs in with the new password', async () => {
    await expect(page).toHaveURL(/\/app\/nxn\/login\?.*fromPage=FPS/);
    await expect(page.getByTestId('success-toast')).toContainText('Password has been reset successfully.');
    await login.logIn('jdoe', 'Fresh#Start2027');
    await expect(login.signedIn('jdoe')).toBeVisible();
  });

  await test.step('the statistics tell the journey, with nothing secret in them', async () => {
    const payloads = await statistics(request);
    expect(payloads).toContainEqual(expect.objectContaining({ statsType: 'NXN_USAGE_STATS', TO_STATE: 'FPS/generateOTPPage', TRANSITION_STATUS: 'Success', WL_KEY: 'nxn', LAST_ACTIVITY_USER_ID: 'jdoe' }));
    // HTTP stats: the environment of localhost is MOCK, with the user token, the client and the visitor as the page knows them.
    expect(payloads).toContainEqual(expect.objectContaining({
      statsType: 'NXN_HTTP_STATS', url: '/portal-login-service/public/fps/auth', status: 'Success', statusCode: 200,
      environment: 'MOCK', userToken: 'e2e-user-token', clientId: 'nxn', lastActivityUserId: 'jdoe', apiVersion: null,
    }));
    expect(payloads).toContainEqual(expect.objectContaining({
      statsType: 'NXN_HTTP_STATS', url: '/portal-login-service/public/fps/generate-otp', environment: 'MOCK', userType: 'external',
      lastActivityUserId: 'jdoe', fromState: 'FPS/otpPage', toState: 'FPS/verifyPage',
    }));
    // Nothing secret in any statistics record: no password, passcode or contact value, plain or obfuscated.
    const everything = await (await request.get('/__emulator/stats')).text();
    const secrets = [
      'Fresh#Start2027', temporaryPassword, 'john.doe@example.com', '201-555-0147', '201-555-0199',
      ...contacts.flatMap((value) => (value ? [value, value.slice(3)] : [])),
      ...(await outbox(request)).map((message) => message.code ?? 'none'),
    ];
    expect(contacts.filter(Boolean)).toHaveLength(3);
    for (const secret of secrets) {
      expect(everything).not.toContain(secret);
    }
  });
});

test('jdoe verifies by SMS, shown as the last 4 digits with a plus sign, with show/hide and paste', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #2 SMS/);
  await expect(page.getByText('+***0147')).toBeVisible();
  const field = recovery.passcode;
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show passcode' }).click();
  await expect(field).toHaveAttribute('type', 'text');
  await field.focus();
  await page.evaluate(async (code) => {
    const target = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', code);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    // Where the paste event fills nothing, typing it in as the browser's own edit command would.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    if (!target.value) document.execCommand('insertText', false, code);
  }, await lastCode(request));
  await expect(field).not.toHaveValue('');
  await recovery.submitButton.click();
  await expect(page).toHaveURL(/fps-self-change-pw\?uid=jdoe&uti=external&FTUF=N/);
});

test('jdoe verifies by call: the code shows read-only and the page checks every 20 seconds', async ({ page, request }) => {
  await page.clock.install();
  // The 20-second check starts once the passcode step's code (its own chunk) has arrived; under load that can be
  // after the fake clock has already run, so the clock waits for the chunk.
  const stepCode = page.waitForResponse((response) => /\/verify-effects\.[^/]+\.js$/.test(new URL(response.url()).pathname));
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #3 Call/);
  const code = recovery.callCode;
  await expect(code).toHaveAttribute('readonly', '');
  await expect(code).toHaveValue(/^\d{6}$/);
  await stepCode;
  await requestsSoFarSeen(page);
  const checks: string[] = [];
  page.on('request', (sent) => { if (sent.url().endsWith('/fps/verify-otp')) checks.push(sent.url()); });
  // One check between 18 and 22 seconds after the code showed, none before and none again before 38.
  await page.clock.runFor(18_000);
  await requestsSoFarSeen(page);
  expect(checks, 'checks in the first 18 s').toHaveLength(0);
  // The check the 20-second timer starts may go out a moment after the timer fired (the call is async): wait for it.
  await page.clock.runFor(4_000);
  await expect.poll(() => checks.length, { message: 'checks by 22 s' }).toBe(1);
  await page.clock.runFor(16_000);
  await requestsSoFarSeen(page);
  expect(checks, 'checks by 38 s').toHaveLength(1);
  await request.post('/__emulator/calls/answer');
  await page.clock.runFor(4_000);
  await expect(page).toHaveURL(/fps-self-change-pw/);
});

test('a wrong code shows the verify error, editing clears it, and a resend after the countdown sends a new code that works', async ({ page, request }) => {
  await page.clock.install();
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  const first = await lastCode(request);
  await recovery.enterCode(first === '000000' ? '111111' : '000000');
  await expect(page.getByRole('alert')).toHaveText('The passcode is not correct. Please check it and try again.');
  await expect(recovery.submitButton).toBeDisabled();
  await recovery.passcode.fill('12');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The service takes a resend 30 seconds after the last code; the page counts down to it.
  const resend = recovery.resend;
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/^You can request a new passcode in [1-3]?\d seconds\.$/)).toBeVisible();
  await expect(resend).toHaveAccessibleDescription(/You can request a new passcode in \d+ seconds\./);
  await page.clock.fastForward(31_000);
  await request.post('/__emulator/clock/advance', { data: { seconds: 31 } });
  // The countdown is gone; its end is said once (a visually hidden status, issue 34).
  await expect(page.getByText(/You can request a new passcode in/)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'You can request a new passcode now.' })).toBeAttached();
  await resend.click();
  await expect(page.getByText('A new passcode has been sent.', { exact: false })).toBeVisible();
  await expect(resend).toBeDisabled();
  expect((await outbox(request)).filter((message) => message.code)).toHaveLength(2);
  await recovery.enterCode(await lastCode(request));
  await expect(page).toHaveURL(/fps-self-change-pw/);
});

test('choosing the same channel again within 30 seconds leads back to the code already sent, which still works', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  const first = await lastCode(request);
  await recovery.returnButton.click();
  await recovery.choose(/Option #1 Email/);
  await expect(page.getByRole('alert')).toHaveText('We sent a passcode there moments ago. Please enter that one; you can request a new one when the countdown ends.');
  await expect(page.getByText(/You can request a new passcode in \d+ seconds\./)).toBeVisible();
  expect((await outbox(request)).filter((message) => message.code)).toHaveLength(1);
  await recovery.enterCode(first);
  await expect(page).toHaveURL(/fps-self-change-pw/);
});

test('a passcode pasted the way e-mails and SMS group it is the code: "278 210", " 278210 ", "278-210"', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  const code = await lastCode(request);
  const field = recovery.passcode;
  for (const pasted of [` ${code} `, `${code.slice(0, 3)}-${code.slice(3)}`, `${code.slice(0, 3)} ${code.slice(3)}`]) {
    await field.fill('');
    await field.focus();
    await page.keyboard.insertText(pasted);
    // Nothing is cut: the field holds what was pasted, and the form takes it.
    await expect(field).toHaveValue(pasted);
    await field.blur();
    await expect(page.locator('.field__error')).toHaveCount(0);
    await expect(recovery.submitButton).toBeEnabled();
  }
  const verify = page.waitForRequest((sent) => sent.url().endsWith('/fps/verify-otp'));
  await recovery.submitButton.click();
  // The service gets the six digits (obfuscated: 3 random characters, then base64).
  const otp = (await verify).postDataJSON() as { otp: string };
  expect(Buffer.from(otp.otp.slice(3), 'base64').toString()).toBe(code);
  await expect(page).toHaveURL(/fps-self-change-pw/);
});

for (const { language, path, label, submit, messages } of [
  {
    language: 'en-US', path: '/self-service/nxn/fps', label: 'Passcode', submit: 'Submit',
    messages: { required: 'This field is required', short: 'The passcode is too short. Please enter all 6 digits.', long: 'The passcode is too long. It has 6 digits.', digits: 'Please enter digits only. The passcode has 6 digits.' },
  },
  {
    language: 'de-DE', path: '/de-DE/self-service/nxn/fps', label: 'Einmal-Code', submit: 'Absenden',
    messages: { required: 'Dieses Feld ist erforderlich', short: 'Der Code ist zu kurz. Bitte geben Sie alle 6 Ziffern ein.', long: 'Der Code ist zu lang. Er hat 6 Ziffern.', digits: 'Bitte geben Sie nur Ziffern ein. Der Code hat 6 Ziffern.' },
  },
]) {
  test(`a passcode field that is empty, short, long or not digits says which, in ${language}`, async ({ page }) => {
    await page.goto(path);
    await page.locator('input[name="userId"]').fill('jdoe');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: /E-Mail|Email/ }).click();
    const field = page.getByLabel(label, { exact: true });
    const error = page.locator('.field__error');
    const submitButton = page.getByRole('button', { name: submit });
    for (const [typed, message] of [['278 21', messages.short], ['2782100', messages.long], ['27a 210', messages.digits], ['', messages.required]] as const) {
      await field.fill('');
      await field.focus();
      await page.keyboard.insertText(typed);
      await field.blur();
      await expect(error).toHaveText(message);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(submitButton).toBeDisabled();
    }
  });
}

test('a reused password is refused with ISB_USRUP06, and mstaff needs 16 characters', async ({ page, request }) => {
  const changePassword = new ChangePasswordPage(page);
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  await recovery.enterCode(await lastCode(request));
  // The temporary password is e-mailed before the page moves on: read it once the page is there.
  await expect(page).toHaveURL(/fps-self-change-pw/);
  await recovery.changePassword(await lastTemporaryPassword(request), 'Summer#2026');
  await expect(page).toHaveURL(/SMPWERR=ISB_USRUP06/);
  await expect(page.getByRole('alert')).toHaveText('You cannot reuse any of your previous 12 passwords.');

  await recovery.requestPassword('mstaff');
  await recovery.choose(/Option #1 Email/);
  await recovery.enterCode(await lastCode(request));
  await expect(page).toHaveURL(/uti=internal/);
  await expect(page.getByText('At least 16 characters')).toBeVisible();
  await changePassword.fill(await lastTemporaryPassword(request), 'Short#Pass2027');
  await expect(changePassword.submitButton).toBeDisabled();
  await changePassword.fillNew('Much#Longer#Pass2027');
  await changePassword.submit();
  await expect(page).toHaveURL(/\/app\/nxn\/login/);
});

test('the flow runs in German', async ({ page, context, baseURL, request }) => {
  await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: baseURL ?? '' }]);
  await page.goto('/self-service/nxn/fps');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anfrage: Passwort vergessen', { useInnerText: true });
  await page.getByLabel('Benutzerkennung').fill('jdoe');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: /Option Nr. 1 E-Mail/ }).click();
  await page.getByLabel('Einmal-Code', { exact: true }).fill(await lastCode(request));
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page).toHaveURL(/\/de-DE\/self-service\/nxn\/fps-self-change-pw/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neues Passwort festlegen');
});
