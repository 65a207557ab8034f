import { describe, expect, test, vi } from 'vitest';
import type { OtpAuthResponse } from '../../contract/recovery.ts';
import { CodeLoadError } from '../../lib/code-loader.ts';
import { deobfuscate, obfuscate } from '../../lib/obfuscation.ts';
import type { ServiceResult } from '../../services/service-errors.ts';
import type { ServiceError } from '../../domain/error-codes.ts';
import { channelOptions } from './flow-reducer.ts';
import { createRecoveryStore } from './recovery-store.ts';
import type { RecoveryDeps } from './recovery-effects.ts';
import type { RecoveryServices } from './recovery-services.ts';

// Recorded answers of the service, one per state.
const AUTH_JDOE: OtpAuthResponse = {
  userId: 'jdoe', transactionId: 't1', sessionId: 's1', primaryEmail: obfuscate('john.doe@example.com'), cellPhone: obfuscate('201-555-0147'),
  businessPhone: obfuscate('201-555-0199'), supportedotpChannels: ['email', 'sms', 'phone'],
};
const ok = <T,>(data: T): Promise<ServiceResult<T>> => Promise.resolve({ ok: true, data });
const failed = (error: ServiceError) => Promise.resolve({ ok: false as const, error });

function services(overrides: Partial<RecoveryServices> = {}): RecoveryServices {
  return {
    checkUserType: () => ok({ internal: false }),
    requestOtpChannels: () => ok(AUTH_JDOE),
    generateOtp: ({ channel }) => ok({ otp: channel === 'call' ? obfuscate('123456') : null, transactionId: 't1', sessionId: 's1', expiresInSeconds: 1200, resendAfterSeconds: 0 }),
    resendOtp: () => ok({ otp: null, transactionId: 't1', sessionId: 's1', expiresInSeconds: 1200, resendAfterSeconds: 0 }),
    verifyOtp: () => ok({ authenticationResult: 'SUCCESS', channelStatus: null }),
    emailTemporaryPassword: () => ok({ result: 'SUCCESS' }),
    lookupForgottenUser: () => ok({ principalId: 'p-opaque' }),
    emailUserId: () => ok({ result: 'SUCCESS' }),
    decryptIdentifier: () => ok({ internal: true }),
    ...overrides,
  };
}

function store(flow: 'FPS' | 'FUID' | 'FTU', overrides: Partial<RecoveryServices> = {}, wlKey = 'nxn') {
  const deps: RecoveryDeps = { services: services(overrides), wlKey, devicePrint: () => 'fp', reportUsage: vi.fn(), exit: vi.fn() };
  return { ...createRecoveryStore(flow, deps), deps };
}

async function toVerify(flow: 'FPS' | 'FUID' | 'FTU', channel: 'email' | 'sms' | 'call', overrides: Partial<RecoveryServices> = {}) {
  const s = store(flow, overrides);
  if (flow === 'FUID') await s.actions.submitForgotUser({ firstName: 'John', lastName: 'Doe', emailId: 'john.doe@example.com' });
  else await s.actions.submitUserId('jdoe');
  const step = s.$recovery.get().step;
  if (step.page !== 'OTP') throw new Error(`expected OTP, got ${step.page}`);
  await s.actions.chooseChannel(step.transaction.options.find((option) => option.channel === channel) ?? step.transaction.options[0]!);
  return s;
}

test('offers email, sms and call in that order, masked, only with a value and when supported', () => {
  expect(channelOptions(AUTH_JDOE).map(({ channel, masked }) => [channel, masked])).toEqual([['email', 'j******e@example.com'], ['sms', '**47'], ['call', '**99']]);
  expect(channelOptions({ ...AUTH_JDOE, cellPhone: null, supportedotpChannels: ['email', 'sms'] }).map((option) => option.channel)).toEqual(['email']);
});

