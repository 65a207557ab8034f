import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { codeSentTo, lastCode, runClockUntilCallChecked } from './support/recovery-page.ts';
import { islandsHydrated } from './support/hydration.ts';
import { escaped, expectPseudoClean, PSEUDO_BRAND, PSEUDO_PREFIX, shown, test } from './support/pseudo-walk.ts';

// The pseudo-language walk (pseudo-language.spec.ts) through the recovery wizards and change password: each
// step, field error, service error and dialog at 1280 and 390 px. Split from it: project pseudo-language.

const fps = `${PSEUDO_PREFIX}/self-service/${PSEUDO_BRAND}/fps`;

/** The wizard's controls, found by their pseudo texts. */
function wizard(page: Page) {
  return {
    userId: page.getByLabel(shown('recovery.request.userId')),
    next: page.getByRole('button', { name: shown('recovery.request.continue') }),
    passcode: page.getByLabel(shown('recovery.verify.code'), { exact: true }),
    submit: page.getByRole('button', { name: shown('recovery.verify.submit') }),
    callCode: page.getByLabel(shown('recovery.verify.callCode')),
    channel: (key: 'recovery.otp.channel.email' | 'recovery.otp.channel.sms' | 'recovery.otp.channel.call') =>
      page.getByRole('button', { name: new RegExp(escaped(shown(key))) }),
  };
}

test('forgot password: field error, unknown user, channels, support, code required, wrong code, resend, call', async ({ page, request }) => {
  const { userId, next, passcode, submit, callCode, channel } = wizard(page);
  await page.clock.install();
  await page.goto(fps);
  await islandsHydrated(page);
  await expectPseudoClean(page, 'request');
  await userId.fill('a b');
  await userId.blur();
  await expect(userId).toHaveAttribute('aria-invalid', 'true');
  await expectPseudoClean(page, 'request with a field error');
  await userId.fill('nobody');
  await next.click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectPseudoClean(page, 'unknown user');
  await userId.fill('jdoe');
  await next.click();
  await expect(channel('recovery.otp.channel.email')).toBeVisible();
  await expectPseudoClean(page, 'channel choice');
  await page.getByRole('button', { name: shown('common.support.open'), exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectPseudoClean(page, 'support dialog');
  await page.keyboard.press('Escape');
  await channel('recovery.otp.channel.email').click();
  await passcode.fill('00000');
  await passcode.fill('');
  await passcode.blur();
  await expect(page.getByText(shown('recovery.field.otpRequired'))).toBeVisible();
  await expectPseudoClean(page, 'code required, resend countdown', ['j******e@example.com']);
  const sent = await codeSentTo(request, 'john.doe@example.com');
  await passcode.fill(sent === '000000' ? '111111' : '000000');
  await submit.click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectPseudoClean(page, 'wrong code', ['j******e@example.com']);
  // Past the 30 s before a resend, in the page and in the emulator.
  await page.clock.runFor(31_000);
  await request.post('/__emulator/clock/advance', { data: { seconds: 31 } });
  await page.getByRole('button', { name: shown('recovery.verify.resend') }).click();
  await expect(page.getByText(shown('recovery.verify.resent'))).toBeVisible();
  await expectPseudoClean(page, 'resent', ['j******e@example.com']);
  await page.getByRole('button', { name: shown('recovery.verify.back') }).click();
  await channel('recovery.otp.channel.call').click();
  await expect(callCode).toBeVisible();
  await expectPseudoClean(page, 'call');
});

test('forgot password: a call that cannot reach the user, and the locked user\'s ERROR step', async ({ page, request }) => {
  const { userId, next, passcode, submit, callCode, channel } = wizard(page);
  await page.clock.install();
  await page.goto(fps);
  await userId.fill('nocall');
  await next.click();
  await channel('recovery.otp.channel.call').click();
  await expect(callCode).toHaveValue(/^\d{6}$/);
  await runClockUntilCallChecked(page, page.getByText(shown('recovery.otp.callChallengeError')));
  await expectPseudoClean(page, 'call error');
  await page.goto(fps);
  await userId.fill('llocked');
  await next.click();
  await channel('recovery.otp.channel.email').click();
  await expect(passcode).toBeVisible();
  await passcode.fill(await lastCode(request));
  await submit.click();
  await expect(page.getByRole('heading', { name: shown('recovery.error.heading') })).toBeVisible();
  await expectPseudoClean(page, 'error step');
});

test('forgot password: the service unreachable, failing, or refusing for too many attempts', async ({ page }) => {
  const { userId, next } = wizard(page);
  const lookup = '**/portal-login-service/public/**';
  for (const [label, answer] of [
    ['network', { abort: true }],
    ['service error', { status: 500, body: '{"errorCode":"ISB_FAIL01"}' }],
    ['too many attempts', { status: 429, body: '{"errorCode":"RATE_LIMITED"}' }],
  ] as const) {
    await page.route(lookup, (route) => ('abort' in answer ? route.abort() : route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body })));
    await page.goto(fps);
    await userId.fill('jdoe');
    await next.click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectPseudoClean(page, label);
    await page.unroute(lookup);
  }
});

