import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

interface OutboxMessage { channel: string; to: string; text: string; code: string | null }

/** The emulator's outbox, newest last. */
export async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  return ((await (await request.get('/__emulator/outbox')).json()) as { messages: OutboxMessage[] }).messages;
}

/** The last passcode the emulator sent, waiting (up to 5 s) for the first one on a loaded machine. */
export async function lastCode(request: APIRequestContext): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const code = (await outbox(request)).filter((message) => message.code).at(-1)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no passcode in the outbox');
}

/** The last passcode sent to one address or number, waiting (up to 5 s) for the send to land. */
export async function codeSentTo(request: APIRequestContext, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const code = (await outbox(request)).filter((message) => message.to === to && message.code).at(-1)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no passcode sent to ${to}`);
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
export class RecoveryPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  async requestPassword(userId: string, query = ''): Promise<void> {
    await this.page.goto(`/self-service/nxn/fps${query}`);
    await this.page.getByLabel('User ID').fill(userId);
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page.getByText('Option #1')).toBeVisible();
  }

  /**
   * Chooses a channel and waits for the send's outcome (the code field, the call code or a
   * message), so a passcode read from the outbox next is this send's, not an earlier one.
   */
  async choose(option: RegExp): Promise<void> {
    await this.page.getByRole('button', { name: option }).click();
    const outcome = this.page.getByLabel('Passcode', { exact: true }).or(this.page.getByLabel('Code to key in')).or(this.page.getByRole('alert'));
    await expect(outcome.first()).toBeVisible();
  }

  async enterCode(code: string): Promise<void> {
    await this.page.getByLabel('Passcode', { exact: true }).fill(code);
    await this.page.getByRole('button', { name: 'Submit' }).click();
  }

  async changePassword(current: string, next: string): Promise<void> {
    await expect(this.page).toHaveURL(/fps-self-change-pw/);
    await this.page.getByLabel('Temporary or current password').fill(current);
    await this.page.getByLabel('New password', { exact: true }).fill(next);
    await this.page.getByLabel('Confirm new password').fill(next);
    await this.page.getByRole('button', { name: 'Change password' }).click();
  }

  async login(userId: string, password: string): Promise<void> {
    await this.page.getByLabel('User ID').fill(userId);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Log In' }).click();
  }
}