describe('REQUEST', () => {
  test('moves to OTP after the channel lookup, with the user type from the backend', async () => {
    const s = store('FPS', { checkUserType: () => ok({ internal: true }) });
    await s.actions.submitUserId('mstaff');
    expect(s.$recovery.get()).toMatchObject({ step: { page: 'OTP', callError: false }, userType: 'internal', subject: 'mstaff', busy: false });
    expect(s.deps.reportUsage).toHaveBeenCalledWith(expect.objectContaining({ to: 'FPS/generateOTPPage', status: 'Success' }));
  });

  test('a user-type check that never answers does not hold the flow up (it has no time-out)', async () => {
    const s = store('FPS', { checkUserType: () => new Promise(() => undefined) });
    await s.actions.submitUserId('jdoe');
    expect(s.$recovery.get()).toMatchObject({ step: { page: 'OTP' }, userType: 'both', busy: false });
  });

  test('falls back to user type both when the check fails', async () => {
    const s = store('FPS', { checkUserType: () => failed('SERVER') });
    await s.actions.submitUserId('jdoe');
    expect(s.$recovery.get().userType).toBe('both');
  });

  test('shows a channel-lookup failure on the same page, and editing clears it', async () => {
    const s = store('FPS', { requestOtpChannels: () => failed('USER_NOT_FOUND') });
    await s.actions.submitUserId('ghost');
    expect(s.$recovery.get()).toMatchObject({ step: { page: 'REQUEST' }, message: 'errors.channelLookup' });
    s.actions.edited();
    expect(s.$recovery.get().message).toBeNull();
  });

  test('names a time-out as such', async () => {
    const s = store('FPS', { requestOtpChannels: () => failed('TIMEOUT') });
    await s.actions.submitUserId('jdoe');
    expect(s.$recovery.get().message).toBe('errors.timeout');
  });

  test('a forgot-user lookup failure uses the _wl message for brands other than nxn', async () => {
    const nxn = store('FUID', { lookupForgottenUser: () => failed('USER_NOT_FOUND') });
    await nxn.actions.submitForgotUser({ firstName: 'A', lastName: 'B', emailId: 'a@b.com' });
    expect(nxn.$recovery.get().message).toBe('errors.forgotUser');
    const cwa = store('FUID', { lookupForgottenUser: () => failed('USER_NOT_FOUND') }, 'cwa');
    await cwa.actions.submitForgotUser({ firstName: 'A', lastName: 'B', emailId: 'a@b.com' });
    expect(cwa.$recovery.get().message).toBe('errors.forgotUserWl');
    expect(cwa.deps.reportUsage).toHaveBeenCalledWith(expect.objectContaining({ status: 'Failure' }));
  });
});

