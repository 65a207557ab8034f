import { afterEach, expect, test, vi } from 'vitest';
import type { OtpAuthResponse } from '../../contract/recovery.ts';
import { deobfuscate, obfuscate } from '../../lib/obfuscation.ts';
import type { ServiceResult } from '../../services/service-errors.ts';
import { $userType } from '../visitor.ts';
import { createRecoveryPage } from './recovery-page.ts';
import type { RecoveryBrowser } from './recovery-browser.ts';
import type { RecoveryPageOptions } from './recovery-page.ts';
import type { RecoveryServices } from './recovery-services.ts';
import { CALL_POLL_MS } from './verify-effects.ts';

// The page's flow driven through its named actions and a fake browser: no React, no window.

const AUTH: OtpAuthResponse = {
  userId: 'jdoe', transactionId: 't1', sessionId: 's1', primaryEmail: obfuscate('john.doe@example.com'), cellPhone: obfuscate('201-555-0147'),
  businessPhone: obfuscate('201-555-0199'), supportedotpChannels: ['email', 'sms', 'phone'],
};
const ok = <T,>(data: T): Promise<ServiceResult<T>> => Promise.resolve({ ok: true, data });

function services(overrides: Partial<RecoveryServices> = {}): RecoveryServices {
  return {
    checkUserType: () => ok({ internal: true }),
    requestOtpChannels: () => ok(AUTH),
    generateOtp: ({ channel }) => ok({ otp: channel === 'call' ? obfuscate('123456') : null, transactionId: 't1', sessionId: 's1', expiresInSeconds: 1200, resendAfterSeconds: 0 }),
    resendOtp: () => ok({ otp: null, transactionId: 't1', sessionId: 's1', expiresInSeconds: 1200, resendAfterSeconds: 0 }),
    verifyOtp: () => ok({ authenticationResult: null, channelStatus: 'STATUS.PENDING' }),
    emailTemporaryPassword: () => ok({ result: 'SUCCESS' }),
    lookupForgottenUser: () => ok({ principalId: 'p1' }),
    emailUserId: () => ok({ result: 'SUCCESS' }),
    decryptIdentifier: () => ok({ internal: false }),
    ...overrides,
  };
}

/**
 * A browser that records what the flow does to it, with hand-driven events and timers, and a session history
 * that behaves as browsers' do: pushState drops the entries ahead, Back and Forward fire popstate with the
 * state of the entry reached. `entries` and `at` give a history the page was loaded into (a reload).
 */
function fakeBrowser(search = '', loaded: { entries: unknown[]; at: number } = { entries: [null], at: 0 }) {
  const listeners = { moves: [] as Array<(state: unknown) => void>, engage: [] as Array<() => void> };
  const history = { entries: [...loaded.entries], at: loaded.at };
  const move = (to: number) => {
    if (to < 0 || to >= history.entries.length) return;
    history.at = to;
    for (const listener of [...listeners.moves]) listener(history.entries[to]);
  };
  const timers: Array<{ ms: number; run: () => void; repeat: boolean; stopped: boolean }> = [];
  let clock = 1_000;
  let sms: { resolve: (code: string | null) => void; signal: AbortSignal } | undefined;
  const browser: RecoveryBrowser = {
    search: () => search,
    origin: () => 'https://portal.example',
    navigate: vi.fn(),
    historyState: () => history.entries[history.at],
    pushStep: vi.fn((entry: unknown) => {
      history.entries.splice(history.at + 1, history.entries.length, entry);
      history.at += 1;
    }),
    replaceStep: vi.fn((entry: unknown) => { history.entries[history.at] = entry; }),
    goBack: () => { move(history.at - 1); },
    onHistoryMove: (listener) => { listeners.moves.push(listener); return () => { listeners.moves = listeners.moves.filter((l) => l !== listener); }; },
    onEngage: (listener) => { listeners.engage.push(listener); return () => { listeners.engage = []; }; },
    after: (ms, run) => { const timer = { ms, run, repeat: false, stopped: false }; timers.push(timer); return () => { timer.stopped = true; }; },
    every: (ms, run) => { const timer = { ms, run, repeat: true, stopped: false }; timers.push(timer); return () => { timer.stopped = true; }; },
    now: () => clock,
    receiveSmsCode: (signal) => new Promise((resolve) => { sms = { resolve, signal }; }),
    trackClicks: () => () => undefined,
  };
  return {
    browser,
    history,
    /** The browser's back button. */
    back: () => { move(history.at - 1); },
    /** The browser's forward button. */
    forward: () => { move(history.at + 1); },
    /** A same-page link (`#main`): an entry of its own, with no state. */
    fragment: () => {
      history.entries.splice(history.at + 1, history.entries.length, null);
      move(history.at + 1);
    },
    /** Which step each entry of the history says it shows, and the one on screen. */
    pages: () => ({ entries: history.entries.map((entry) => (entry as { recoveryStep?: string } | null)?.recoveryStep ?? null), at: history.at }),
    engage: () => { for (const listener of [...listeners.engage]) listener(); },
    elapse: (ms: number) => {
      clock += ms;
      for (const timer of timers.filter((t) => !t.stopped && t.ms <= ms)) timer.run();
    },
    live: (ms: number) => timers.filter((timer) => !timer.stopped && timer.ms === ms),
    sms: () => sms,
  };
}

