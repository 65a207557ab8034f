import { afterEach, expect, test, vi } from 'vitest';
import type { OtpAuthResponse } from '../../contract/recovery.ts';
import { obfuscate } from '../../lib/obfuscation.ts';
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

/** A browser that records what the flow does to it, with hand-driven events and timers. */
function fakeBrowser(search = '') {
  const listeners = { back: [] as Array<() => void>, engage: [] as Array<() => void> };
  const timers: Array<{ ms: number; run: () => void; repeat: boolean; stopped: boolean }> = [];
  let clock = 1_000;
  let sms: { resolve: (code: string | null) => void; signal: AbortSignal } | undefined;
  const browser: RecoveryBrowser = {
    search: () => search,
    origin: () => 'https://portal.example',
    navigate: vi.fn(),
    pushStep: vi.fn(),
    onBack: (listener) => { listeners.back.push(listener); return () => { listeners.back = listeners.back.filter((l) => l !== listener); }; },
    onEngage: (listener) => { listeners.engage.push(listener); return () => { listeners.engage = []; }; },
    after: (ms, run) => { const timer = { ms, run, repeat: false, stopped: false }; timers.push(timer); return () => { timer.stopped = true; }; },
    every: (ms, run) => { const timer = { ms, run, repeat: true, stopped: false }; timers.push(timer); return () => { timer.stopped = true; }; },
    now: () => clock,
    receiveSmsCode: (signal) => new Promise((resolve) => { sms = { resolve, signal }; }),
    trackClicks: () => () => undefined,
  };
  return {
    browser,
    back: () => { for (const listener of listeners.back) listener(); },
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

function page(search = '', overrides: Partial<RecoveryServices> = {}, options: Partial<RecoveryPageOptions> = {}) {
  const fake = fakeBrowser(search);
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
  expect(p.fake.browser.pushStep).toHaveBeenNthCalledWith(1, 'OTP');
  expect(p.fake.browser.pushStep).toHaveBeenNthCalledWith(2, 'VERIFY');
  p.fake.back();
  expect(p.$recovery.get().step.page).toBe('OTP');
  p.fake.back();
  expect(p.$recovery.get().step.page).toBe('REQUEST');
  expect(p.fake.browser.pushStep).toHaveBeenCalledTimes(2);
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
  p.fake.elapse(CALL_POLL_MS);
  await settle();
  expect(verifyOtp).toHaveBeenCalledTimes(1);
  expect(verifyOtp).toHaveBeenCalledWith(expect.objectContaining({ channel: 'call', otp: expect.any(String) }));
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
  p.stop();
  p.fake.back();
  await p.actions.submitUserId('jdoe');
  expect(p.fake.browser.pushStep).not.toHaveBeenCalled();
  p.fake.elapse(3000);
  expect(p.reportUsage).not.toHaveBeenCalledWith(expect.objectContaining({ from: 'entry' }), expect.any(Number));
});
