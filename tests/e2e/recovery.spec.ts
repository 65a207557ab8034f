import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { focused } from './support/focus.ts';
import { expectOnlyGerman } from './support/german-text.ts';
import { codeSentTo, lastCode, lastTemporaryPassword, outbox, RecoveryPage, statistics } from './support/recovery-page.ts';

// These tests change the seeded users, so they run one after another on their own emulator.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ request }) => {
  await request.post('/__emulator/reset');
});

test('jdoe resets the password by e-mail and logs in with the new one, seeing the toast once', async ({ page, request, context, baseURL }) => {
  // The user token statistics carry (spec 3) comes from the usrTok cookie.
  await context.addCookies([{ name: 'usrTok', value: 'e2e-user-token', url: baseURL ?? '' }]);
  const recovery = new RecoveryPage(page);
  const channelLookup = page.waitForResponse((response) => response.url().endsWith('/portal-login-service/public/fps/auth'));
  await recovery.requestPassword('jdoe');
  // The contact values arrive obfuscated; neither they nor their base64 part may reach statistics.
  const lookup = (await (await channelLookup).json()) as Record<string, string | null>;
  const contacts = [lookup['primaryEmail'], lookup['cellPhone'], lookup['businessPhone']];
  await expect(page.getByText('j******e@example.com')).toBeVisible();
  await recovery.choose(/Option #1 Email/);
  await expect(page.getByText('The passcode expires in 20 minutes.')).toBeVisible();
  await expect(page.getByLabel('Passcode', { exact: true })).toHaveAttribute('autocomplete', 'one-time-code');
  await recovery.enterCode(await lastCode(request));
  // The temporary password is e-mailed before the page moves on: read it once the page is there.
  await expect(page).toHaveURL(/fps-self-change-pw/);
  const temporaryPassword = await lastTemporaryPassword(request);
  await recovery.changePassword(temporaryPassword, 'Fresh#Start2027');
  await expect(page).toHaveURL(/\/app\/nxn\/login\?.*fromPage=FPS/);
  await expect(page.getByTestId('success-toast')).toContainText('Password has been reset successfully.');
  await recovery.login('jdoe', 'Fresh#Start2027');
  await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();
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

test('jdoe verifies by SMS, shown as the last 4 digits with a plus sign, with show/hide and paste', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #2 SMS/);
  await expect(page.getByText('+***0147')).toBeVisible();
  const field = page.getByLabel('Passcode', { exact: true });
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show passcode' }).click();
  await expect(field).toHaveAttribute('type', 'text');
  await field.focus();
  await page.evaluate(async (code) => {
    const target = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', code);
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    if (!target.value) document.execCommand('insertText', false, code);
  }, await lastCode(request));
  await expect(field).not.toHaveValue('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/fps-self-change-pw\?uid=jdoe&uti=external&FTUF=N/);
});

test('jdoe verifies by call: the code shows read-only and the page checks every 20 seconds', async ({ page, request }) => {
  await page.clock.install();
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #3 Call/);
  const code = page.getByLabel('Code to key in');
  await expect(code).toHaveAttribute('readonly', '');
  await expect(code).toHaveValue(/^\d{6}$/);
  await request.post('/__emulator/calls/answer');
  await page.clock.runFor(20_000);
  await expect(page).toHaveURL(/fps-self-change-pw/);
});

test('nocall cannot be reached by phone and is offered the options again with the call error', async ({ page }) => {
  await page.clock.install();
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('nocall');
  await expect(page.getByText('Option #2')).toBeVisible();
  await expect(page.getByText(/SMS/)).toHaveCount(0);
  await recovery.choose(/Option #2 Call/);
  // The 20-second check starts with the VERIFY step: only then move the clock on.
  await expect(page.getByLabel('Code to key in')).toHaveValue(/^\d{6}$/);
  await page.clock.runFor(20_000);
  await expect(page.getByRole('alert')).toHaveText('We could not reach you by phone. Please choose another option or try again later.');
  await expect(page.getByRole('button', { name: /Option #1 Email/ })).toBeEnabled();
});

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

test('a wrong code shows the verify error, editing clears it, and a resend after the countdown sends a new code that works', async ({ page, request }) => {
  await page.clock.install();
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  const first = await lastCode(request);
  await recovery.enterCode(first === '000000' ? '111111' : '000000');
  await expect(page.getByRole('alert')).toHaveText('The passcode is not correct. Please check it and try again.');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.getByLabel('Passcode', { exact: true }).fill('12');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The service takes a resend 30 seconds after the last code; the page counts down to it.
  const resend = page.getByRole('button', { name: 'Resend OTP' });
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/^You can request a new passcode in [1-3]?\d seconds\.$/)).toBeVisible();
  await expect(resend).toHaveAccessibleDescription(/You can request a new passcode in \d+ seconds\./);
  await page.clock.fastForward(31_000);
  await request.post('/__emulator/clock/advance', { data: { seconds: 31 } });
  await expect(page.getByText(/You can request a new passcode/)).toHaveCount(0);
  await resend.click();
  await expect(page.getByText('A new passcode has been sent.', { exact: false })).toBeVisible();
  await expect(resend).toBeDisabled();
  expect((await outbox(request)).filter((message) => message.code)).toHaveLength(2);
  await recovery.enterCode(await lastCode(request));
  await expect(page).toHaveURL(/fps-self-change-pw/);
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
  await page.getByRole('button', { name: 'Resend OTP' }).click();
  await expect(page.getByText('A new passcode has been sent.', { exact: false })).toBeVisible();
  const fresh = await lastCode(request);
  await recovery.enterCode(fresh);
  await expect(page).toHaveURL(/fps-self-change-pw/);
});

test('choosing the same channel again within 30 seconds leads back to the code already sent, which still works', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  const first = await lastCode(request);
  await page.getByRole('button', { name: 'Return to previous page' }).click();
  await recovery.choose(/Option #1 Email/);
  await expect(page.getByRole('alert')).toHaveText('We sent a passcode there moments ago. Please enter that one; you can request a new one when the countdown ends.');
  await expect(page.getByText(/You can request a new passcode in \d+ seconds\./)).toBeVisible();
  expect((await outbox(request)).filter((message) => message.code)).toHaveLength(1);
  await recovery.enterCode(first);
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
  await expect(page.getByRole('button', { name: /Option #2 SMS/ })).toBeEnabled();
  await expect(page.getByText('Something went wrong', { exact: false })).toHaveCount(0);
});

test('the support dialog is the self-registration variant, and staff see their own help desk once known', async ({ page }) => {
  await page.goto('/self-service/nxn/fps');
  const dialog = page.getByRole('dialog');
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(dialog.getByRole('heading')).toHaveText('Help with recovering your access');
  await expect(dialog.getByRole('link', { name: '+1 800 555 0100' })).toBeVisible();
  await expect(dialog.getByText('IT Service Desk', { exact: false })).toBeHidden();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByLabel('User ID').fill('mstaff');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Option #1')).toBeVisible();
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(dialog.getByText('Staff accounts are supported by the IT Service Desk.')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'it-servicedesk@nxn.example' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: '+1 800 555 0100' })).toBeHidden();
  await page.keyboard.press('Escape');
  // The login page keeps the portal-support variant.
  await page.goto('/app/nxn/login?SMQUERYDATA=s');
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(dialog.getByRole('heading')).toHaveText('Need help signing in?');
});

test('newuser sets up first-time access and logs in', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await page.goto('/self-service/nxn/fps?FTUF=Y');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('First-time user request');
  await page.getByLabel('User ID').fill('newuser');
  await page.getByRole('button', { name: 'Continue' }).click();
  await recovery.choose(/Option #1 Email/);
  await recovery.enterCode(await lastCode(request));
  await expect(page).toHaveURL(/FTUF=Y/);
  // No temporary password for a first-time user: the one they were given still works.
  expect((await outbox(request)).some((message) => message.text.includes('temporary password'))).toBe(false);
  await recovery.changePassword('Welcome#2026', 'Own#Choice2027');
  await recovery.login('newuser', 'Own#Choice2027');
  await expect(page.getByRole('heading', { name: 'Signed in as newuser' })).toBeVisible();
});

test('jdoe recovers the user id: INFO shows the masked e-mail and the id arrives by e-mail', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await page.goto('/self-service/nxn/fuid');
  await page.getByLabel('First name').fill('John');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('E-mail address').fill('John.Doe@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();
  await recovery.choose(/Option #1 Email/);
  await recovery.enterCode(await lastCode(request));
  await expect(page.getByRole('heading', { name: 'Your User ID is on its way' })).toBeVisible();
  await expect(page.getByText('J******e@example.com')).toBeVisible();
  expect((await outbox(request)).at(-1)).toMatchObject({ to: 'john.doe@example.com', text: 'Your User ID is jdoe.' });
  // The page view and the forgot-user-id success each leave a usage record (spec 4.3), without the principal id.
  await expect.poll(async () => (await statistics(request, 'NXN_USAGE_STATS')).map((record) => [record['FROM_STATE'], record['TO_STATE'], record['TRANSITION_STATUS']]))
    .toEqual(expect.arrayContaining([['entry', 'FUID/requestPage', 'Success'], ['FUID/verifyPage', 'FUID/infoPage', 'Success']]));
  expect(await statistics(request, 'NXN_USAGE_STATS')).toContainEqual(expect.objectContaining({ TO_STATE: 'FUID/infoPage', WL_KEY: 'nxn', LAST_ACTIVITY_USER_ID: null }));
});

test('a forgot-user lookup failure shows its message, with the _wl wording for other brands', async ({ page, request }) => {
  for (const [brand, text] of [['nxn', 'We could not find an account with these details. Please check them and try again.'], ['brightpath529', "We could not find an account with these details. Please check them or contact your plan's service center."]]) {
    await page.goto(`/self-service/${brand}/fuid`);
    await page.getByLabel('First name').fill('No');
    await page.getByLabel('Last name').fill('Body');
    await page.getByLabel('E-mail address').fill('no.body@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(text ?? '');
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  }
  // Each brand's page view and lookup failure leave their usage records (spec 4.3).
  await expect.poll(async () => (await statistics(request, 'NXN_USAGE_STATS')).map((record) => [record['WL_KEY'], record['FROM_STATE'], record['TO_STATE'], record['TRANSITION_STATUS']]))
    .toEqual(expect.arrayContaining([
      ['nxn', 'entry', 'FUID/requestPage', 'Success'], ['nxn', 'FUID/requestPage', 'FUID/lookup', 'Failure'],
      ['brightpath529', 'entry', 'FUID/requestPage', 'Success'], ['brightpath529', 'FUID/requestPage', 'FUID/lookup', 'Failure'],
    ]));
});

test('a visitor who only looks at the request step for a few seconds still leaves a page view', async ({ page, request }) => {
  await page.clock.install();
  await page.goto('/self-service/nxn/fps');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.clock.runFor(3000);
  await expect.poll(async () => (await statistics(request, 'NXN_USAGE_STATS')).map((record) => [record['FROM_STATE'], record['TO_STATE'], record['USER_TYPE'], record['LAST_ACTIVITY_USER_ID']]))
    .toEqual([['entry', 'FPS/requestPage', 'both', null]]);
});

test('the request forms validate as the spec says', async ({ page }) => {
  await page.goto('/self-service/nxn/fps');
  // Messages show once a field was left, which the island tracks: wait for it to run.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const userId = page.getByLabel('User ID');
  await userId.fill('j doe');
  await userId.blur();
  await expect(page.getByText('enter valid userId')).toBeVisible();
  await userId.fill('');
  await expect(page.getByText('field required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await page.goto('/self-service/nxn/fuid');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('First name').fill('Jo*hn');
  await page.getByLabel('First name').blur();
  await expect(page.getByText('enter valid first name')).toBeVisible();
  await page.getByLabel('E-mail address').fill('john@example.museum');
  await page.getByLabel('E-mail address').blur();
  await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
});

test('a reused password is refused with ISB_USRUP06, and mstaff needs 16 characters', async ({ page, request }) => {
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
  await page.getByLabel('Temporary or current password').fill(await lastTemporaryPassword(request));
  await page.getByLabel('New password', { exact: true }).fill('Short#Pass2027');
  await page.getByLabel('Confirm new password').fill('Short#Pass2027');
  await expect(page.getByRole('button', { name: 'Change password' })).toBeDisabled();
  await page.getByLabel('New password', { exact: true }).fill('Much#Longer#Pass2027');
  await page.getByLabel('Confirm new password').fill('Much#Longer#Pass2027');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/app\/nxn\/login/);
});

test('cancel goes to forgetUserIdRedirect only when it stays on this site', async ({ page, request }) => {
  await page.goto('/self-service/nxn/fps?forgetUserIdRedirect=%2Fapp%2Fnxn%2Fsorry');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/app\/nxn\/sorry$/);
  // The click that left the page was still reported (keepalive), with the step it left.
  await expect.poll(async () => {
    const { records } = (await (await request.get('/__emulator/stats')).json()) as { records: Array<{ payload: Record<string, unknown> }> };
    return records.filter((record) => record.payload['statsType'] === 'NXN_USER_CLICK_STATS').map((record) => [record.payload['component'], record.payload['fieldId'], record.payload['fromState']]);
  }).toEqual([['fps', 'cancel', 'FPS/requestPage']]);
  for (const hostile of ['https://evil.example/', '//evil.example', 'javascript:alert(1)']) {
    await page.goto(`/self-service/cwa/fps?forgetUserIdRedirect=${encodeURIComponent(hostile)}`);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    // The brand login is where Cancel goes; without SMQUERYDATA it then passes through /apps/home.
    const navigation = page.waitForRequest((request) => request.isNavigationRequest());
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(new URL((await navigation).url()).pathname).toBe('/app/cwa/login');
    await expect(page).toHaveURL(/\/login\?SMQUERYDATA=/);
  }
});

test('cancel goes to another site only when the brand allow-lists its host', async ({ page }) => {
  const partner = 'https://www.brightpath529.example/plans?from=portal';
  // The partner site stands in here: the network is closed, and the page it asks for is what counts.
  await page.route('https://www.brightpath529.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Partner</title>' }));
  for (const [brand, expected] of [['brightpath529', partner], ['nxn', null]] as const) {
    await page.goto(`/self-service/${brand}/fps?forgetUserIdRedirect=${encodeURIComponent(partner)}`);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const navigation = page.waitForRequest((request) => request.isNavigationRequest());
    await page.getByRole('button', { name: 'Cancel' }).click();
    const target = (await navigation).url();
    if (expected) {
      expect(target).toBe(expected);
      await expect(page).toHaveTitle('Partner');
    } else {
      expect(new URL(target).pathname).toBe(`/app/${brand}/login`);
      await expect(page).toHaveURL(/\/login\?SMQUERYDATA=/);
    }
  }
});

test('the browser back button walks back through the steps, and a reload starts cleanly', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #1 Email/);
  await expect(page.getByLabel('Passcode', { exact: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Option #1')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('User ID')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  expect(await lastCode(request)).toMatch(/^\d{6}$/);
});

test('two tabs run their own flows without touching each other', async ({ context, request }) => {
  const [first, second] = [await context.newPage(), await context.newPage()];
  const [jdoe, mstaff] = [new RecoveryPage(first), new RecoveryPage(second)];
  await jdoe.requestPassword('jdoe');
  await mstaff.requestPassword('mstaff');
  await jdoe.choose(/Option #1 Email/);
  const jdoeCode = await codeSentTo(request, 'john.doe@example.com');
  await mstaff.choose(/Option #2 SMS/);
  const mstaffCode = await codeSentTo(request, '201-555-0111');
  // The second tab's flow did not replace the first tab's step, transaction or user.
  await expect(first.getByText('john.doe@example.com'.replace(/^(.).*(.)@/, '$1******$2@'))).toBeVisible();
  await mstaff.enterCode(mstaffCode);
  await jdoe.enterCode(jdoeCode);
  await expect(second).toHaveURL(/fps-self-change-pw\?uid=mstaff&uti=internal/);
  await expect(first).toHaveURL(/fps-self-change-pw\?uid=jdoe&uti=external/);
});

test('what a visitor or a password manager types before the islands hydrate is kept', async ({ page }) => {
  // Hold the island code back while typing, as on a slow phone.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/_astro/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Temporary or current password').fill('Summer#2026');
  await page.getByLabel('New password', { exact: true }).fill('Typed#Early2027');
  await page.getByLabel('Confirm new password').fill('Typed#Early2027');
  release();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByLabel('Temporary or current password')).toHaveValue('Summer#2026');
  await expect(page.getByLabel('New password', { exact: true })).toHaveValue('Typed#Early2027');
  await expect(page.getByRole('button', { name: 'Change password' })).toBeEnabled();
});

test('the forgot-user-id link on the request step follows the brand', async ({ page }) => {
  await page.goto('/self-service/nxn/fps');
  await expect(page.getByRole('link', { name: 'Forgot your User ID?' })).toHaveAttribute('href', '/self-service/nxn/fuid');
  await page.goto('/self-service/cwa/fps');
  await expect(page.getByLabel('User ID')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Forgot your User ID?' })).toHaveCount(0);
});

test('the flow runs in German', async ({ page, context, baseURL, request }) => {
  await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: baseURL ?? '' }]);
  await page.goto('/self-service/nxn/fps');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anfrage: Passwort vergessen');
  await page.getByLabel('Benutzerkennung').fill('jdoe');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: /Option Nr. 1 E-Mail/ }).click();
  await page.getByLabel('Einmal-Code', { exact: true }).fill(await lastCode(request));
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page).toHaveURL(/\/de-DE\/self-service\/nxn\/fps-self-change-pw/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neues Passwort festlegen');
});

test('every wizard step, message and dialog reads German only', async ({ page, context, baseURL, request }) => {
  await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: baseURL ?? '' }]);
  // What the service sends back (masked contacts) or the visitor typed is data, not interface text.
  const data = ['j******e@example.com', 'm*****f@nxn.example', 'n*****l@example.com'];
  const expectGerman = (label: string) => expectOnlyGerman(page, label, data);
  await page.clock.install();
  await page.goto('/self-service/nxn/fps');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const userId = page.getByLabel('Benutzerkennung');
  await userId.fill('a b');
  await userId.blur();
  await expect(userId).toHaveAttribute('aria-invalid', 'true');
  await expectGerman('request with a field error');
  await userId.fill('nobody');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectGerman('unknown user');
  await userId.fill('jdoe');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page.getByText('Option Nr. 1')).toBeVisible();
  await expectGerman('channel choice');
  await page.getByRole('button', { name: 'Hilfe', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectGerman('support dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /Option Nr. 1 E-Mail/ }).click();
  await page.getByLabel('Einmal-Code', { exact: true }).fill('00000');
  await page.getByLabel('Einmal-Code', { exact: true }).fill('');
  await page.getByLabel('Einmal-Code', { exact: true }).blur();
  await expect(page.getByText('Dieses Feld ist erforderlich')).toBeVisible();
  await expectGerman('code required, resend countdown');
  const code = await codeSentTo(request, 'john.doe@example.com');
  await page.getByLabel('Einmal-Code', { exact: true }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectGerman('wrong code');
  await page.getByRole('button', { name: 'Zurück zur vorherigen Seite' }).click();
  await page.getByRole('button', { name: /Option Nr. 3 Anruf/ }).click();
  await expect(page.getByLabel('Einzugebender Code')).toBeVisible();
  await expectGerman('call');

  await page.goto('/de-DE/self-service/nxn/fps');
  await page.getByLabel('Benutzerkennung').fill('nocall');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: /Anruf/ }).click();
  await expect(page.getByLabel('Einzugebender Code')).toHaveValue(/^\d{6}$/);
  await page.clock.runFor(20_000);
  await expect(page.getByText('Wir konnten Sie telefonisch nicht erreichen.', { exact: false })).toBeVisible();
  await expectGerman('call error');

  await page.goto('/de-DE/self-service/nxn/fps');
  await page.getByLabel('Benutzerkennung').fill('llocked');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: /Option Nr. 1 E-Mail/ }).click();
  await expect(page.getByLabel('Einmal-Code', { exact: true })).toBeVisible();
  await page.getByLabel('Einmal-Code', { exact: true }).fill(await lastCode(request));
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByRole('heading', { name: 'FEHLER' })).toBeVisible();
  await expectGerman('error step');

  await page.goto('/de-DE/self-service/nxn/fuid');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('Vorname').fill('J*');
  await page.getByLabel('Nachname').fill('Doe');
  await page.getByLabel('E-Mail-Adresse').fill('not-an-address');
  await page.getByLabel('E-Mail-Adresse').blur();
  await expect(page.getByLabel('Vorname')).toHaveAttribute('aria-invalid', 'true');
  await expectGerman('forgot user id field errors');
  await page.getByLabel('Vorname').fill('John');
  await page.getByLabel('E-Mail-Adresse').fill('john.doe@example.com');
  await page.getByRole('button', { name: 'Weiter' }).click();
  await page.getByRole('button', { name: /Option Nr. 1 E-Mail/ }).click();
  await expect(page.getByLabel('Einmal-Code', { exact: true })).toBeVisible();
  await page.getByLabel('Einmal-Code', { exact: true }).fill(await codeSentTo(request, 'john.doe@example.com'));
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByRole('heading', { name: 'Ihre Benutzerkennung ist unterwegs' })).toBeVisible();
  await expectGerman('info');

  for (const error of ['ISB_USRUP06', 'ISB_PASSVAL01', 'ISB_PASSVAL02', 'ISB_PASSVAL03', 'ISB_PASSVAL04', 'OTHER']) {
    await page.goto(`/de-DE/self-service/nxn/fps-self-change-pw?uid=mstaff&uti=internal&FTUF=N&SMPWERR=${error}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await expectGerman(`change password ${error}`);
  }
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.getByLabel('Neues Passwort', { exact: true }).fill('kurz');
  await page.getByLabel('Neues Passwort bestätigen').fill('anders');
  await page.getByRole('button', { name: 'Passwörter anzeigen' }).click();
  await expectGerman('change password rules');
  await page.getByLabel('Neues Passwort', { exact: true }).fill('x'.repeat(129));
  await page.getByLabel('Neues Passwort', { exact: true }).blur();
  await expectGerman('change password too long');
  await page.getByRole('button', { name: 'Hilfe', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectGerman('internal support dialog');
});

test.describe('by keyboard alone', () => {
  /** Presses Tab `count` times; every stop must show where the focus is. Returns the stops as "tag: name". */
  async function tab(page: Page, count: number): Promise<string[]> {
    const stops: string[] = [];
    for (let press = 0; press < count; press += 1) {
      await page.keyboard.press('Tab');
      const { label, outlined } = await focused(page);
      expect(outlined, `${label} shows where the focus is`).toBe(true);
      stops.push(label);
    }
    return stops;
  }

  /** On the channel step (its heading focused): Tab to option #1, Enter, then key in the code sent to `to` and Enter. */
  async function firstChannelByKeyboard(page: Page, request: APIRequestContext, to: string): Promise<void> {
    await expect(page.getByRole('heading', { name: 'Send passcode' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Passcode' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.type(await codeSentTo(request, to));
    await page.keyboard.press('Enter');
  }

  test('forgot password: tab order, visible focus, each step takes the focus, Enter and Space work, the new password signs in', async ({ page, request }) => {
    await page.goto('/self-service/nxn/fps');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    expect(await tab(page, 6)).toEqual([
      'a: Skip to main content', 'a: NXN Investor Services home', 'a: Log In', 'input: User ID', 'button: Cancel', 'a: Forgot your User ID?',
    ]);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('jdoe');
    // Continue joins the order once the form is valid.
    expect(await tab(page, 2)).toEqual(['button: Continue', 'button: Cancel']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    // Each new step announces itself: its heading takes the focus.
    await expect(page.getByRole('heading', { name: 'Send passcode' })).toBeFocused();
    expect(await tab(page, 3)).toEqual(['button: Send passcode: Option #1 Email', 'button: Send passcode: Option #2 SMS', 'button: Send passcode: Option #3 Call']);
    // Back one to SMS, chosen with Space.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect(page.getByRole('heading', { name: 'Passcode' })).toBeFocused();
    expect(await tab(page, 1)).toEqual(['input: Passcode']);
    await page.keyboard.type(await codeSentTo(request, '201-555-0147'));
    expect(await tab(page, 3)).toEqual(['button: Show passcode', 'button: Submit', 'button: Return to previous page']);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Passcode', { exact: true })).toHaveAttribute('type', 'text');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/fps-self-change-pw/);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const temporary = await lastTemporaryPassword(request);
    await page.getByLabel('Temporary or current password').focus();
    await page.keyboard.type(temporary);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard#Only2027');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Keyboard#Only2027');
    expect(await tab(page, 2)).toEqual(['button: Show passwords', 'button: Change password']);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/nxn\/login\?.*fromPage=FPS/);
    await new RecoveryPage(page).login('jdoe', 'Keyboard#Only2027');
    await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();
  });

  test('forgot user id: the form, the channel and the code by keyboard, ending on the INFO step', async ({ page, request }) => {
    await page.goto('/self-service/nxn/fuid');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByLabel('First name').focus();
    await page.keyboard.type('John');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Doe');
    await page.keyboard.press('Tab');
    await page.keyboard.type('john.doe@example.com');
    expect(await tab(page, 1)).toEqual(['button: Continue']);
    await page.keyboard.press('Enter');
    await firstChannelByKeyboard(page, request, 'john.doe@example.com');
    await expect(page.getByRole('heading', { name: 'Your User ID is on its way' })).toBeFocused();
    expect(await tab(page, 1)).toEqual(['a: Back to login']);
  });

  test('first-time user: Enter through every step to the password of their own', async ({ page, request }) => {
    await page.goto('/self-service/nxn/fps?FTUF=Y');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByLabel('User ID').focus();
    await page.keyboard.type('newuser');
    await page.keyboard.press('Enter');
    await firstChannelByKeyboard(page, request, 'nina.new@example.com');
    await expect(page).toHaveURL(/fps-self-change-pw\?.*FTUF=Y/);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByLabel('Temporary or current password').focus();
    for (const text of ['Welcome#2026', 'Own#Keys2027', 'Own#Keys2027']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Change password' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/nxn\/login/);
  });

  test('the support dialog opens with Enter, keeps the focus inside, closes with Escape and gives the focus back', async ({ page }) => {
    await page.goto('/self-service/nxn/fps');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const support = page.getByRole('button', { name: 'Support' });
    await support.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Tabbing round the open dialog never reaches the page behind it.
    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null || document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(support).toBeFocused();
  });
});

test.describe('accessibility of every step', () => {
  async function axe(page: import('@playwright/test').Page): Promise<string[]> {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }

  test('request, channel choice, verify, error banner, info and change password have no axe violation', async ({ page, request }) => {
    const recovery = new RecoveryPage(page);
    await page.goto('/self-service/nxn/fps');
    await page.getByLabel('User ID').fill('a b');
    await page.getByLabel('User ID').blur();
    expect(await axe(page), 'request with field error').toEqual([]);
    await recovery.requestPassword('jdoe');
    expect(await axe(page), 'otp').toEqual([]);
    await recovery.choose(/Option #1 Email/);
    await recovery.enterCode('000000');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await axe(page), 'verify with error').toEqual([]);
    await page.getByRole('button', { name: 'Return to previous page' }).click();
    await recovery.choose(/Option #3 Call/);
    await expect(page.getByLabel('Code to key in')).toBeVisible();
    expect(await axe(page), 'verify call').toEqual([]);
    await page.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N&SMPWERR=ISB_USRUP06');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await axe(page), 'change password').toEqual([]);
    await page.goto('/self-service/nxn/fuid');
    await page.getByLabel('First name').fill('John');
    await page.getByLabel('Last name').fill('Doe');
    await page.getByLabel('E-mail address').fill('john.doe@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await recovery.choose(/Option #1 Email/);
    await recovery.enterCode(await lastCode(request));
    await expect(page.getByRole('heading', { name: 'Your User ID is on its way' })).toBeVisible();
    expect(await axe(page), 'info').toEqual([]);
  });

  test('the too-many-attempts banner, the call error and the open support dialog have no axe violation', async ({ page }) => {
    const recovery = new RecoveryPage(page);
    await page.route('**/fps/generate-otp', (route) => route.fulfill({
      status: 429, contentType: 'application/json', headers: { 'Retry-After': '60' },
      body: JSON.stringify({ errorCode: 'TOO_MANY_REQUESTS', message: 'too many passcodes', retryAfterSeconds: 60 }),
    }));
    await recovery.requestPassword('jdoe');
    await recovery.choose(/Option #1 Email/);
    await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait a few minutes and try again.');
    expect(await axe(page), 'rate limited').toEqual([]);
    await page.unroute('**/fps/generate-otp');
    await recovery.requestPassword('nocall');
    await recovery.choose(/Option #2 Call/);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText('We could not reach you by phone. Please choose another option or try again later.');
    expect(await axe(page), 'call error').toEqual([]);
    await page.getByRole('button', { name: 'Support' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axe(page), 'support dialog').toEqual([]);
  });

  test('the locked user ERROR step has no axe violation and is reached by keyboard alone', async ({ page, request }) => {
    await page.goto('/self-service/nxn/fps');
    await page.getByLabel('User ID').focus();
    await page.keyboard.type('llocked');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Option #1')).toBeVisible();
    await page.getByRole('button', { name: /Option #1 Email/ }).focus();
    await page.keyboard.press('Enter');
    const code = page.getByLabel('Passcode', { exact: true });
    await expect(code).toBeVisible();
    await code.focus();
    await page.keyboard.type(await lastCode(request));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'ERROR' })).toBeFocused();
    expect(await axe(page)).toEqual([]);
  });
});
