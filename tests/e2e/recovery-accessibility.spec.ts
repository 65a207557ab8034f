import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { lastCode, lastTemporaryPassword, RecoveryPage } from './support/recovery-page.ts';
import { LoginPage } from './support/login-page.ts';
import { ChangePasswordPage } from './support/change-password-page.ts';
import { islandsHydrated } from './support/hydration.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { focused } from './support/focus.ts';
import { announcements, recordAnnouncements } from './support/live-regions.ts';
import { pageRanOn } from './support/sampling.ts';
import { writeFile } from 'node:fs/promises';

// The recovery flows as assistive technology meets them: axe on every step, and the walk with a screen reader's
// ears (docs/accessibility-walk.md). By keyboard alone: recovery-keyboard.spec.ts; German only:
// recovery-german-only.spec.ts (the same project, origin and emulator, one spec at a time).
freshEmulatorForEachTest();

test.describe('accessibility of every step', () => {
  async function axe(page: import('@playwright/test').Page): Promise<string[]> {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  }

  test('request, channel choice, verify, error banner, info and change password have no axe violation', async ({ page, request }) => {
    const recovery = new RecoveryPage(page);
    await page.goto('/self-service/nxn/fps');
    // The field error is the wizard's: before it hydrates, a blur shows nothing to check.
    await islandsHydrated(page);
    await recovery.userId.fill('a b');
    await recovery.userId.blur();
    await expect(recovery.userId).toHaveAttribute('aria-invalid', 'true');
    expect(await axe(page), 'request with field error').toEqual([]);
    await recovery.requestPassword('jdoe');
    expect(await axe(page), 'otp').toEqual([]);
    await recovery.choose(/Option #1 Email/);
    await recovery.enterCode('000000');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await axe(page), 'verify with error').toEqual([]);
    await recovery.returnButton.click();
    await recovery.choose(/Option #3 Call/);
    await expect(recovery.callCode).toBeVisible();
    expect(await axe(page), 'verify call').toEqual([]);
    await page.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N&SMPWERR=ISB_USRUP06');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await axe(page), 'change password').toEqual([]);
    await page.goto('/self-service/nxn/fuid');
    await recovery.fillForgotUser('John', 'Doe', 'john.doe@example.com');
    await recovery.continueButton.click();
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
    await recovery.submitButton.click();
    await expect(page.getByRole('alert')).toHaveText('We could not reach you by phone. Please choose another option or try again later.');
    expect(await axe(page), 'call error').toEqual([]);
    await page.getByRole('button', { name: 'Support' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axe(page), 'support dialog').toEqual([]);
  });

  test('the locked user ERROR step has no axe violation and is reached by keyboard alone', async ({ page, request }) => {
    const recovery = new RecoveryPage(page);
    await page.goto('/self-service/nxn/fps');
    // Continue is disabled until the wizard hydrates: an Enter before that submits nothing.
    await islandsHydrated(page);
    await page.getByLabel('User ID').focus();
    await page.keyboard.type('llocked');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Option #1')).toBeVisible();
    await recovery.option(/Option #1 Email/).focus();
    await page.keyboard.press('Enter');
    const code = recovery.passcode;
    await expect(code).toBeVisible();
    await code.focus();
    await page.keyboard.type(await lastCode(request));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'ERROR' })).toBeFocused();
    expect(await axe(page)).toEqual([]);
  });
});