const OPTIONS: RecoveryPageOptions = {
  page: 'FPS', wlKey: 'nxn', language: 'en-US', paths: { login: '/app/nxn/login', changePassword: '/self-service/nxn/fps-self-change-pw' },
  allowedRedirectHosts: [], clickMonitor: false,
};

function page(search = '', overrides: Partial<RecoveryServices> = {}, options: Partial<RecoveryPageOptions> = {}, loaded?: Parameters<typeof fakeBrowser>[1]) {
  const fake = fakeBrowser(search, loaded);
  const reportUsage = vi.fn();
  const flow = createRecoveryPage({ ...OPTIONS, ...options }, () => fake.browser, { services: services(overrides), devicePrint: () => 'fp', reportUsage });
  const stop = flow.start();
  return { ...flow, fake, reportUsage, stop };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  $userType.set('both');
});

test('entering the forgot-password page with FTUF=Y starts the first-time-user flow at REQUEST', () => {
  expect(page('?FTUF=Y').$recovery.get()).toMatchObject({ flow: 'FTU', step: { page: 'REQUEST' }, userType: 'both' });
  expect(page('').$recovery.get().flow).toBe('FPS');
  expect(page('?FTUF=Y', {}, { page: 'FUID' }).$recovery.get().flow).toBe('FUID');
});

test('each deeper step is a history entry, and the browser\'s back button walks back through the steps', async () => {
  const p = page();
  await p.actions.submitUserId('jdoe');
  const step = p.$recovery.get().step;
  if (step.page !== 'OTP') throw new Error('expected OTP');
  await p.actions.chooseChannel(step.transaction.options[0]!);
  expect(p.fake.pages()).toEqual({ entries: ['REQUEST', 'OTP', 'VERIFY'], at: 2 });
  p.fake.back();
  expect(p.$recovery.get().step.page).toBe('OTP');
  p.fake.back();
  expect(p.$recovery.get().step.page).toBe('REQUEST');
  expect(p.fake.browser.pushStep).toHaveBeenCalledTimes(2);
});

/** Forgot password for jdoe, up to the passcode step of a channel; gives the page and its service calls. */
async function toVerify(channel: 'email' | 'sms' | 'call' = 'email', overrides: Partial<RecoveryServices> = {}, loaded?: Parameters<typeof fakeBrowser>[1]) {
  const requestOtpChannels = vi.fn(services().requestOtpChannels);
  const generateOtp = vi.fn(services().generateOtp);
  const p = page('', { requestOtpChannels, generateOtp, ...overrides }, {}, loaded);
  await p.actions.submitUserId('jdoe');
  await settle();
  const step = p.$recovery.get().step;
  if (step.page !== 'OTP') throw new Error(`expected OTP, got ${step.page}`);
  await p.actions.chooseChannel(step.transaction.options.find((option) => option.channel === channel)!);
  return { ...p, requestOtpChannels, generateOtp };
}

