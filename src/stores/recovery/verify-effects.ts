import type { RecoveryState } from './flow-state.ts';
import type { RecoveryBrowser } from './recovery-browser.ts';
import type { RecoveryStore } from './recovery-store.ts';

/** The call channel's code is checked every 20 seconds while the passcode step shows (spec 4.3). */
export const CALL_POLL_MS = 20_000;

/** The WebOTP API: the code of an SMS that ends with `@<this host> #<code>`, once the visitor allows it. */
export async function readWebOtpCode(signal: AbortSignal): Promise<string | null> {
  // `otp` is not in TypeScript's DOM types yet (WICG WebOTP).
  const credential = await navigator.credentials.get({ otp: { transport: ['sms'] }, signal } as CredentialRequestOptions);
  return credential && 'code' in credential && typeof credential.code === 'string' ? credential.code : null;
}

/**
 * What the passcode step keeps running while it shows; gives its stop. The call channel checks the shown
 * code every 20 s (the callee keys it on the phone); the SMS channel asks the browser's WebOTP API for the
 * code of an SMS bound to this site, and the request is aborted when the step is left, so a code arriving
 * later never lands on another step.
 */
export function runVerifyEffects(state: RecoveryState, browser: RecoveryBrowser, actions: RecoveryStore['actions']): () => void {
  const step = state.step;
  if (step.page !== 'VERIFY') return () => undefined;
  const { callCode } = step;
  if (step.option.channel === 'call' && callCode) {
    return browser.every(CALL_POLL_MS, () => void actions.submitCode(callCode, { silent: true }));
  }
  const receive = browser.receiveSmsCode;
  if (step.option.channel !== 'sms' || !receive) return () => undefined;
  const abort = new AbortController();
  receive(abort.signal).then((code) => {
    if (code && !abort.signal.aborted) void actions.receivedCode(code);
  }, () => undefined);
  return () => { abort.abort(); };
}
