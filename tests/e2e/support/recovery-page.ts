import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ChangePasswordPage } from './change-password-page.ts';
import { LoginPage } from './login-page.ts';

interface OutboxMessage { channel: string; to: string; text: string; code: string | null }

/** The emulator's outbox, newest last. */
export async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  return ((await (await request.get('/__emulator/outbox')).json()) as { messages: OutboxMessage[] }).messages;
}

/** The passcodes the emulator sent so far (each one counts against the limit of sends). */
export async function sentCodes(request: APIRequestContext): Promise<number> {
  return (await outbox(request)).filter((message) => message.code).length;
}

/** The newest passcode of the messages `pick` chooses, waiting (up to 5 s) for the send to land on a loaded machine. */
async function newestCode(request: APIRequestContext, pick: (message: OutboxMessage) => boolean, what: string): Promise<string> {
  let code: string | null | undefined;
  await expect.poll(async () => {
    code = (await outbox(request)).filter((message) => pick(message) && message.code).at(-1)?.code;
    return code;
  }, { message: what, timeout: 5_000 }).toBeTruthy();
  return code ?? '';
}

/** The last passcode the emulator sent. */
export async function lastCode(request: APIRequestContext): Promise<string> {
  return newestCode(request, () => true, 'a passcode in the outbox');
}

/** The last passcode sent to one address or number. */
export async function codeSentTo(request: APIRequestContext, to: string): Promise<string> {
  return newestCode(request, (message) => message.to === to, `a passcode sent to ${to}`);
}

/** The temporary password in the last e-mail. */
export async function lastTemporaryPassword(request: APIRequestContext): Promise<string> {
  const text = (await outbox(request)).at(-1)?.text ?? '';
  const password = /temporary password is (\S+)\./.exec(text)?.[1];
  if (!password) throw new Error(`no temporary password in: ${text}`);
  return password;
}

/** The statistics payloads the emulator recorded, oldest first; only one kind when a statsType is given. */
export async function statistics(request: APIRequestContext, statsType?: string): Promise<Array<Record<string, unknown>>> {
  const { records } = (await (await request.get('/__emulator/stats')).json()) as { records: Array<{ payload: Record<string, unknown> }> };
  return records.map((record) => record.payload).filter((payload) => statsType === undefined || payload['statsType'] === statsType);
}

/** Drives the recovery wizard the way a visitor does, by labels and roles. */
/**
 * Runs the page's fake clock on, 5 s at a time, until `shown` is visible: what the 20-second call check brings.
 * The check's timer starts only once the passcode step's chunk has arrived, which under load can be after a
 * single `runFor(20_000)` has already run (it then never comes); bounded, so a check that never comes fails.
 */
export async function runClockUntilCallChecked(page: Page, shown: Locator): Promise<void> {
  await expect.poll(async () => {
    if (await shown.isVisible()) return true;
    await page.clock.runFor(5_000);
    return shown.isVisible();
  }, { message: 'the call check came', timeout: 30_000 }).toBe(true);
}

export class RecoveryPage {
  readonly page: Page;
  readonly userId: Locator;
  readonly continueButton: Locator;
  readonly cancelButton: Locator;
  readonly passcode: Locator;
  /** The read-only code a call asks the visitor to key in. */
  readonly callCode: Locator;
  readonly submitButton: Locator;
  readonly resend: Locator;
  readonly returnButton: Locator;
  /** The step's message (an error, a rate limit, a call that failed). */
  readonly alert: Locator;

  constructor(page: Page) {
    this.page = page;
    this.userId = page.getByLabel('User ID');
    this.continueButton = page.getByRole('button', { name: 'Continue' });
    this.cancelButton = page.getByRole('button', { name: 'Cancel' });
    this.passcode = page.getByLabel('Passcode', { exact: true });
    this.callCode = page.getByLabel('Code to key in');
    this.submitButton = page.getByRole('button', { name: 'Submit' });
    this.resend = page.getByRole('button', { name: 'Resend OTP' });
    this.returnButton = page.getByRole('button', { name: 'Return to previous page' });
    this.alert = page.getByRole('alert');
  }

  /** A channel's button on the OTP step, e.g. /Option #1 Email/. */
  option(name: RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  /** A heading of the wizard (each step's heading names it). */
  heading(name: string): Locator {
    return this.page.getByRole('heading', { name });
  }

  async requestPassword(userId: string, query = ''): Promise<void> {
    await this.page.goto(`/self-service/nxn/fps${query}`);
    await this.userId.fill(userId);
    await this.continueButton.click();
    await expect(this.page.getByText('Option #1')).toBeVisible();
  }

  /** Fills the forgot-user-id form (the page must be open). */
  async fillForgotUser(firstName: string, lastName: string, email: string): Promise<void> {
    await this.page.getByLabel('First name').fill(firstName);
    await this.page.getByLabel('Last name').fill(lastName);
    await this.page.getByLabel('E-mail address').fill(email);
  }

  /** Opens a brand's forgot-user-id page, fills it and continues. */
  async requestUserId(firstName: string, lastName: string, email: string, brand = 'nxn'): Promise<void> {
    await this.page.goto(`/self-service/${brand}/fuid`);
    await this.fillForgotUser(firstName, lastName, email);
    await this.continueButton.click();
  }

  /**
   * Chooses a channel and waits for the send's outcome (the code field, the call code or a
   * message), so a passcode read from the outbox next is this send's, not an earlier one.
   */
  async choose(option: RegExp): Promise<void> {
    await this.option(option).click();
    const outcome = this.passcode.or(this.callCode).or(this.alert);
    await expect(outcome.first()).toBeVisible();
  }

  async enterCode(code: string): Promise<void> {
    await this.passcode.fill(code);
    await this.submitButton.click();
  }

  async changePassword(current: string, next: string): Promise<void> {
    await expect(this.page).toHaveURL(/fps-self-change-pw/);
    const form = new ChangePasswordPage(this.page);
    await form.fill(current, next);
    await form.submit();
  }

  async login(userId: string, password: string): Promise<void> {
    await new LoginPage(this.page).logIn(userId, password);
  }
}
