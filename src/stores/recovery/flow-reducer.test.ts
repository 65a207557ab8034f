import { describe, expect, test } from 'vitest';
import type { OtpAuthResponse, SendOtpResponse } from '../../contract/recovery.ts';
import { obfuscate } from '../../lib/obfuscation.ts';
import { initialState } from './flow-state.ts';
import type { ChannelOption, RecoveryExit, RecoveryState, RecoveryStep, RecoveryTransaction, VerifyStep } from './flow-state.ts';
import { channelOptions, reduceRecovery, verifyStep } from './flow-reducer.ts';
import type { RecoveryEvent } from './flow-reducer.ts';

// Every transition of spec 4.3 (and the resets of 2.6) driven through the reducer alone: no store, no calls, no
// clock. Each row starts from a state, applies the events in order (an answer is for the step on screen unless
// it names another) and pins the state it ends in.

const AUTH: OtpAuthResponse = {
  userId: 'jdoe', transactionId: 't1', sessionId: 's1', primaryEmail: obfuscate('john.doe@example.com'), cellPhone: obfuscate('201-555-0147'),
  businessPhone: obfuscate('201-555-0199'), supportedotpChannels: ['email', 'sms', 'phone'],
};
const OPTIONS = channelOptions(AUTH);
const option = (channel: ChannelOption['channel']) => OPTIONS.find((candidate) => candidate.channel === channel)!;
const TRANSACTION: RecoveryTransaction = { transactionId: 't1', sessionId: 's1', options: OPTIONS };
const SENT: SendOtpResponse = { otp: null, transactionId: 't1', sessionId: 's1', expiresInSeconds: 1200, resendAfterSeconds: 30 };
const CALL_SENT: SendOtpResponse = { ...SENT, otp: obfuscate('123456') };
const AT = Date.parse('2026-11-22T12:00:00Z');

const request = (flow: RecoveryState['flow'] = 'FPS'): RecoveryState => initialState(flow);
const otp = (flow: RecoveryState['flow'] = 'FPS', extra: Partial<Extract<RecoveryStep, { page: 'OTP' }>> = {}): RecoveryState => ({
  ...request(flow), subject: flow === 'FUID' ? 'p-opaque' : 'jdoe', emailId: flow === 'FUID' ? 'john.doe@example.com' : '', userType: 'external',
  step: { page: 'OTP', transaction: TRANSACTION, callError: false, ...extra },
});
const verify = (channel: ChannelOption['channel'], flow: RecoveryState['flow'] = 'FPS'): RecoveryState => ({
  ...otp(flow), step: verifyStep(TRANSACTION, option(channel), channel === 'call' ? CALL_SENT : SENT, AT, false),
});
/** A state waiting on its call, as the request event left it. */
const waiting = (state: RecoveryState): RecoveryState => ({ ...state, busy: true });

/** An event as a row writes it: an answer's `on` is the step on screen when left out. */
type Happening = RecoveryEvent extends infer E ? (E extends { on: RecoveryStep } ? Omit<E, 'on'> & { on?: RecoveryStep } : E) : never;

function drive(from: RecoveryState, events: readonly Happening[]): RecoveryState {
  return events.reduce<RecoveryState>((state, happening) => {
    const event = ('on' in happening || !ANSWERS.has(happening.type) ? happening : { ...happening, on: state.step }) as RecoveryEvent;
    return reduceRecovery(state, event);
  }, from);
}
const ANSWERS = new Set<RecoveryEvent['type']>([
  'userFound', 'userLookupFailed', 'lookupSucceeded', 'lookupFailed', 'passcodeSent', 'passcodeNotSent', 'passcodeResent', 'resendRefused', 'codeChecked', 'verifyFailed',
]);

interface Row {
  spec: string;
  from: RecoveryState;
  events: Happening[];
  to: Partial<Omit<RecoveryState, 'step'>> & { step: Partial<RecoveryStep> & Record<string, unknown> };
}

const changePassword = (ftu: boolean): RecoveryExit => ({ to: 'changePassword', userId: 'jdoe', userType: 'external', ftu });

