import type { OtpAuthResponse, SendOtpResponse, VerifyOtpResponse } from '../../contract/recovery.ts';
import { STATUS_UNREACHABLE } from '../../domain/error-codes.ts';
import type { ServiceError } from '../../domain/error-codes.ts';
import type { Flow } from '../../domain/flows.ts';
import { maskEmail, maskPhone } from '../../lib/masking.ts';
import { deobfuscate } from '../../lib/obfuscation.ts';
import { initialState } from './flow-state.ts';
import type { ChannelOption, RecoveryMessage, RecoveryState, RecoveryStep, RecoveryTransaction, VerifyStep } from './flow-state.ts';

// The recovery flow's decisions (spec 2.6, 4.3) as a pure reducer: no call, no clock, no randomness. The store
// runs the effects an event asks for (recovery-effects.ts), and the service's answers come back as events.

/** A call that failed: its error code and, for a refusal, how long the service wants the visitor to wait. */
interface Failure {
  error: ServiceError;
  retryAfterSeconds?: number;
}

/** What the forgot-user-id request step sends. */
export interface ForgotUserDetails {
  firstName: string;
  lastName: string;
  emailId: string;
}

/**
 * What happened, named so. The visitor's requests, the service's answers (`on` is the step the call was made
 * from: an answer for a step no longer on screen changes nothing), and the page's own news. Times come in the
 * events (`at`, epoch ms), so the reducer never reads a clock.
 */
export type RecoveryEvent =
  | { type: 'entered'; flow: Flow }
  | { type: 'edited' }
  | { type: 'userIdSubmitted'; userId: string }
  | { type: 'forgotUserSubmitted'; details: ForgotUserDetails }
  | { type: 'userTypeChecked'; subject: string; internal: boolean | null }
  | { type: 'userFound'; on: RecoveryStep; principalId: string }
  | { type: 'userLookupFailed'; on: RecoveryStep; error: ServiceError; whiteLabel: boolean }
  | { type: 'lookupSucceeded'; on: RecoveryStep; auth: OtpAuthResponse }
  | { type: 'lookupFailed'; on: RecoveryStep; error: ServiceError; whiteLabel: boolean }
  | { type: 'channelChosen'; option: ChannelOption }
  | { type: 'passcodeSent'; on: RecoveryStep; option: ChannelOption; answer: SendOtpResponse; at: number }
  | { type: 'passcodeNotSent'; on: RecoveryStep; option: ChannelOption; failure: Failure; at: number }
  | { type: 'resendRequested' }
  | { type: 'passcodeResent'; on: RecoveryStep; answer: SendOtpResponse; at: number }
  | { type: 'resendRefused'; on: RecoveryStep; failure: Failure; at: number }
  | { type: 'codeSubmitted'; code: string; silent: boolean }
  | { type: 'codeReceived'; code: string }
  | { type: 'codeChecked'; on: RecoveryStep; answer: VerifyOtpResponse }
  | { type: 'verifyFailed'; on: RecoveryStep; error: ServiceError }
  | { type: 'temporaryPasswordSent'; ok: boolean }
  | { type: 'userIdEmailed'; ok: boolean }
  | { type: 'back' }
  | { type: 'restored'; snapshot: RecoveryState | null }
  | { type: 'cancelled' }
  | { type: 'viewed' }
  | { type: 'codeUnavailable' }
  | { type: 'retried' }
  | { type: 'failedUnexpectedly' };

/** The channel options of spec 4.3: present only with a contact value and in the supported list; email, sms, call. */
export function channelOptions(auth: OtpAuthResponse): ChannelOption[] {
  const supported = new Set(auth.supportedotpChannels.map((channel) => (channel === 'phone' ? 'call' : channel)));
  const candidates: Array<[ChannelOption['channel'], string | null]> = [['email', auth.primaryEmail], ['sms', auth.cellPhone], ['call', auth.businessPhone]];
  return candidates.flatMap(([channel, value]) => {
    const plain = deobfuscate(value);
    if (!value || !plain || !supported.has(channel)) return [];
    return [{ channel, value, masked: channel === 'email' ? maskEmail(plain) : maskPhone(plain) }];
  });
}

/** The passcode step for a code the service sent (generated or resent) at `at`. */
export function verifyStep(transaction: RecoveryTransaction, option: ChannelOption, sent: SendOtpResponse, at: number, resent: boolean): VerifyStep {
  return {
    page: 'VERIFY', transaction, option, callCode: option.channel === 'call' ? deobfuscate(sent.otp) : null, resent, resendAt: at + sent.resendAfterSeconds * 1000,
  };
}