/** The accessibility tree's view of `main`, and the screen reader's live announcements, step by step (docs/accessibility-walk.md). */
class Transcript {
  private readonly lines: string[] = [];
  /** How many announcements of the page now open were written down (a new page starts its record again). */
  private heard = 0;
  private pageSeen = '';
  private readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  /** Records a step: what was pressed, where the focus is, what the live regions said since, and main's tree. */
  async step(pressed: string, tree = false): Promise<string> {
    const { label, outlined } = await focused(this.page);
    // Each page keeps its own record: counted across pages, the first things said on the next page were skipped
    // (the change-password rules typed first read as never said).
    // Known by a mark of the document's own (the page's clock is faked: performance.timeOrigin stays the same).
    const document = await this.page.evaluate(() => ((window as unknown as { walkPage?: string }).walkPage ??= crypto.randomUUID()));
    if (document !== this.pageSeen) [this.pageSeen, this.heard] = [document, 0];
    const said = (await announcements(this.page)).slice(this.heard);
    this.heard += said.length;
    this.lines.push(`### ${pressed}`, '', `- focus: ${label}${outlined ? ' (ring drawn)' : ''}`);
    for (const { politeness, text } of said) this.lines.push(`- said (${politeness}): "${text}"`);
    if (tree) this.lines.push('', '```yaml', await this.page.locator('main').ariaSnapshot(), '```');
    this.lines.push('');
    return label;
  }

  get text(): string {
    return this.lines.join('\n');
  }
}

