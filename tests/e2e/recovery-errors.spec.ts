import { expect, test } from '@playwright/test';
import { lastCode, outbox, RecoveryPage, runClockUntilCallChecked } from './support/recovery-page.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';

freshEmulatorForEachTest();

test('llocked reaches the ERROR step and goes back to login', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('llocked');
  await recovery.choose(/Option #1 Email/);
  await recovery.enterCode(await lastCode(request));
  await expect(page.getByRole('heading', { name: 'ERROR' })).toBeVisible();
  await expect(page.getByText('There is a problem with your User ID or password. Please contact the Help Desk for assistance.')).toBeVisible();
  await page.getByRole('button', { name: 'Go To Login Page' }).click();
  await expect(page).toHaveURL(/\/app\/nxn\/login/);
});

test('nocall cannot be reached by phone and is offered the options again with the call error', async ({ page }) => {
  await page.clock.install();
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('nocall');
  await expect(page.getByText('Option #2')).toBeVisible();
  await expect(page.getByText(/SMS/)).toHaveCount(0);
  await recovery.choose(/Option #2 Call/);
  await expect(recovery.callCode).toHaveValue(/^\d{6}$/);
  const callError = page.getByRole('alert').filter({ hasText: 'We could not reach you by phone. Please choose another option or try again later.' });
  await runClockUntilCallChecked(page, callError);
  await expect(page.getByRole('alert')).toHaveText('We could not reach you by phone. Please choose another option or try again later.');
  await expect(recovery.option(/Option #1 Email/)).toBeEnabled();
});

test('an expired code says so, and a new one after the resend works', async ({ page, request }) => {
  await page.clock.install();
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #2 SMS/);
  const expired = await lastCode(request);
  await expect(page.getByText('The passcode expires in 20 minutes.', { exact: false })).toBeVisible();
  await request.post('/__emulator/clock/advance', { data: { seconds: 20 * 60 + 1 } });
  await page.clock.fastForward(20 * 60 * 1000 + 1000);
  await recovery.enterCode(expired);
  await expect(page.getByRole('alert')).toHaveText('This passcode has expired. Please request a new one.');
  await recovery.resend.click();
  await expect(page.getByText('A new passcode has been sent.', { exact: false })).toBeVisible();
  const fresh = await lastCode(request);
  await recovery.enterCode(fresh);
  await expect(page).toHaveURL(/fps-self-change-pw/);
});

test('a user who asked for too many passcodes gets a clear message and keeps a working page', async ({ page }) => {
  await page.goto('/self-service/nxn/fps');
  // Six passcodes in a quarter hour, straight from the browser as a script would (the emulator's per-user limit).
  const statuses = await page.evaluate(async () => {
    const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`/portal-login-service/public/fps/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf }, body: JSON.stringify(body) });
      return { status: response.status, body: await response.json() as Record<string, string> };
    };
    const sent: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const auth = (await post('auth', { userId: 'jdoe', flow: 'FPS', devicePrint: '' })).body;
      sent.push((await post('generate-otp', { channel: 'email', sessionId: auth['sessionId'], transactionId: auth['transactionId'], value: auth['primaryEmail'], flow: 'FPS', userId: 'jdoe' })).status);
    }
    return sent;
  });
  expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait a few minutes and try again.');
  // Still on the channel choice, every option usable: nothing broke, nothing was sent.
  await expect(recovery.option(/Option #2 SMS/)).toBeEnabled();
  await expect(page.getByText('Something went wrong', { exact: false })).toHaveCount(0);
});

for (const { language, path, label, submit, generic, wrong } of [
  {
    language: 'en-US', path: '/self-service/nxn/fps', label: 'Passcode', submit: 'Submit',
    generic: 'We could not complete your request. Please try again.', wrong: 'The passcode is not correct. Please check it and try again.',
  },
  {
    language: 'de-DE', path: '/de-DE/self-service/nxn/fps', label: 'Einmal-Code', submit: 'Absenden',
    generic: 'Ihre Anfrage konnte nicht abgeschlossen werden. Bitte versuchen Sie es erneut.',
    wrong: 'Der Code ist nicht korrekt. Bitte prüfen Sie ihn und versuchen Sie es erneut.',
  },
]) {
  test(`a server fault on verify shows the generic message, never that the code is wrong; only a wrong code says so (${language})`, async ({ page, request }) => {
    await page.goto(path);
    await page.locator('input[name="userId"]').fill('jdoe');
    await page.locator('button[type="submit"]').click();
    await page.getByRole('button', { name: /E-Mail|Email/ }).click();
    const code = await lastCode(request);
    const field = page.getByLabel(label, { exact: true });
    await field.fill(code);
    // The service fails (spec 4.3: every verify error but the named ones shows the generic message).
    await page.route('**/portal-login-service/public/fps/verify-otp', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"errorCode":"ISB_FAIL01"}' }));
    await page.getByRole('button', { name: submit }).click();
    await expect(page.getByRole('alert')).toHaveText(generic);
    await page.unroute('**/portal-login-service/public/fps/verify-otp');
    // The service's own wrong-code answer, and only that, blames the code.
    await field.fill(code === '000000' ? '111111' : '000000');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: submit }).click();
    await expect(page.getByRole('alert')).toHaveText(wrong);
    // The code that was sent still works after the fault.
    await field.fill(code);
    await page.getByRole('button', { name: submit }).click();
    await expect(page).toHaveURL(/fps-self-change-pw/);
  });
}

test('after the ERROR step its transaction is over: Back starts cleanly at the request step and sends nothing', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('llocked');
  await recovery.choose(/Option #1 Email/);
  await recovery.enterCode(await lastCode(request));
  await expect(page.getByRole('heading', { name: 'ERROR' })).toBeVisible();
  const sent = (await outbox(request)).length;
  await page.goBack();
  await expect(recovery.userId).toHaveValue('');
  await expect(recovery.passcode).toHaveCount(0);
  await page.goBack();
  await expect(recovery.userId).toHaveValue('');
  await expect(page.getByText('Option #1')).toHaveCount(0);
  await page.goForward();
  await expect(recovery.userId).toHaveValue('');
  expect((await outbox(request)).length).toBe(sent);
});
