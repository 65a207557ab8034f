import { expect, test } from '@playwright/test';
import { outbox, RecoveryPage } from './support/recovery-page.ts';

// These tests change the seeded users, so they run one after another on an origin and emulator of their own.
test.describe.configure({ mode: 'serial' });
test.beforeEach(async ({ request }) => {
  await request.post('/__emulator/reset');
});

/**
 * The WebOTP API as a browser with it behaves (Chromium on Android): `navigator.credentials.get({ otp })`
 * waits for an SMS whose last line names this site, `@<host> #<code>`, and resolves with the code; an abort
 * rejects it. `deliverSms` plays the phone receiving the emulator's SMS.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    type Pending = { resolve: (value: { code: string; type: string }) => void; signal?: AbortSignal | undefined; transport: unknown };
    const state = { requests: [] as Pending[] };
    Object.assign(window, { OTPCredential: function OTPCredential() { /* only its presence is tested for */ }, webOtp: state });
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: {
        get: (options: { otp?: { transport?: string[] }; signal?: AbortSignal }) => new Promise((resolve, reject) => {
          const request: Pending = { resolve, signal: options.signal, transport: options.otp?.transport };
          state.requests.push(request);
          options.signal?.addEventListener('abort', () => { reject(new DOMException('aborted', 'AbortError')); });
        }),
      },
    });
    Object.assign(window, {
      deliverSms: (text: string) => {
        const match = /^@(\S+) #(\d+)$/.exec(text.split('\n').at(-1) ?? '');
        if (!match || match[1] !== location.host) return 'not for this site';
        const waiting = state.requests.filter((request) => !request.signal?.aborted);
        for (const request of waiting) request.resolve({ code: match[2] ?? '', type: 'otp' });
        return `delivered to ${waiting.length}`;
      },
    });
  });
});

test('on the SMS step the code the browser reads from the SMS fills the field and is submitted', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #2 SMS/);
  const field = page.getByLabel('Passcode', { exact: true });
  await expect(field).toHaveValue('');
  await expect.poll(() => page.evaluate(() => (window as unknown as { webOtp: { requests: Array<{ transport: unknown }> } }).webOtp.requests.map((r) => r.transport))).toEqual([['sms']]);
  const sms = (await outbox(request)).filter((message) => message.channel === 'sms').at(-1);
  expect(sms?.text.split('\n').at(-1)).toBe(`@${new URL(page.url()).host} #${sms?.code ?? ''}`);
  expect(await page.evaluate((text) => (window as unknown as { deliverSms: (text: string) => string }).deliverSms(text), sms?.text ?? '')).toBe('delivered to 1');
  await expect(page).toHaveURL(/fps-self-change-pw\?uid=jdoe&uti=external&FTUF=N/);
});

test('leaving the SMS step aborts the browser\'s request, and the field keeps working by hand meanwhile', async ({ page, request }) => {
  const recovery = new RecoveryPage(page);
  await recovery.requestPassword('jdoe');
  await recovery.choose(/Option #2 SMS/);
  const field = page.getByLabel('Passcode', { exact: true });
  await expect.poll(() => page.evaluate(() => (window as unknown as { webOtp: { requests: unknown[] } }).webOtp.requests.length)).toBe(1);
  await field.fill('12');
  await expect(field).toHaveValue('12');
  await page.getByRole('button', { name: 'Return to previous page' }).click();
  await expect(page.getByText('Option #1')).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { webOtp: { requests: Array<{ signal?: AbortSignal }> } }).webOtp.requests.map((r) => r.signal?.aborted))).toEqual([true]);
  // A code arriving now lands nowhere: the channel choice stays as it is.
  const sms = (await outbox(request)).filter((message) => message.channel === 'sms').at(-1);
  expect(await page.evaluate((text) => (window as unknown as { deliverSms: (text: string) => string }).deliverSms(text), sms?.text ?? '')).toBe('delivered to 0');
  await expect(page.getByText('Option #1')).toBeVisible();
});