const SERVICE_MESSAGES: Partial<Record<ServiceError, RecoveryMessage>> = { TIMEOUT: 'errors.timeout', NETWORK: 'errors.network', RATE_LIMITED: 'errors.rateLimited' };
/** The verify answers about the code itself; every other verify failure shows the generic message (spec 4.3). */
const VERIFY_MESSAGES: Partial<Record<ServiceError, RecoveryMessage>> = { OTP_INVALID: 'verify.error', OTP_EXPIRED: 'verify.expired', OTP_VOID: 'verify.void' };
/** Failures of sending a passcode that pass (wait, retry, check the connection): the visitor stays on the channel step. */
const PASSING: readonly ServiceError[] = ['RATE_LIMITED', 'TIMEOUT', 'NETWORK'];

const serviceMessage = (error: ServiceError, fallback: RecoveryMessage) => SERVICE_MESSAGES[error] ?? fallback;
const forgotUserMessage = (whiteLabel: boolean): RecoveryMessage => (whiteLabel ? 'errors.forgotUserWl' : 'errors.forgotUser');

/** Which requests the flow takes: one call at a time, each from its own step; an answer only for the step on screen. */
export function takes(state: RecoveryState, event: RecoveryEvent): boolean {
  switch (event.type) {
    case 'userIdSubmitted': case 'forgotUserSubmitted': return !state.busy;
    case 'channelChosen': return !state.busy && state.step.page === 'OTP';
    case 'resendRequested': case 'codeSubmitted': case 'codeReceived': return !state.busy && state.step.page === 'VERIFY';
    default: return !('on' in event) || event.on === state.step;
  }
}

const enter = (state: RecoveryState, step: RecoveryStep): RecoveryState => ({ ...state, step, busy: false, message: null });
const fail = (state: RecoveryState, message: RecoveryMessage): RecoveryState => ({ ...state, busy: false, message });
const toChangePassword = (state: RecoveryState): RecoveryState => ({
  ...state, busy: false, exit: { to: 'changePassword', userId: state.subject, userType: state.userType, ftu: state.flow === 'FTU' },
});