test('forgot password whose code fails to arrive: the notice with Try again and Reload', async ({ page }) => {
  const { userId, next } = wizard(page);
  await page.goto(fps);
  // A deploy under the open page: every hashed script answers 404 from now on.
  await page.route((url) => /^\/_astro\/[\w.-]+\.js$/.test(url.pathname), (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await userId.fill('jdoe');
  await next.click();
  await expect(page.getByRole('alert').filter({ hasText: shown('common.codeFailure.message') })).toBeVisible();
  await expectPseudoClean(page, 'code failure notice');
});

test('first-time user and forgot user id: field errors and the INFO step', async ({ page, request }) => {
  const { next, passcode, submit, channel } = wizard(page);
  await page.goto(`${fps}?FTUF=Y`);
  await expect(page.getByRole('heading', { name: shown('recovery.ftu.heading') })).toBeVisible();
  await expectPseudoClean(page, 'first-time user request');
  await page.goto(`${PSEUDO_PREFIX}/self-service/${PSEUDO_BRAND}/fuid`);
  await islandsHydrated(page);
  const firstName = page.getByLabel(shown('recovery.request.firstName'));
  const email = page.getByLabel(shown('recovery.request.emailId'));
  await firstName.fill('J*');
  await page.getByLabel(shown('recovery.request.lastName')).fill('Doe');
  await email.fill('not-an-address');
  await email.blur();
  await expect(firstName).toHaveAttribute('aria-invalid', 'true');
  await expectPseudoClean(page, 'forgot user id field errors');
  await firstName.fill('Nobody');
  await email.fill('nobody@example.com');
  await next.click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectPseudoClean(page, 'forgot user id: no such account');
  await firstName.fill('John');
  await email.fill('john.doe@example.com');
  await next.click();
  await channel('recovery.otp.channel.email').click();
  await expect(passcode).toBeVisible();
  await passcode.fill(await codeSentTo(request, 'john.doe@example.com'));
  await submit.click();
  await expect(page.getByRole('heading', { name: shown('recovery.info.heading') })).toBeVisible();
  await expectPseudoClean(page, 'info', ['j******e@example.com', 'john.doe@example.com']);
});

test('change password: every error banner, the rules, a password too long, the internal support dialog', async ({ page }) => {
  const changePassword = `${PSEUDO_PREFIX}/self-service/${PSEUDO_BRAND}/fps-self-change-pw?uid=mstaff&uti=internal&FTUF=N`;
  for (const error of ['ISB_USRUP06', 'ISB_PASSVAL01', 'ISB_PASSVAL02', 'ISB_PASSVAL03', 'ISB_PASSVAL04', 'OTHER']) {
    await page.goto(`${changePassword}&SMPWERR=${error}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await expectPseudoClean(page, `change password ${error}`, ['mstaff']);
  }
  await islandsHydrated(page);
  await page.getByLabel(shown('recovery.changePassword.new'), { exact: true }).fill('short');
  await page.getByLabel(shown('recovery.changePassword.confirm')).fill('other');
  await page.getByRole('button', { name: shown('recovery.changePassword.show') }).click();
  await expect(page.getByRole('button', { name: shown('recovery.changePassword.hide') })).toBeVisible();
  await expectPseudoClean(page, 'change password rules', ['mstaff']);
  await page.getByLabel(shown('recovery.changePassword.new'), { exact: true }).fill('x'.repeat(129));
  await page.getByLabel(shown('recovery.changePassword.new'), { exact: true }).blur();
  await expect(page.getByText(shown('recovery.changePassword.tooLong'))).toBeVisible();
  await expectPseudoClean(page, 'change password too long', ['mstaff']);
  await page.getByRole('button', { name: shown('common.support.open'), exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectPseudoClean(page, 'internal support dialog', ['mstaff']);
});