test('forgot password by keyboard with a screen reader\'s ears: a wrong passcode, the countdown, Resend, the reset, login with the user id kept and the toast', async ({ page, request }) => {
  test.setTimeout(90_000);
  await recordAnnouncements(page);
  await page.clock.install();
  const walk = new Transcript(page);
  const recovery = new RecoveryPage(page);
  /** A key press; the focus must never fall to the body, and a focused heading must be seen (not a 1 px one). */
  async function press(key: string, what: string, tree = false): Promise<string> {
    await page.keyboard.press(key);
    const label = await walk.step(what, tree);
    expect(label, what).not.toBe('body');
    return label;
  }
  await page.goto('/self-service/nxn/fps');
  await islandsHydrated(page);
  await walk.step('Open /self-service/nxn/fps', true);
  await page.getByLabel('User ID').focus();
  await page.keyboard.type('jdoe');
  await press('Enter', 'Type "jdoe", Enter');
  const sendHeading = page.getByRole('heading', { name: 'Send passcode' });
  await expect(sendHeading).toBeFocused();
  await walk.step('The channel step', true);
  // The step's heading takes the focus where it can be seen: a heading of its own size, its ring drawn.
  expect((await sendHeading.boundingBox())?.height ?? 0).toBeGreaterThan(10);
  expect((await focused(page)).outlined).toBe(true);
  expect(await press('Tab', 'Tab')).toBe('button: Send passcode: Option #1 Email');
  await press('Enter', 'Enter (send by e-mail)');
  const codeHeading = page.getByRole('heading', { name: 'Passcode', exact: true });
  await expect(codeHeading).toBeFocused();
  expect((await codeHeading.boundingBox())?.height ?? 0).toBeGreaterThan(10);
  await walk.step('The passcode step', true);

  // A wrong code, submitted from its button: the press disables the button, and the focus goes back to the field.
  const real = await lastCode(request);
  const wrong = real === '000000' ? '111111' : '000000';
  expect(await press('Tab', 'Tab')).toBe('input: Passcode');
  await page.keyboard.type(wrong);
  expect(await press('Tab', `Type a wrong code, Tab`)).toBe('button: Show passcode');
  expect(await press('Tab', 'Tab')).toBe('button: Submit');
  await press('Enter', 'Enter on Submit (the wrong code)', true);
  const wrongMessage = 'The passcode is not correct. Please check it and try again.';
  await expect(page.getByRole('alert')).toHaveText(wrongMessage);
  await expect(recovery.passcode).toBeFocused();
  // Said once: the alert alone, not the alert and a live container around it.
  await expect.poll(async () => (await announcements(page)).filter(({ text }) => text.includes(wrongMessage)).length).toBe(1);
  // And no second time: the page's timers and frames run on (its clock is faked) and what they set going has run.
  await pageRanOn(page, 300);
  expect((await announcements(page)).filter(({ text }) => text.includes(wrongMessage))).toEqual([expect.objectContaining({ politeness: 'assertive', text: wrongMessage })]);

  // The countdown is not said each second; its end is said once.
  await request.post('/__emulator/clock/advance', { data: { seconds: 31 } });
  await page.clock.runFor(31_000);
  await expect.poll(async () => (await announcements(page)).filter(({ text }) => text === 'You can request a new passcode now.').length, {
    message: JSON.stringify(await announcements(page)),
  }).toBe(1);
  expect((await announcements(page)).filter(({ text }) => /in \d+ seconds/.test(text))).toEqual([]);
  await walk.step('31 seconds later');

  // Resend, by keyboard: the press disables Resend (a new countdown), and the focus goes to the emptied field.
  let label = '';
  for (let tabs = 0; tabs < 6 && label !== 'button: Resend OTP'; tabs += 1) label = await press('Tab', 'Tab');
  expect(label).toBe('button: Resend OTP');
  await press('Enter', 'Enter on Resend OTP', true);
  await expect(page.getByText('A new passcode has been sent. The previous one no longer works.')).toBeVisible();
  await expect(recovery.passcode).toBeFocused();
  await expect(recovery.passcode).toHaveValue('');
  await expect.poll(async () => (await announcements(page)).filter(({ text }) => text.startsWith('A new passcode has been sent.')).length).toBe(1);

  await page.keyboard.type(await lastCode(request));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/fps-self-change-pw/);
  await islandsHydrated(page);
  await walk.step('Type the new code, Enter: the change-password page', true);
  const changePassword = new ChangePasswordPage(page);
  await changePassword.current.focus();
  await page.keyboard.type(await lastTemporaryPassword(request));
  await press('Tab', 'Type the temporary password, Tab');
  await page.keyboard.type('Walked#Keys2027');
  await press('Tab', 'Type the new password, Tab');
  await page.keyboard.type('Walked#Keys2027');
  await press('Tab', 'Type it again, Tab');
  await press('Tab', 'Tab');
  await expect(changePassword.submitButton).toBeFocused();
  await page.keyboard.press('Enter');

  // Login after the reset: the user id comes filled in, the toast is said once, politely, after the page loaded.
  await expect(page).toHaveURL(/\/app\/nxn\/login\?.*fromPage=FPS/);
  const login = new LoginPage(page);
  await islandsHydrated(page);
  await expect(login.userId).toHaveValue('jdoe');
  await expect(page.getByTestId('success-toast')).toBeVisible();
  await walk.step('Back on login (SiteMinder\'s success redirect)', true);
  expect((await announcements(page)).filter(({ text }) => text.includes('Password has been reset successfully.'))).toEqual([
    expect.objectContaining({ politeness: 'polite', text: 'Password has been reset successfully. Please proceed to login. Dismiss' }),
  ]);
  await page.clock.runFor(15_000);
  await expect(page.getByTestId('success-toast')).toBeVisible();
  await login.password.focus();
  await page.keyboard.type('Walked#Keys2027');
  await page.keyboard.press('Enter');
  await expect(login.signedIn('jdoe')).toBeVisible();
  await writeFile(test.info().outputPath('accessibility-walk.md'), walk.text);
});

test('the call code is said digit by digit, and the locked user\'s ERROR heading is read with what went wrong', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await page.goto('/self-service/nxn/fps');
  await islandsHydrated(page);
  await page.getByLabel('User ID').fill('jdoe');
  await page.getByRole('button', { name: 'Continue' }).click();
  await recovery.option(/Option #3 Call/).click();
  await expect(recovery.callCode).toHaveValue(/^\d{6}$/);
  const code = await recovery.callCode.inputValue();
  await expect(recovery.callCode).toHaveAccessibleDescription(code.split('').join(' '));

  await page.goto('/self-service/nxn/fps');
  await islandsHydrated(page);
  await page.getByLabel('User ID').fill('llocked');
  await page.getByRole('button', { name: 'Continue' }).click();
  await recovery.option(/Option #1 Email/).click();
  await recovery.passcode.fill(await lastCode(request));
  await page.getByRole('button', { name: 'Submit' }).click();
  const heading = page.getByRole('heading', { name: 'ERROR' });
  await expect(heading).toBeFocused();
  await expect(heading).toHaveAccessibleDescription('There is a problem with your User ID or password. Please contact the Help Desk for assistance.');
});