/** The flow's next state after an event (spec 4.3); an event the state does not take leaves it as it is. */
export function reduceRecovery(state: RecoveryState, event: RecoveryEvent): RecoveryState {
  if (!takes(state, event)) return state;
  const { step } = state;
  switch (event.type) {
    case 'entered': return initialState(event.flow);
    // Editing the form clears the current error (spec 5).
    case 'edited': return state.message ? { ...state, message: null } : state;
    case 'userIdSubmitted': return { ...state, busy: true, message: null, subject: event.userId };
    case 'forgotUserSubmitted': return { ...state, busy: true, message: null, emailId: event.details.emailId };
    // Until the check answers the type stays both (the stricter password rule), and a failure leaves it there.
    case 'userTypeChecked':
      if (state.subject !== event.subject) return state;
      return { ...state, userType: event.internal === null ? 'both' : event.internal ? 'internal' : 'external' };
    case 'userFound': return { ...state, subject: event.principalId };
    case 'userLookupFailed': return fail(state, serviceMessage(event.error, forgotUserMessage(event.whiteLabel)));
    case 'lookupFailed': return fail(state, serviceMessage(event.error, state.flow === 'FUID' ? forgotUserMessage(event.whiteLabel) : 'errors.channelLookup'));
    case 'lookupSucceeded': {
      const options = channelOptions(event.auth);
      if (options.length === 0) return fail(state, 'otp.noChannel');
      return enter(state, { page: 'OTP', transaction: { transactionId: event.auth.transactionId, sessionId: event.auth.sessionId, options }, callError: false });
    }
    case 'channelChosen': case 'resendRequested': return { ...state, busy: true, message: null };
    case 'passcodeSent':
      if (step.page !== 'OTP') return state;
      return enter(state, verifyStep(step.transaction, event.option, event.answer, event.at, false));
    case 'passcodeNotSent': {
      if (step.page !== 'OTP') return state;
      const { error, retryAfterSeconds } = event.failure;
      const previous = step.sent;
      if (error === 'RATE_LIMITED' && previous?.option.channel === event.option.channel) {
        // The same channel again, too soon: the code sent there moments ago still works, so go back to it.
        const resendAt = retryAfterSeconds ? event.at + retryAfterSeconds * 1000 : previous.resendAt;
        return { ...enter(state, { ...previous, resent: false, resendAt }), message: 'verify.alreadySent' };
      }
      // A passcode that cannot be generated ends the flow (spec 4.3), unless the failure passes.
      return PASSING.includes(error) ? fail(state, serviceMessage(error, 'errors.generic')) : enter(state, { page: 'ERROR' });
    }
    case 'passcodeResent':
      if (step.page !== 'VERIFY') return state;
      return { ...state, busy: false, step: verifyStep(step.transaction, step.option, event.answer, event.at, true) };
    case 'resendRefused': {
      if (step.page !== 'VERIFY') return state;
      const { error, retryAfterSeconds } = event.failure;
      // Too early: the service says how long to wait, and the countdown starts again from that.
      return { ...fail(state, serviceMessage(error, 'errors.generic')), step: retryAfterSeconds ? { ...step, resendAt: event.at + retryAfterSeconds * 1000 } : step };
    }
    // A call's code checked every 20 s goes quietly: the visitor may still type and submit meanwhile.
    case 'codeSubmitted': return event.silent ? state : { ...state, busy: true, message: null };
    case 'codeReceived':
      if (step.page !== 'VERIFY') return state;
      return { ...state, step: { ...step, received: event.code }, busy: true, message: null };
    case 'codeChecked': {
      if (step.page !== 'VERIFY') return state;
      const { authenticationResult, channelStatus } = event.answer;
      // After SUCCESS FTU goes straight on; FPS and FUID wait for the e-mail the effects send (spec 4.3).
      if (authenticationResult === 'SUCCESS') return state.flow === 'FTU' ? toChangePassword(state) : state;
      if (authenticationResult === null && channelStatus === STATUS_UNREACHABLE) return enter(state, { page: 'OTP', transaction: step.transaction, callError: true });
      // A call not answered yet: keep waiting quietly. FAILURE is the service saying the code is wrong; an answer
      // that is neither is not the visitor's doing: the generic message.
      if (authenticationResult === null && step.option.channel === 'call') return { ...state, busy: false };
      return fail(state, authenticationResult === 'FAILURE' ? 'verify.error' : 'errors.generic');
    }
    case 'verifyFailed':
      if (step.page !== 'VERIFY') return state;
      if (event.error === 'OTP_ERR_003') return enter(state, { page: 'ERROR' });
      if (step.option.channel === 'call') return enter(state, { page: 'OTP', transaction: step.transaction, callError: true });
      // Only the service's wrong-code answer says the code is wrong; a fault of the service is not the visitor's (spec 4.3).
      return fail(state, VERIFY_MESSAGES[event.error] ?? serviceMessage(event.error, 'errors.generic'));
    case 'temporaryPasswordSent': return event.ok ? toChangePassword(state) : enter(state, { page: 'ERROR' });
    case 'userIdEmailed': return event.ok ? enter(state, { page: 'INFO', maskedEmail: maskEmail(state.emailId) }) : enter(state, { page: 'ERROR' });
    // Return to previous page: VERIFY -> OTP keeping the code sent, OTP -> REQUEST with user type both (spec 2.6).
    case 'back':
      return step.page === 'VERIFY' ? enter(state, { page: 'OTP', transaction: step.transaction, callError: false, sent: step }) : initialState(state.flow);
    case 'restored': return restore(state, event.snapshot);
    case 'cancelled': return { ...state, exit: { to: 'login' } };
    case 'codeUnavailable': return fail(state, 'errors.code');
    case 'retried': return state.message === 'errors.code' ? { ...state, message: null } : state;
    case 'failedUnexpectedly': return fail(state, 'errors.generic');
    case 'viewed': return state;
  }
}

/**
 * Back or Forward in the browser's history: the step that entry showed, as it was left (no call, so no new
 * code), or REQUEST afresh when there is none to show (a reload, a transaction that is over). Back from a
 * passcode step to its channel step keeps that code, as Return to previous page does.
 */
function restore(current: RecoveryState, snapshot: RecoveryState | null): RecoveryState {
  if (!snapshot) return initialState(current.flow);
  let step = snapshot.step;
  if (step.page === 'OTP' && current.step.page === 'VERIFY' && current.step.transaction.transactionId === step.transaction.transactionId) step = { ...step, sent: current.step };
  // A code the browser handed over was being checked when the visitor left: it is not typed into the field again.
  if (step.page === 'VERIFY' && step.received !== undefined) {
    const left: VerifyStep = { ...step };
    delete left.received;
    step = left;
  }
  return { ...snapshot, step, busy: false, message: null, exit: null };
}
