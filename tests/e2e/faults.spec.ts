import { expect, test as base } from '@playwright/test';
import type { Page } from '@playwright/test';
import { serveWithEmulator } from '../../scripts/server/serve-with-emulator.ts';
import type { ServedPortal } from '../../scripts/server/serve-with-emulator.ts';
import { startFaultProxy } from './support/fault-proxy.ts';
import type { Fault, FaultProxy } from './support/fault-proxy.ts';
import { codeSentTo, lastCode, RecoveryPage } from './support/recovery-page.ts';

// A flaky network and a hostile visitor, end to end: a real proxy in front of the served portal resets
// connections or stalls answers mid-body on each recovery call, and the page must end every one in its
// step's message with the form usable again and no spinner left. Each worker serves dist/ with an emulator
// of its own (these tests lock accounts and move the emulator's clock), reset before every test.

const test = base.extend<object, { faults: { portal: ServedPortal; proxy: FaultProxy } }>({
  // Playwright reads a fixture's dependencies from this pattern: none.
  // eslint-disable-next-line no-empty-pattern
  faults: [async ({}, use) => {
    const portal = await serveWithEmulator();
    const proxy = await startFaultProxy(portal.base);
    await use({ portal, proxy });
    await proxy.close();
    portal.close();
  }, { scope: 'worker' }],
  baseURL: async ({ faults }, use) => use(faults.proxy.base),
});

test.beforeEach(({ faults }) => {
  faults.portal.emulator.reset();
});

const SERVICE = '/portal-login-service/public';
const TIMEOUT = 'The service did not answer in time. Please try again.';
const NETWORK = 'We could not reach the service. Please check your connection and try again.';
const spinner = (page: Page) => page.getByRole('status').filter({ hasText: 'Please wait…' });

/**
 * Breaks the matching call, runs the step, and for a stall waits until its headers and half its body have
 * arrived, checks the page is waiting, then moves the page's clock past the 30-second time-out. The call
 * works again afterwards.
 */
async function breakCall(page: Page, proxy: FaultProxy, path: RegExp, fault: Fault, step: () => Promise<void>): Promise<void> {
  proxy.fail('POST', path, fault);
  const stalled = fault === 'stall' ? proxy.stalled() : undefined;
  await step();
  if (stalled) {
    await stalled;
    await expect(spinner(page)).toHaveCount(1);
    await page.clock.fastForward(30_500);
  }
  await expect(spinner(page)).toHaveCount(0);
  proxy.heal();
}

/** Types a field again, as a visitor who corrects it does (editing clears the step's message). */
async function retype(page: Page, label: string, value: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill('');
  await page.getByLabel(label, { exact: true }).fill(value);
}