const TRANSITIONS: Row[] = [
  {
    spec: '2.6 the flow state is reset on entering either page: REQUEST with userType both',
    from: { ...verify('sms'), userType: 'internal', message: 'verify.error' }, events: [{ type: 'entered', flow: 'FPS' }],
    to: { step: { page: 'REQUEST' }, flow: 'FPS', userType: 'both', subject: '', busy: false, message: null, exit: null },
  },
  {
    spec: '2.6 FTUF=Y overrides the flow to FTU',
    from: request('FPS'), events: [{ type: 'entered', flow: 'FTU' }],
    to: { step: { page: 'REQUEST' }, flow: 'FTU', userType: 'both' },
  },
  {
    spec: '4.3 REQUEST to OTP after a successful channel lookup (options email, sms, call in that order)',
    from: request('FPS'), events: [{ type: 'userIdSubmitted', userId: 'jdoe' }, { type: 'lookupSucceeded', auth: AUTH }],
    to: { step: { page: 'OTP', callError: false, transaction: { transactionId: 't1', sessionId: 's1', options: OPTIONS } }, subject: 'jdoe', busy: false, message: null },
  },
  {
    spec: '4.3 forgot-user-id first looks up principalId, then the channels: REQUEST to OTP',
    from: request('FUID'),
    events: [{ type: 'forgotUserSubmitted', details: { firstName: 'John', lastName: 'Doe', emailId: 'john.doe@example.com' } }, { type: 'userFound', principalId: 'p-opaque' }, { type: 'lookupSucceeded', auth: AUTH }],
    to: { step: { page: 'OTP', callError: false }, subject: 'p-opaque', emailId: 'john.doe@example.com', busy: false },
  },
  {
    spec: '4.3 user type resolved as internal by the backend check',
    from: request(), events: [{ type: 'userIdSubmitted', userId: 'mstaff' }, { type: 'userTypeChecked', subject: 'mstaff', internal: true }],
    to: { step: { page: 'REQUEST' }, userType: 'internal', busy: true },
  },
  {
    spec: '4.3 user type resolved as external by the backend check',
    from: request(), events: [{ type: 'userIdSubmitted', userId: 'jdoe' }, { type: 'userTypeChecked', subject: 'jdoe', internal: false }, { type: 'lookupSucceeded', auth: AUTH }],
    to: { step: { page: 'OTP' }, userType: 'external' },
  },
  {
    spec: '4.3 if the user-type check fails, userType is both',
    from: request(), events: [{ type: 'userIdSubmitted', userId: 'jdoe' }, { type: 'userTypeChecked', subject: 'jdoe', internal: null }, { type: 'lookupSucceeded', auth: AUTH }],
    to: { step: { page: 'OTP' }, userType: 'both' },
  },
  {
    spec: '4.3 channel options: only with a contact value and in the supported list',
    from: waiting({ ...request(), subject: 'jdoe' }), events: [{ type: 'lookupSucceeded', auth: { ...AUTH, cellPhone: null, supportedotpChannels: ['email', 'sms'] } }],
    to: { step: { page: 'OTP', transaction: { transactionId: 't1', sessionId: 's1', options: [option('email')] } } },
  },
  {
    spec: '4.3 OTP to VERIFY after the passcode is generated',
    from: otp(), events: [{ type: 'channelChosen', option: option('email') }, { type: 'passcodeSent', option: option('email'), answer: SENT, at: AT }],
    to: { step: { page: 'VERIFY', option: option('email'), callCode: null, resent: false, resendAt: AT + 30_000 }, busy: false, message: null },
  },
  {
    spec: '4.3 OTP to VERIFY on the call channel: the code is displayed',
    from: otp(), events: [{ type: 'channelChosen', option: option('call') }, { type: 'passcodeSent', option: option('call'), answer: CALL_SENT, at: AT }],
    to: { step: { page: 'VERIFY', option: option('call'), callCode: '123456' } },
  },
  {
    spec: '4.3 VERIFY with SUCCESS, forgot-user-id: the user id is e-mailed, then INFO',
    from: verify('email', 'FUID'),
    events: [{ type: 'codeSubmitted', code: '123456', silent: false }, { type: 'codeChecked', answer: { authenticationResult: 'SUCCESS', channelStatus: null } }, { type: 'userIdEmailed', ok: true }],
    to: { step: { page: 'INFO', maskedEmail: 'j******e@example.com' }, busy: false, exit: null },
  },
  {
    spec: '4.3 VERIFY with SUCCESS, forgot-password: a temporary password, then the change-password route',
    from: verify('sms'),
    events: [{ type: 'codeSubmitted', code: '123456', silent: false }, { type: 'codeChecked', answer: { authenticationResult: 'SUCCESS', channelStatus: null } }, { type: 'temporaryPasswordSent', ok: true }],
    to: { step: { page: 'VERIFY' }, busy: false, exit: changePassword(false) },
  },
  {
    spec: '4.3 VERIFY with SUCCESS, first-time user: straight to the change-password route',
    from: verify('email', 'FTU'), events: [{ type: 'codeSubmitted', code: '123456', silent: false }, { type: 'codeChecked', answer: { authenticationResult: 'SUCCESS', channelStatus: null } }],
    to: { step: { page: 'VERIFY' }, busy: false, exit: changePassword(true) },
  },
  {
    spec: '4.3 VERIFY with null result and STATUS.UNREACHABLE: back to OTP with call_error',
    from: verify('call'), events: [{ type: 'codeSubmitted', code: '123456', silent: true }, { type: 'codeChecked', answer: { authenticationResult: null, channelStatus: 'STATUS.UNREACHABLE' } }],
    to: { step: { page: 'OTP', callError: true, transaction: TRANSACTION }, busy: false },
  },
  {
    spec: '4.3 verify error OTP_ERR_003 (ID locked): ERROR',
    from: verify('email'), events: [{ type: 'codeSubmitted', code: '123456', silent: false }, { type: 'verifyFailed', error: 'OTP_ERR_003' }],
    to: { step: { page: 'ERROR' }, busy: false, message: null },
  },
  {
    spec: '4.3 other verify errors on the call channel: back to OTP with call_error',
    from: verify('call'), events: [{ type: 'codeSubmitted', code: '123456', silent: false }, { type: 'verifyFailed', error: 'SERVER' }],
    to: { step: { page: 'OTP', callError: true }, busy: false },
  },
  {
    spec: '4.3 all other verify errors show the generic error message',
    from: verify('email'), events: [{ type: 'codeSubmitted', code: '123456', silent: false }, { type: 'verifyFailed', error: 'SERVER' }],
    to: { step: { page: 'VERIFY' }, busy: false, message: 'errors.generic' },
  },
  {
    spec: '4.3 passcode generation failure: ERROR',
    from: otp(), events: [{ type: 'channelChosen', option: option('sms') }, { type: 'passcodeNotSent', option: option('sms'), failure: { error: 'SERVER' }, at: AT }],
    to: { step: { page: 'ERROR' }, busy: false },
  },
  {
    spec: '4.3 temporary-password failure: ERROR',
    from: verify('email'),
    events: [{ type: 'codeSubmitted', code: '123456', silent: false }, { type: 'codeChecked', answer: { authenticationResult: 'SUCCESS', channelStatus: null } }, { type: 'temporaryPasswordSent', ok: false }],
    to: { step: { page: 'ERROR' }, busy: false, exit: null },
  },
  {
    spec: '4.3 channel lookup failure: error message on the current page',
    from: request(), events: [{ type: 'userIdSubmitted', userId: 'ghost' }, { type: 'lookupFailed', error: 'USER_NOT_FOUND', whiteLabel: false }],
    to: { step: { page: 'REQUEST' }, busy: false, message: 'errors.channelLookup' },
  },
  {
    spec: '8 any failure of the user lookup shows the forgot-user error (nxn)',
    from: request('FUID'), events: [{ type: 'forgotUserSubmitted', details: { firstName: 'A', lastName: 'B', emailId: 'a@b.com' } }, { type: 'userLookupFailed', error: 'USER_NOT_FOUND', whiteLabel: false }],
    to: { step: { page: 'REQUEST' }, busy: false, message: 'errors.forgotUser' },
  },
  {
    spec: '8 any failure of the user lookup shows the forgot-user error (a white-label brand: its _wl text)',
    from: request('FUID'), events: [{ type: 'forgotUserSubmitted', details: { firstName: 'A', lastName: 'B', emailId: 'a@b.com' } }, { type: 'userLookupFailed', error: 'SERVER', whiteLabel: true }],
    to: { step: { page: 'REQUEST' }, busy: false, message: 'errors.forgotUserWl' },
  },
  {
    spec: '4.3 call channel: the code is verified automatically every 20 s while the state is VERIFY (quietly, no answer yet)',
    from: verify('call'), events: [{ type: 'codeSubmitted', code: '123456', silent: true }, { type: 'codeChecked', answer: { authenticationResult: null, channelStatus: 'STATUS.PENDING' } }],
    to: { step: { page: 'VERIFY', callCode: '123456' }, busy: false, message: null },
  },
  {
    spec: '4.3 resend sends the code again on the same channel',
    from: verify('sms'), events: [{ type: 'resendRequested' }, { type: 'passcodeResent', answer: { ...SENT, resendAfterSeconds: 60 }, at: AT + 5000 }],
    to: { step: { page: 'VERIFY', option: option('sms'), resent: true, resendAt: AT + 65_000 }, busy: false },
  },
  {
    spec: '4.3 Cancel goes back (to login)',
    from: otp(), events: [{ type: 'cancelled' }],
    to: { step: { page: 'OTP' }, exit: { to: 'login' } },
  },
  {
    spec: '2.11 ERROR: Go To Login Page triggers the cancel action',
    from: { ...otp(), step: { page: 'ERROR' } }, events: [{ type: 'cancelled' }],
    to: { step: { page: 'ERROR' }, exit: { to: 'login' } },
  },
  {
    spec: '4.3 Return to previous page goes back: VERIFY to OTP (the code sent stays the live one)',
    from: verify('email'), events: [{ type: 'back' }],
    to: { step: { page: 'OTP', callError: false, transaction: TRANSACTION, sent: verify('email').step as VerifyStep }, subject: 'jdoe', userType: 'external' },
  },
  {
    spec: '4.3 Return to previous page goes back: OTP to REQUEST, userType both (2.6)',
    from: otp(), events: [{ type: 'back' }],
    to: { step: { page: 'REQUEST' }, userType: 'both', subject: '', busy: false },
  },
];

