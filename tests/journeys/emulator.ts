import { pause } from './base-driver.ts';

export interface OutboxMessage { channel: string; to: string; text: string; code: string | null }

/** The emulator's inspection endpoints (design.md), called from Node with fetch. */
export class Emulator {
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  private async post(path: string, body?: unknown): Promise<void> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`POST ${path}: HTTP ${response.status}`);
  }

  reset(): Promise<void> {
    return this.post('/__emulator/reset');
  }

  /** A deploy under the open pages: their hashed scripts answer 404 until the next reset. */
  deploy(): Promise<void> {
    return this.post('/__emulator/deploy');
  }

  /** The simulated callee keys the code of every call in progress. */
  answerCalls(): Promise<void> {
    return this.post('/__emulator/calls/answer');
  }

  advanceClock(seconds: number): Promise<void> {
    return this.post('/__emulator/clock/advance', { seconds });
  }

  async outbox(): Promise<OutboxMessage[]> {
    const response = await fetch(new URL('/__emulator/outbox', this.baseUrl));
    return ((await response.json()) as { messages: OutboxMessage[] }).messages;
  }

  /** The last passcode sent to one address or number, waiting (up to 5 s) for the send to land. */
  async codeSentTo(to: string): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const code = (await this.outbox()).filter((message) => message.to === to && message.code).at(-1)?.code;
      if (code) return code;
      await pause(100);
    }
    throw new Error(`no passcode sent to ${to}`);
  }

  /** The temporary password in the last e-mail to an address. */
  async temporaryPasswordFor(to: string): Promise<string> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const texts = (await this.outbox()).filter((message) => message.to === to).map((message) => message.text);
      const password = texts.map((entry) => /temporary password is (\S+)\./.exec(entry)?.[1]).filter(Boolean).at(-1);
      if (password) return password;
      await pause(100);
    }
    throw new Error(`no temporary password e-mailed to ${to}`);
  }
}