test('Back and Forward move through the steps the history holds, both ways, as they were left, without a call', async () => {
  const p = await toVerify('sms');
  const verify = p.$recovery.get();
  expect(verify.step).toMatchObject({ page: 'VERIFY', option: { channel: 'sms' } });
  p.fake.back();
  expect(p.$recovery.get()).toMatchObject({ step: { page: 'OTP' }, subject: 'jdoe' });
  p.fake.forward();
  expect(p.$recovery.get()).toMatchObject({ step: { page: 'VERIFY', option: { channel: 'sms' }, transaction: { transactionId: 't1' } }, subject: 'jdoe' });
  p.fake.back();
  p.fake.back();
  expect(p.$recovery.get()).toMatchObject({ step: { page: 'REQUEST' }, subject: '', userType: 'both' });
  expect($userType.get()).toBe('both');
  p.fake.forward();
  expect(p.$recovery.get()).toMatchObject({ step: { page: 'OTP', transaction: { transactionId: 't1' } }, subject: 'jdoe', userType: 'internal' });
  expect($userType.get()).toBe('internal');
  p.fake.forward();
  expect(p.$recovery.get()).toMatchObject({ step: { page: 'VERIFY', option: { channel: 'sms' } }, busy: false, message: null });
  // Every step came back from memory: one channel lookup, one passcode, and the history still holds all three steps.
  expect(p.requestOtpChannels).toHaveBeenCalledTimes(1);
  expect(p.generateOtp).toHaveBeenCalledTimes(1);
  expect(p.fake.pages()).toEqual({ entries: ['REQUEST', 'OTP', 'VERIFY'], at: 2 });
});

test('a step comes back as it was left: a resent code stays the resent one, and a message is not shown again', async () => {
  const p = await toVerify('email', { verifyOtp: () => Promise.resolve({ ok: false as const, error: 'OTP_INVALID' as const }) });
  await p.actions.resend();
  await p.actions.submitCode('000000');
  expect(p.$recovery.get()).toMatchObject({ step: { page: 'VERIFY', resent: true }, message: 'verify.error' });
  p.fake.back();
  p.fake.forward();
  expect(p.$recovery.get()).toMatchObject({ step: { page: 'VERIFY', resent: true }, message: null, busy: false });
});

test('Return to previous page goes back through the history, so Forward returns to the code sent', async () => {
  const p = await toVerify('email');
  p.actions.back();
  expect(p.$recovery.get().step).toMatchObject({ page: 'OTP', sent: { page: 'VERIFY', option: { channel: 'email' } } });
  expect(p.fake.pages()).toEqual({ entries: ['REQUEST', 'OTP', 'VERIFY'], at: 1 });
  p.fake.forward();
  expect(p.$recovery.get().step).toMatchObject({ page: 'VERIFY', option: { channel: 'email' } });
  expect(p.generateOtp).toHaveBeenCalledTimes(1);
});

test('choosing a channel again after Back is a new step: the step ahead is dropped, as the browser drops its entry', async () => {
  const p = await toVerify('email');
  p.fake.back();
  const step = p.$recovery.get().step;
  if (step.page !== 'OTP') throw new Error('expected OTP');
  await p.actions.chooseChannel(step.transaction.options.find((option) => option.channel === 'sms')!);
  expect(p.fake.pages()).toEqual({ entries: ['REQUEST', 'OTP', 'VERIFY'], at: 2 });
  expect(p.$recovery.get().step).toMatchObject({ page: 'VERIFY', option: { channel: 'sms' } });
  p.fake.forward();
  expect(p.$recovery.get().step).toMatchObject({ page: 'VERIFY', option: { channel: 'sms' } });
});

test('after a reload the steps of the earlier page cannot come back: every entry starts afresh at REQUEST and says so', async () => {
  const earlier = { entries: [{ recoveryStep: 'REQUEST', recoveryKey: 'old.0' }, { recoveryStep: 'OTP', recoveryKey: 'old.1' }, { recoveryStep: 'VERIFY', recoveryKey: 'old.2' }], at: 2 };
  const p = page('', {}, {}, earlier);
  expect(p.$recovery.get()).toMatchObject({ step: { page: 'REQUEST' }, subject: '' });
  expect(p.fake.pages()).toEqual({ entries: ['REQUEST', 'OTP', 'REQUEST'], at: 2 });
  p.fake.back();
  expect(p.$recovery.get()).toMatchObject({ step: { page: 'REQUEST' }, subject: '', busy: false, message: null });
  expect(p.fake.pages()).toEqual({ entries: ['REQUEST', 'REQUEST', 'REQUEST'], at: 1 });
  p.fake.forward();
  expect(p.$recovery.get().step.page).toBe('REQUEST');
});