describe('every transition of spec 4.3, through the reducer alone', () => {
  test.each(TRANSITIONS)('$spec', ({ from, events, to }) => {
    expect(drive(from, events)).toMatchObject(to);
  });
});

/** Readings beyond the spec's words (docs/spec-readings.md) and the flow's own guards. */
const READINGS: Row[] = [
  {
    spec: 'a wrong code (OTP_INVALID) shows the verify error and stays',
    from: waiting(verify('email')), events: [{ type: 'verifyFailed', error: 'OTP_INVALID' }], to: { step: { page: 'VERIFY' }, message: 'verify.error', busy: false },
  },
  {
    spec: 'an expired code says so',
    from: waiting(verify('email')), events: [{ type: 'verifyFailed', error: 'OTP_EXPIRED' }], to: { step: { page: 'VERIFY' }, message: 'verify.expired' },
  },
  {
    spec: 'FAILURE is the service saying the code is wrong',
    from: waiting(verify('email')), events: [{ type: 'codeChecked', answer: { authenticationResult: 'FAILURE', channelStatus: null } }], to: { step: { page: 'VERIFY' }, message: 'verify.error' },
  },
  {
    spec: 'a null result outside the call channel is the generic message',
    from: waiting(verify('email')), events: [{ type: 'codeChecked', answer: { authenticationResult: null, channelStatus: null } }], to: { step: { page: 'VERIFY' }, message: 'errors.generic' },
  },
  {
    spec: 'a verify time-out is named as such',
    from: waiting(verify('sms')), events: [{ type: 'verifyFailed', error: 'TIMEOUT' }], to: { step: { page: 'VERIFY' }, message: 'errors.timeout' },
  },
  {
    spec: 'a channel lookup time-out is named as such',
    from: waiting({ ...request(), subject: 'jdoe' }), events: [{ type: 'lookupFailed', error: 'TIMEOUT', whiteLabel: false }], to: { step: { page: 'REQUEST' }, message: 'errors.timeout' },
  },
  {
    spec: 'the channel lookup after the forgot-user lookup fails with the forgot-user error',
    from: waiting({ ...request('FUID'), subject: 'p-opaque' }), events: [{ type: 'lookupFailed', error: 'USER_NOT_FOUND', whiteLabel: true }], to: { step: { page: 'REQUEST' }, message: 'errors.forgotUserWl' },
  },
  {
    spec: 'no channel to offer stays on REQUEST with its message',
    from: waiting({ ...request(), subject: 'jdoe' }), events: [{ type: 'lookupSucceeded', auth: { ...AUTH, supportedotpChannels: [] } }], to: { step: { page: 'REQUEST' }, message: 'otp.noChannel', busy: false },
  },
  {
    spec: 'a generation refused for a time-out, a network failure or a rate limit stays on OTP with its message',
    from: waiting(otp()), events: [{ type: 'passcodeNotSent', option: option('email'), failure: { error: 'NETWORK' }, at: AT }], to: { step: { page: 'OTP' }, message: 'errors.network', busy: false },
  },
  {
    spec: 'the same channel asked again too soon goes back to the code sent there, with the countdown of Retry-After',
    from: waiting(otp('FPS', { sent: verify('email').step as VerifyStep })),
    events: [{ type: 'passcodeNotSent', option: option('email'), failure: { error: 'RATE_LIMITED', retryAfterSeconds: 22 }, at: AT + 10_000 }],
    to: { step: { page: 'VERIFY', option: option('email'), resent: false, resendAt: AT + 32_000 }, message: 'verify.alreadySent', busy: false },
  },
  {
    spec: 'another channel refused too soon has no code to go back to: the rate-limit message, on OTP',
    from: waiting(otp('FPS', { sent: verify('email').step as VerifyStep })),
    events: [{ type: 'passcodeNotSent', option: option('sms'), failure: { error: 'RATE_LIMITED', retryAfterSeconds: 22 }, at: AT }],
    to: { step: { page: 'OTP' }, message: 'errors.rateLimited', busy: false },
  },
  {
    spec: 'a refused resend shows its message and restarts the countdown from Retry-After',
    from: waiting(verify('sms')), events: [{ type: 'resendRefused', failure: { error: 'RATE_LIMITED', retryAfterSeconds: 18 }, at: AT + 1000 }],
    to: { step: { page: 'VERIFY', resent: false, resendAt: AT + 19_000 }, message: 'errors.rateLimited', busy: false },
  },
  {
    spec: 'the SMS code the browser hands over (WebOTP) is shown while it is checked',
    from: verify('sms'), events: [{ type: 'codeReceived', code: '246810' }], to: { step: { page: 'VERIFY', received: '246810' }, busy: true, message: null },
  },
  {
    spec: 'editing the form clears the current error (spec 5)',
    from: { ...request(), message: 'errors.channelLookup' }, events: [{ type: 'edited' }], to: { step: { page: 'REQUEST' }, message: null },
  },
  {
    spec: 'choosing a channel waits on the send, the old message gone',
    from: { ...otp(), message: 'errors.network' }, events: [{ type: 'channelChosen', option: option('sms') }], to: { step: { page: 'OTP' }, busy: true, message: null },
  },
  {
    spec: 'Resend waits on the send, the old message gone',
    from: { ...verify('sms'), message: 'errors.rateLimited' }, events: [{ type: 'resendRequested' }], to: { step: { page: 'VERIFY', resent: false }, busy: true, message: null },
  },
  {
    spec: 'a submitted code waits on the check, the old message gone',
    from: { ...verify('email'), message: 'verify.error' }, events: [{ type: 'codeSubmitted', code: '123456', silent: false }], to: { step: { page: 'VERIFY' }, busy: true, message: null },
  },
  {
    spec: 'the quiet check of a call code leaves the step as the visitor sees it',
    from: { ...verify('call'), message: 'errors.network' }, events: [{ type: 'codeSubmitted', code: '123456', silent: true }], to: { step: { page: 'VERIFY' }, busy: false, message: 'errors.network' },
  },
  {
    spec: 'anything else that fails ends in the generic message, never a spinner',
    from: waiting(otp()), events: [{ type: 'failedUnexpectedly' }], to: { step: { page: 'OTP' }, busy: false, message: 'errors.generic' },
  },
  {
    // What the second submit would change shows: without the busy guard the subject became the second id.
    spec: 'a second submit while a request runs is not taken',
    from: waiting({ ...request(), subject: 'jdoe' }), events: [{ type: 'userIdSubmitted', userId: 'someone-else' }], to: { step: { page: 'REQUEST' }, subject: 'jdoe', busy: true },
  },
  {
    spec: 'a second request for a new code while one is checked is not taken: the code the browser hands over waits',
    from: { ...waiting(verify('sms')), message: 'verify.error' }, events: [{ type: 'codeReceived', code: '246810' }, { type: 'resendRequested' }, { type: 'codeSubmitted', code: '111111', silent: false }],
    to: { step: { page: 'VERIFY', option: option('sms') }, busy: true, message: 'verify.error' },
  },
  {
    spec: 'an answer for a step no longer on screen changes nothing',
    from: request(), events: [{ type: 'passcodeSent', on: otp().step, option: option('email'), answer: SENT, at: AT }], to: { step: { page: 'REQUEST' }, busy: false },
  },
  {
    // The `on` guard alone holds this: the reducer's own checks see an OTP step on screen, as the answer expects.
    spec: 'a passcode answer for an earlier channel step, while a newer one is on screen, changes nothing',
    from: waiting({ ...otp(), step: { ...(otp().step as Extract<RecoveryStep, { page: 'OTP' }>), sent: verify('email').step as VerifyStep } }),
    events: [{ type: 'passcodeSent', on: otp().step, option: option('sms'), answer: SENT, at: AT }],
    to: { step: { page: 'OTP' }, busy: true, message: null },
  },
  {
    spec: 'a user type for another subject is dropped',
    from: waiting({ ...request(), subject: 'jdoe' }), events: [{ type: 'userTypeChecked', subject: 'earlier', internal: true }], to: { step: { page: 'REQUEST' }, userType: 'both' },
  },
  {
    spec: 'code that did not arrive is the code failure; Try again clears it and keeps the step',
    from: waiting(verify('email')), events: [{ type: 'codeUnavailable' }], to: { step: { page: 'VERIFY' }, message: 'errors.code', busy: false },
  },
  {
    spec: 'Try again clears the code failure, keeping the step',
    from: { ...otp(), message: 'errors.code' }, events: [{ type: 'retried' }], to: { step: { page: 'OTP' }, message: null },
  },
  {
    spec: 'the history shows a step again as it was left, without its message, its spinner or a code being checked',
    from: request(), events: [{ type: 'restored', snapshot: { ...verify('sms'), busy: true, message: 'verify.error', step: { ...(verify('sms').step as VerifyStep), received: '246810' } } }],
    to: { step: { page: 'VERIFY', option: option('sms') }, busy: false, message: null, exit: null },
  },
  {
    spec: 'Back in the history from a passcode step to its channel step keeps that code',
    from: verify('email'), events: [{ type: 'restored', snapshot: otp() }], to: { step: { page: 'OTP', sent: verify('email').step as VerifyStep } },
  },
  {
    spec: 'an entry with nothing to restore is REQUEST afresh',
    from: verify('email', 'FUID'), events: [{ type: 'restored', snapshot: null }], to: { step: { page: 'REQUEST' }, flow: 'FUID', subject: '', userType: 'both' },
  },
];