async function toVerifyStep(page: Page, userId = 'jdoe'): Promise<RecoveryPage> {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword(userId);
  await recovery.choose(/Option #1 Email/);
  await expect(page.getByLabel('Passcode', { exact: true })).toBeVisible();
  return recovery;
}

async function fillForgotUser(page: Page): Promise<void> {
  await page.goto('/self-service/nxn/fuid');
  await page.getByLabel('First name').fill('John');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('E-mail address').fill('John.Doe@example.com');
}

test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

for (const [fault, message] of [['reset', NETWORK], ['stall', TIMEOUT], ['server-error', 'We could not find a way to verify this User ID. Please check it and try again.'], ['garbage', 'We could not find a way to verify this User ID. Please check it and try again.']] as const) {
  test(`fps/auth ${fault}: the request step shows its message, and the form works again`, async ({ page, faults }) => {
    await page.goto('/self-service/nxn/fps');
    await page.getByLabel('User ID').fill('jdoe');
    await breakCall(page, faults.proxy, /\/fps\/auth$/, fault, () => page.getByRole('button', { name: 'Continue' }).click());
    await expect(page.getByRole('alert')).toHaveText(message);
    await retype(page, 'User ID', 'jdoe');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Option #1')).toBeVisible();
  });
}

for (const [fault, message] of [['reset', NETWORK], ['stall', TIMEOUT]] as const) {
  test(`generate-otp ${fault}: the channel step shows its message, and another choice works`, async ({ page, faults }) => {
    const recovery = new RecoveryPage(page);
    await recovery.requestPassword('jdoe');
    await breakCall(page, faults.proxy, /\/fps\/generate-otp$/, fault, () => page.getByRole('button', { name: /Option #1 Email/ }).click());
    await expect(page.getByRole('alert')).toHaveText(message);
    await recovery.choose(/Option #2 SMS/);
    await recovery.enterCode(await codeSentTo(page.request, '201-555-0147'));
    await expect(page).toHaveURL(/fps-self-change-pw/);
  });

  test(`resend-otp ${fault}: the passcode step shows its message, and the code still works`, async ({ page, faults, request }) => {
    const recovery = await toVerifyStep(page);
    await page.clock.fastForward(31_000);
    await request.post('/__emulator/clock/advance', { data: { seconds: 31 } });
    await breakCall(page, faults.proxy, /\/fps\/resend-otp$/, fault, () => page.getByRole('button', { name: 'Resend OTP' }).click());
    await expect(page.getByRole('alert')).toHaveText(message);
    // A reset never reached the service, so the first code stands; a stalled resend did, so its new code does.
    await recovery.enterCode(await lastCode(request));
    await expect(page).toHaveURL(/fps-self-change-pw/);
  });

  test(`verify-otp ${fault}: the passcode step shows its message, and the field takes a code again`, async ({ page, faults, request }) => {
    const recovery = await toVerifyStep(page);
    const code = await lastCode(request);
    await breakCall(page, faults.proxy, /\/fps\/verify-otp$/, fault, () => recovery.enterCode(code));
    await expect(page.getByRole('alert')).toHaveText(message);
    await retype(page, 'Passcode', code);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
    if (fault === 'reset') {
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL(/fps-self-change-pw/);
    }
  });

  test(`fps/email ${fault}: the ERROR step, whose way back to login works`, async ({ page, faults, request }) => {
    const recovery = await toVerifyStep(page);
    const code = await lastCode(request);
    await breakCall(page, faults.proxy, /\/fps\/email\/[^/]+$/, fault, () => recovery.enterCode(code));
    await expect(page.getByRole('heading', { name: 'ERROR' })).toBeVisible();
    await page.getByRole('button', { name: 'Go To Login Page' }).click();
    await expect(page).toHaveURL(/\/app\/nxn\/login/);
  });

  test(`fuid/lookup ${fault}: the forgot-user step shows its message, and the form works again`, async ({ page, faults }) => {
    await fillForgotUser(page);
    await breakCall(page, faults.proxy, /\/fuid\/lookup$/, fault, () => page.getByRole('button', { name: 'Continue' }).click());
    await expect(page.getByRole('alert')).toHaveText(message);
    await retype(page, 'First name', 'John');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Option #1')).toBeVisible();
  });

  test(`fuid/emails ${fault}: the ERROR step, whose way back to login works`, async ({ page, faults, request }) => {
    const recovery = new RecoveryPage(page);
    await fillForgotUser(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await recovery.choose(/Option #1 Email/);
    const code = await lastCode(request);
    await breakCall(page, faults.proxy, /\/fuid\/emails$/, fault, () => recovery.enterCode(code));
    await expect(page.getByRole('heading', { name: 'ERROR' })).toBeVisible();
    await page.getByRole('button', { name: 'Go To Login Page' }).click();
    await expect(page).toHaveURL(/\/app\/nxn\/login/);
  });

  test(`uti/decrypt ${fault}: the user type stays unknown and the flow goes on`, async ({ page, faults, request }) => {
    const recovery = new RecoveryPage(page);
    await fillForgotUser(page);
    faults.proxy.fail('POST', new RegExp(`${SERVICE}/uti/decrypt$`), fault);
    const stalled = fault === 'stall' ? faults.proxy.stalled() : undefined;
    await page.getByRole('button', { name: 'Continue' }).click();
    // The type check runs beside the channel lookup: the channels come while it is still broken.
    await expect(page.getByText('Option #1')).toBeVisible();
    if (stalled) {
      await stalled;
      await page.clock.fastForward(30_500);
    }
    faults.proxy.heal();
    await expect(spinner(page)).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await recovery.choose(/Option #1 Email/);
    await recovery.enterCode(await lastCode(request));
    await expect(page.getByRole('heading', { name: 'Your User ID is on its way' })).toBeVisible();
    // Unknown: the support dialog (its island awake, following the flow's user type) still offers both kinds of help.
    await expect(page.locator('astro-island[component-url*="SupportDialogUserType"]:not([ssr])')).toBeAttached();
    await expect(page.locator('#support-dialog')).toHaveAttribute('data-user-type', 'both');
  });
}

/** Logs in, and waits until the page SiteMinder answered with has replaced the one that posted: what it shows is this attempt's. */
async function logInAttempt(page: Page, recovery: RecoveryPage, password: string): Promise<void> {
  await page.evaluate(() => { (window as { attempt?: boolean } & Window).attempt = true; });
  await recovery.login('jdoe', password);
  await expect.poll(() => page.evaluate(() => (window as { attempt?: boolean } & Window).attempt === true).catch(() => true), { message: 'the answer\'s page' }).toBe(false);
}

test('five wrong passwords lock the user id for 15 minutes, the right one too, with the may-be-locked message', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  const locked = 'You may have entered the wrong User ID or password or your account may be locked.';
  await page.goto('/app/nxn/login?SMQUERYDATA=faults');
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await logInAttempt(page, recovery, `Wrong#${attempt}`);
    await expect(page.getByRole('alert'), `attempt ${attempt}`).toHaveText('Invalid Credentials');
  }
  await logInAttempt(page, recovery, 'Wrong#5');
  await expect(page.getByRole('alert')).toHaveText(locked);
  await logInAttempt(page, recovery, 'Summer#2026');
  await expect(page).toHaveURL(/\/app\/nxn\/login\?/);
  await expect(page.getByRole('alert')).toHaveText(locked);
  // The emulator's clock moves past the lock; the right password signs in again.
  expect((await request.post('/__emulator/clock/advance', { data: { seconds: 15 * 60 + 1 } })).ok()).toBe(true);
  await recovery.login('jdoe', 'Summer#2026');
  await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();
});