test('once the flow ends in ERROR its transaction is over: Back starts afresh at REQUEST, never half-filled', async () => {
  const p = await toVerify('email', { verifyOtp: () => Promise.resolve({ ok: false as const, error: 'OTP_ERR_003' as const }) });
  await p.actions.submitCode('123456');
  expect(p.fake.pages()).toEqual({ entries: ['REQUEST', 'OTP', 'VERIFY', 'ERROR'], at: 3 });
  p.fake.back();
  expect(p.$recovery.get()).toMatchObject({ step: { page: 'REQUEST' }, subject: '', userType: 'both' });
  expect(p.fake.pages().entries[2]).toBe('REQUEST');
  p.fake.back();
  expect(p.$recovery.get().step.page).toBe('REQUEST');
  p.fake.forward();
  p.fake.forward();
  expect(p.$recovery.get().step.page).toBe('ERROR');
});

test('an answer that arrives after Back moved the wizard does not move it again', async () => {
  let answer: (result: Awaited<ReturnType<RecoveryServices['generateOtp']>>) => void = () => undefined;
  const p = page('', { generateOtp: () => new Promise((resolve) => { answer = resolve; }) });
  await p.actions.submitUserId('jdoe');
  const step = p.$recovery.get().step;
  if (step.page !== 'OTP') throw new Error('expected OTP');
  const choosing = p.actions.chooseChannel(step.transaction.options[0]!);
  expect(p.$recovery.get().busy).toBe(true);
  p.fake.back();
  answer({ ok: true, data: { otp: null, transactionId: 't1', sessionId: 's1', expiresInSeconds: 1200, resendAfterSeconds: 0 } });
  await choosing;
  expect(p.$recovery.get()).toMatchObject({ step: { page: 'REQUEST' }, busy: false });
  expect(p.fake.pages()).toEqual({ entries: ['REQUEST', 'OTP'], at: 0 });
});

test('a same-page link\'s entry shows the step that was on screen, so Back and Forward through it change nothing', async () => {
  const p = await toVerify('email');
  p.fake.back();
  p.fake.fragment();
  expect(p.$recovery.get().step.page).toBe('OTP');
  expect(p.fake.pages()).toEqual({ entries: ['REQUEST', 'OTP', 'OTP'], at: 2 });
  const step = p.$recovery.get().step;
  if (step.page !== 'OTP') throw new Error('expected OTP');
  await p.actions.chooseChannel(step.transaction.options[1]!);
  p.actions.back();
  expect(p.$recovery.get().step.page).toBe('OTP');
  expect(p.fake.pages()).toEqual({ entries: ['REQUEST', 'OTP', 'OTP', 'VERIFY'], at: 2 });
});

test('the page view is recorded once, at the first engagement or 3 s after the start, with the time since the start', () => {
  const engaged = page();
  engaged.fake.elapse(1200);
  engaged.fake.engage();
  engaged.fake.elapse(3000);
  expect(engaged.reportUsage.mock.calls).toEqual([[expect.objectContaining({ from: 'entry', to: 'FPS/requestPage', status: 'Success' }), 1200]]);
  const idle = page();
  idle.fake.elapse(3000);
  expect(idle.reportUsage.mock.calls).toEqual([[expect.objectContaining({ to: 'FPS/requestPage' }), 3000]]);
});

test('the user type the backend gives reaches the shared store the support dialog reads', async () => {
  const p = page();
  expect($userType.get()).toBe('both');
  await p.actions.submitUserId('mstaff');
  await settle();
  expect($userType.get()).toBe('internal');
});

test('Cancel goes to login, or to a forgetUserIdRedirect on this site, never to another site', async () => {
  const plain = page();
  plain.actions.cancel();
  await vi.waitFor(() => expect(plain.fake.browser.navigate).toHaveBeenCalledWith('/app/nxn/login'));
  const same = page('?forgetUserIdRedirect=%2Fapps%2Fhome');
  same.actions.cancel();
  await vi.waitFor(() => expect(same.fake.browser.navigate).toHaveBeenCalledWith('/apps/home'));
  const evil = page('?forgetUserIdRedirect=https%3A%2F%2Fevil.example%2F');
  evil.actions.cancel();
  await vi.waitFor(() => expect(evil.fake.browser.navigate).toHaveBeenCalledWith('/app/nxn/login'));
});