describe('OTP and VERIFY', () => {
  test('generating a code moves to VERIFY; a failed generation is ERROR', async () => {
    expect((await toVerify('FPS', 'email')).$recovery.get().step).toMatchObject({ page: 'VERIFY', option: { channel: 'email' }, callCode: null });
    expect((await toVerify('FPS', 'email', { generateOtp: () => failed('SERVER') })).$recovery.get().step.page).toBe('ERROR');
  });

  test('the call channel carries the code to show', async () => {
    expect((await toVerify('FPS', 'call')).$recovery.get().step).toMatchObject({ page: 'VERIFY', callCode: '123456' });
  });

  test('FPS success e-mails a temporary password and leaves for change password', async () => {
    const s = await toVerify('FPS', 'sms');
    await s.actions.submitCode('123456');
    expect(s.deps.exit).toHaveBeenCalledWith({ to: 'changePassword', userId: 'jdoe', userType: 'external', ftu: false });
  });

  test('a failed temporary password is ERROR', async () => {
    const s = await toVerify('FPS', 'email', { emailTemporaryPassword: () => failed('SERVER') });
    await s.actions.submitCode('123456');
    expect(s.$recovery.get().step.page).toBe('ERROR');
    expect(s.deps.exit).not.toHaveBeenCalled();
  });

  test('FTU success goes straight to change password', async () => {
    const emailTemporaryPassword = vi.fn(() => ok({ result: 'SUCCESS' as const }));
    const s = await toVerify('FTU', 'email', { emailTemporaryPassword });
    await s.actions.submitCode('123456');
    expect(emailTemporaryPassword).not.toHaveBeenCalled();
    expect(s.deps.exit).toHaveBeenCalledWith(expect.objectContaining({ to: 'changePassword', ftu: true }));
  });

  test('FUID success e-mails the user id and shows INFO with the masked address', async () => {
    const s = await toVerify('FUID', 'email');
    await s.actions.submitCode('123456');
    expect(s.$recovery.get()).toMatchObject({ step: { page: 'INFO', maskedEmail: 'j******e@example.com' }, userType: 'internal' });
  });

  test('OTP_ERR_003 is the ERROR step', async () => {
    const s = await toVerify('FPS', 'email', { verifyOtp: () => failed('OTP_ERR_003') });
    await s.actions.submitCode('123456');
    expect(s.$recovery.get().step.page).toBe('ERROR');
  });

  test('a wrong or expired email code shows the verify error and stays', async () => {
    const s = await toVerify('FPS', 'email', { verifyOtp: () => failed('OTP_INVALID') });
    await s.actions.submitCode('000000');
    expect(s.$recovery.get()).toMatchObject({ step: { page: 'VERIFY' }, message: 'verify.error' });
    const expired = await toVerify('FPS', 'email', { verifyOtp: () => failed('OTP_EXPIRED') });
    await expired.actions.submitCode('000000');
    expect(expired.$recovery.get().message).toBe('verify.expired');
  });

  test('only a wrong-code answer says the code is wrong; a fault of the service shows the generic message (spec 4.3)', async () => {
    for (const error of ['SERVER', 'BAD_REQUEST', 'BAD_RESPONSE', 'FORBIDDEN', 'NOT_FOUND', 'USER_NOT_FOUND', 'NO_CHANNEL'] as const) {
      const s = await toVerify('FPS', 'sms', { verifyOtp: () => failed(error) });
      await s.actions.submitCode('123456');
      expect(s.$recovery.get(), error).toMatchObject({ step: { page: 'VERIFY' }, message: 'errors.generic', busy: false });
    }
    const refused = await toVerify('FPS', 'email', { verifyOtp: () => ok({ authenticationResult: 'FAILURE', channelStatus: null }) });
    await refused.actions.submitCode('000000');
    expect(refused.$recovery.get().message).toBe('verify.error');
    const unanswered = await toVerify('FPS', 'email', { verifyOtp: () => ok({ authenticationResult: null, channelStatus: null }) });
    await unanswered.actions.submitCode('123456');
    expect(unanswered.$recovery.get().message).toBe('errors.generic');
    const slow = await toVerify('FPS', 'email', { verifyOtp: () => failed('TIMEOUT') });
    await slow.actions.submitCode('123456');
    expect(slow.$recovery.get().message).toBe('errors.timeout');
  });

  test('STATUS.UNREACHABLE and other call errors go back to OTP with call_error', async () => {
    const unreachable = await toVerify('FPS', 'call', { verifyOtp: () => ok({ authenticationResult: null, channelStatus: 'STATUS.UNREACHABLE' }) });
    await unreachable.actions.submitCode('123456');
    expect(unreachable.$recovery.get().step).toMatchObject({ page: 'OTP', callError: true });
    const other = await toVerify('FPS', 'call', { verifyOtp: () => failed('SERVER') });
    await other.actions.submitCode('123456');
    expect(other.$recovery.get().step).toMatchObject({ page: 'OTP', callError: true });
  });

  test('an unanswered call keeps waiting on VERIFY', async () => {
    const s = await toVerify('FPS', 'call', { verifyOtp: () => ok({ authenticationResult: null, channelStatus: 'STATUS.PENDING' }) });
    await s.actions.submitCode('123456', { silent: true });
    expect(s.$recovery.get()).toMatchObject({ step: { page: 'VERIFY' }, message: null, busy: false });
  });

  test('resend asks for a new code on the same channel', async () => {
    const resendOtp = vi.fn(() => ok({ otp: null, transactionId: 't1', sessionId: 's1', expiresInSeconds: 1200, resendAfterSeconds: 0 }));
    const s = await toVerify('FPS', 'sms', { resendOtp });
    await s.actions.resend();
    expect(resendOtp).toHaveBeenCalledWith(expect.objectContaining({ channel: 'sms', transactionId: 't1' }));
    expect(s.$recovery.get().step).toMatchObject({ page: 'VERIFY', resent: true });
  });

  test('the resend cooldown of the send answer becomes the time a resend is possible', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T12:00:00Z') });
    try {
      const s = await toVerify('FPS', 'email', {
        generateOtp: () => ok({ otp: null, transactionId: 't1', sessionId: 's1', expiresInSeconds: 1200, resendAfterSeconds: 30 }),
      });
      expect(s.$recovery.get().step).toMatchObject({ page: 'VERIFY', resendAt: Date.parse('2026-11-22T12:00:30Z') });
    } finally {
      vi.useRealTimers();
    }
  });

  test('a refused resend shows the rate-limit message and restarts the countdown from Retry-After', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T12:00:00Z') });
    try {
      const s = await toVerify('FPS', 'sms', { resendOtp: () => Promise.resolve({ ok: false as const, error: 'RATE_LIMITED' as const, retryAfterSeconds: 18 }) });
      await s.actions.resend();
      expect(s.$recovery.get()).toMatchObject({
        step: { page: 'VERIFY', resent: false, resendAt: Date.parse('2026-11-22T12:00:18Z') }, message: 'errors.rateLimited', busy: false,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  test('choosing the channel just used again, too soon, goes back to the code sent there with the countdown', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-22T12:00:00Z') });
    try {
      let sends = 0;
      const generateOtp: RecoveryServices['generateOtp'] = () => {
        sends += 1;
        return sends === 1
          ? ok({ otp: null, transactionId: 't1', sessionId: 's1', expiresInSeconds: 1200, resendAfterSeconds: 30 })
          : Promise.resolve({ ok: false as const, error: 'RATE_LIMITED' as const, retryAfterSeconds: 22 });
      };
      const s = await toVerify('FPS', 'email', { generateOtp });
      s.actions.back();
      const step = s.$recovery.get().step;
      if (step.page !== 'OTP') throw new Error('expected OTP');
      await s.actions.chooseChannel(step.transaction.options[0]!);
      expect(s.$recovery.get()).toMatchObject({
        step: { page: 'VERIFY', option: { channel: 'email' }, resent: false, resendAt: Date.parse('2026-11-22T12:00:22Z') }, message: 'verify.alreadySent', busy: false,
      });
      // Another channel refused the same way has no code to go back to: the rate-limit message, still on OTP.
      s.actions.back();
      const again = s.$recovery.get().step;
      if (again.page !== 'OTP') throw new Error('expected OTP');
      await s.actions.chooseChannel(again.transaction.options[1]!);
      expect(s.$recovery.get()).toMatchObject({ step: { page: 'OTP' }, message: 'errors.rateLimited', busy: false });
    } finally {
      vi.useRealTimers();
    }
  });

  test('return to previous page goes VERIFY to OTP to REQUEST', async () => {
    const s = await toVerify('FPS', 'email');
    s.actions.back();
    expect(s.$recovery.get().step.page).toBe('OTP');
    s.actions.back();
    expect(s.$recovery.get()).toMatchObject({ step: { page: 'REQUEST' }, userType: 'both' });
  });

  test('restoring a step from the history shows it as left, with no call; nothing to restore is REQUEST afresh', async () => {
    const generateOtp = vi.fn(services().generateOtp);
    const s = await toVerify('FPS', 'email', { generateOtp });
    const verify = s.$recovery.get();
    s.actions.reset();
    s.actions.restore({ ...verify, busy: true, message: 'verify.error' });
    expect(s.$recovery.get()).toEqual({ ...verify, busy: false, message: null });
    s.actions.restore(null);
    expect(s.$recovery.get()).toMatchObject({ step: { page: 'REQUEST' }, subject: '', userType: 'both', flow: 'FPS' });
    expect(generateOtp).toHaveBeenCalledTimes(1);
  });

  test('ignores a second submit while a request runs', async () => {
    const verifyOtp = vi.fn(() => ok({ authenticationResult: 'SUCCESS' as const, channelStatus: null }));
    const s = await toVerify('FTU', 'email', { verifyOtp });
    await Promise.all([s.actions.submitCode('1'), s.actions.submitCode('1')]);
    expect(verifyOtp).toHaveBeenCalledTimes(1);
  });
});

describe('effects', () => {
  test('generate, resend and verify send the same channel request; verify adds the fingerprint and the obfuscated code', async () => {
    const generateOtp = vi.fn(services().generateOtp);
    const resendOtp = vi.fn(services().resendOtp);
    const verifyOtp = vi.fn(services().verifyOtp);
    const s = await toVerify('FPS', 'sms', { generateOtp, resendOtp, verifyOtp });
    await s.actions.resend();
    await s.actions.submitCode('123456');
    const channel = { channel: 'sms', sessionId: 's1', transactionId: 't1', value: AUTH_JDOE.cellPhone, flow: 'FPS', userId: 'jdoe' };
    expect(generateOtp).toHaveBeenCalledWith(channel);
    expect(resendOtp).toHaveBeenCalledWith(channel);
    expect(verifyOtp).toHaveBeenCalledWith({ ...channel, devicePrint: 'fp', otp: expect.any(String) });
    expect(deobfuscate((verifyOtp.mock.calls[0] as unknown as [{ otp: string }])[0].otp)).toBe('123456');
  });

  test('a request whose code did not arrive ends in the code failure; Try again makes it again with the same input', async () => {
    let loads = 0;
    const requestOtpChannels = vi.fn((): ReturnType<RecoveryServices['requestOtpChannels']> => {
      loads += 1;
      return loads === 1 ? Promise.reject(new CodeLoadError('client')) : ok(AUTH_JDOE);
    });
    const s = store('FPS', { requestOtpChannels });
    await s.actions.submitUserId('jdoe');
    expect(s.$recovery.get()).toMatchObject({ step: { page: 'REQUEST' }, message: 'errors.code', busy: false });
    await s.actions.retry();
    expect(s.$recovery.get()).toMatchObject({ step: { page: 'OTP' }, subject: 'jdoe', message: null, busy: false });
    expect(requestOtpChannels).toHaveBeenLastCalledWith({ userId: 'jdoe', flow: 'FPS', devicePrint: 'fp' });
    // Try again runs what failed once: a second press has nothing left to run.
    await s.actions.retry();
    expect(requestOtpChannels).toHaveBeenCalledTimes(2);
  });

  test('Try again after the step\'s own code did not arrive runs what the page gave', async () => {
    const s = await toVerify('FPS', 'call');
    const again = vi.fn(() => Promise.resolve());
    s.actions.codeUnavailable(again);
    expect(s.$recovery.get()).toMatchObject({ step: { page: 'VERIFY' }, message: 'errors.code' });
    await s.actions.retry();
    expect(again).toHaveBeenCalledTimes(1);
    expect(s.$recovery.get().message).toBeNull();
  });

  test('anything else that throws ends in the generic message, never a spinner', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const s = store('FPS', { requestOtpChannels: () => Promise.reject(new Error('bug')) });
    await s.actions.submitUserId('jdoe');
    expect(s.$recovery.get()).toMatchObject({ message: 'errors.generic', busy: false });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  test('FUID success reports the info page, a failed lookup the lookup', async () => {
    const s = await toVerify('FUID', 'email');
    await s.actions.submitCode('123456');
    expect(s.deps.reportUsage).toHaveBeenCalledWith(expect.objectContaining({ from: 'FUID/verifyPage', to: 'FUID/infoPage', status: 'Success' }));
    const failed = await toVerify('FUID', 'email', { emailUserId: () => Promise.resolve({ ok: false as const, error: 'SERVER' as const }) });
    await failed.actions.submitCode('123456');
    expect(failed.deps.reportUsage).toHaveBeenCalledWith(expect.objectContaining({ to: 'FUID/infoPage', status: 'Failure' }));
    expect(failed.$recovery.get().step.page).toBe('ERROR');
  });
});