describe('readings and guards', () => {
  test.each(READINGS)('$spec', ({ from, events, to }) => {
    expect(drive(from, events)).toMatchObject(to);
  });

  test('a restored step has no code being checked', () => {
    const shown = drive(request(), [{ type: 'restored', snapshot: { ...verify('sms'), step: { ...(verify('sms').step as VerifyStep), received: '246810' } } }]);
    expect(shown.step).not.toHaveProperty('received');
  });

  // What to run again after a code failure is the effects' (recovery-effects.ts `unavailable`): an event that
  // carried a function could not be logged, compared or replayed, and structuredClone refuses one.
  test('every event is plain data: it clones, and the clone drives the same transition', () => {
    for (const { from, events, to } of [...TRANSITIONS, ...READINGS]) {
      expect(drive(from, events.map((event) => structuredClone(event)))).toMatchObject(to);
    }
  });

  test('an event the state does not take gives the very same state', () => {
    const state = waiting(verify('email'));
    expect(reduceRecovery(state, { type: 'codeSubmitted', code: '1', silent: false })).toBe(state);
    expect(reduceRecovery(state, { type: 'channelChosen', option: option('email') })).toBe(state);
    // A second channel chosen while the first one's passcode is sent (a double tap, or SMS then E-mail): not taken,
    // so no second send starts (the effects ask the same guard). Only the busy guard tells this one apart.
    const sending = waiting(otp());
    expect(reduceRecovery(sending, { type: 'channelChosen', option: option('sms') })).toBe(sending);
  });
});