test('a verified passcode navigates to change password with the user id, type and first-time flag', async () => {
  const p = page('?FTUF=Y', { verifyOtp: () => ok({ authenticationResult: 'SUCCESS', channelStatus: null }) });
  await p.actions.submitUserId('newuser');
  await settle();
  const step = p.$recovery.get().step;
  if (step.page !== 'OTP') throw new Error('expected OTP');
  await p.actions.chooseChannel(step.transaction.options[0]!);
  await p.actions.submitCode('123456');
  expect(p.fake.browser.navigate).toHaveBeenCalledWith('/self-service/nxn/fps-self-change-pw?uid=newuser&uti=internal&FTUF=Y');
});

test('the call code is checked every 20 seconds while the passcode step shows, and no longer once it is left', async () => {
  const verifyOtp = vi.fn(() => ok({ authenticationResult: null, channelStatus: 'STATUS.PENDING' }));
  const p = page('', { verifyOtp });
  await p.actions.submitUserId('jdoe');
  const step = p.$recovery.get().step;
  if (step.page !== 'OTP') throw new Error('expected OTP');
  await p.actions.chooseChannel(step.transaction.options.find((option) => option.channel === 'call')!);
  await vi.waitFor(() => expect(p.fake.live(CALL_POLL_MS)).toHaveLength(1));
  const shown = p.$recovery.get().step;
  if (shown.page !== 'VERIFY' || !shown.callCode) throw new Error('expected the call code on the VERIFY step');
  p.fake.elapse(CALL_POLL_MS);
  await settle();
  expect(verifyOtp).toHaveBeenCalledTimes(1);
  // The code checked is the one the page shows the visitor to key in.
  expect(verifyOtp).toHaveBeenCalledWith(expect.objectContaining({ channel: 'call' }));
  expect(deobfuscate((verifyOtp.mock.calls[0] as unknown as [{ otp: string }])[0].otp)).toBe(shown.callCode);
  p.actions.back();
  expect(p.fake.live(CALL_POLL_MS)).toHaveLength(0);
});

test('on the SMS step the WebOTP code is filled in and submitted; leaving the step aborts the request', async () => {
  const verifyOtp = vi.fn(() => ok({ authenticationResult: 'SUCCESS' as const, channelStatus: null }));
  const p = page('', { verifyOtp });
  await p.actions.submitUserId('jdoe');
  const otp = p.$recovery.get().step;
  if (otp.page !== 'OTP') throw new Error('expected OTP');
  await p.actions.chooseChannel(otp.transaction.options.find((option) => option.channel === 'sms')!);
  await vi.waitFor(() => expect(p.fake.sms()).toBeDefined());
  const request = p.fake.sms()!;
  p.actions.back();
  expect(request.signal.aborted).toBe(true);
  const again = p.$recovery.get().step;
  if (again.page !== 'OTP') throw new Error('expected OTP');
  await p.actions.chooseChannel(otp.transaction.options.find((option) => option.channel === 'sms')!);
  await vi.waitFor(() => expect(p.fake.sms()).not.toBe(request));
  p.fake.sms()!.resolve('246810');
  await vi.waitFor(() => expect(verifyOtp).toHaveBeenCalledWith(expect.objectContaining({ channel: 'sms', otp: expect.any(String) })));
  expect(p.fake.browser.navigate).toHaveBeenCalledWith(expect.stringContaining('/self-service/nxn/fps-self-change-pw?uid=jdoe'));
});

test('stopping the page ends its listeners and timers', async () => {
  const p = page();
  await p.actions.submitUserId('jdoe');
  expect(p.fake.browser.pushStep).toHaveBeenCalledTimes(1);
  p.stop();
  // Back to the request step's entry: a page still listening would show REQUEST again.
  p.fake.back();
  expect(p.fake.history.at).toBe(0);
  expect(p.$recovery.get().step.page).toBe('OTP');
  // A deeper step no longer gets an entry of its own.
  const otp = p.$recovery.get().step;
  if (otp.page !== 'OTP') throw new Error('expected OTP');
  await p.actions.chooseChannel(otp.transaction.options[0]!);
  expect(p.$recovery.get().step.page).toBe('VERIFY');
  expect(p.fake.browser.pushStep).toHaveBeenCalledTimes(1);
  p.fake.elapse(3000);
  expect(p.reportUsage).not.toHaveBeenCalledWith(expect.objectContaining({ from: 'entry' }), expect.any(Number));
});
