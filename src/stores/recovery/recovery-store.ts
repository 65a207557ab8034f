import { atom } from 'nanostores';
import type { Flow, UserType } from '../../domain/flows.ts';
import { STATUS_UNREACHABLE } from '../../domain/error-codes.ts';
import type { OtpAuthResponse } from '../../contract/recovery.ts';
import { maskEmail, maskPhone } from '../../lib/masking.ts';
import { deobfuscate, obfuscate } from '../../lib/obfuscation.ts';
import type { ServiceError } from '../../domain/error-codes.ts';
import type { ServiceResult } from '../../services/service-errors.ts';
import { initialState, stepName } from './flow-state.ts';
import type { ChannelOption, RecoveryMessage, RecoveryState, RecoveryTransaction, VerifyStep } from './flow-state.ts';
import type { RecoveryServices } from './recovery-services.ts';
import { DEFAULT_BRAND } from '../../domain/brands.ts';
import { CodeLoadError } from '../../lib/code-loader.ts';

/** Where the flow leaves the page (the view navigates; the store only decides). */
export type RecoveryExit = { to: 'changePassword'; userId: string; userType: UserType; ftu: boolean } | { to: 'login' };

/** What the store needs from its page: the calls, the brand, a fingerprint, statistics, navigation. */
export interface RecoveryDeps {
  services: RecoveryServices;
  wlKey: string;
  /** The form-encoded device fingerprint; async so its code loads only when a call needs it. */
  devicePrint: () => Promise<string> | string;
  reportUsage: (transition: { from: string; to: string; status: 'Success' | 'Failure'; state: RecoveryState }) => void;
  exit: (exit: RecoveryExit) => void;
}

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

const resendAt = (seconds: number) => Date.now() + seconds * 1000;

const SERVICE_MESSAGES: Partial<Record<ServiceError, RecoveryMessage>> = { TIMEOUT: 'errors.timeout', NETWORK: 'errors.network', RATE_LIMITED: 'errors.rateLimited' };
/** The verify answers about the code itself; every other verify failure shows the generic message (spec 4.3). */
const VERIFY_MESSAGES: Partial<Record<ServiceError, RecoveryMessage>> = { OTP_INVALID: 'verify.error', OTP_EXPIRED: 'verify.expired', OTP_VOID: 'verify.void' };

/** The recovery wizard: a nanostore of the flow state and the named actions that move it. */
export function createRecoveryStore(flow: Flow, deps: RecoveryDeps) {
  const $recovery = atom<RecoveryState>(initialState(flow));
  const set = (patch: Partial<RecoveryState>) => $recovery.set({ ...$recovery.get(), ...patch });
  const enter = (step: RecoveryState['step'], extra: Partial<RecoveryState> = {}) => {
    const from = stepName($recovery.get());
    set({ ...extra, step, busy: false, message: null });
    if (step.page === 'OTP') deps.reportUsage({ from, to: `${$recovery.get().flow}/generateOTPPage`, status: 'Success', state: $recovery.get() });
  };
  const fail = (message: RecoveryMessage) => set({ busy: false, message });
  // What a Try again runs: the action whose code did not arrive, with what it was given.
  let retry: (() => Promise<void>) | undefined;
  /**
   * An action whose code (the client, the fingerprint) could not be loaded ends in the code failure, never in
   * a spinner; its Try again runs it again with the same input. Anything else that throws ends in the generic
   * message for the same reason.
   */
  const guarded = <A extends unknown[]>(run: (...args: A) => Promise<void>) => async (...args: A): Promise<void> => {
    try {
      await run(...args);
    } catch (error) {
      if (error instanceof CodeLoadError) {
        retry = () => guarded(run)(...args);
        fail('errors.code');
        return;
      }
      console.error(error);
      fail('errors.generic');
    }
  };
  const serviceMessage = (error: ServiceError, fallback: RecoveryMessage) => SERVICE_MESSAGES[error] ?? fallback;

  /**
   * The user-type check has no time-out (spec 7), so it runs beside the channel lookup and never holds the flow
   * up: until it answers the type stays `both` (the stricter password rule), and a failure leaves it there.
   */
  function resolveUserType(subject: string, check: Promise<ServiceResult<{ internal: boolean }>>): void {
    // A check whose code did not arrive leaves the type at both; the lookup beside it reports the failure.
    void check.then((type) => {
      if ($recovery.get().subject === subject) set({ userType: type.ok ? (type.data.internal ? 'internal' : 'external') : 'both' });
    }, () => undefined);
  }

  /** Whether the visitor is still on the step an answer is for (Back or Forward may have moved the wizard meanwhile). */
  const stillOn = (step: RecoveryState['step']) => $recovery.get().step === step;

  async function openTransaction(subject: string, lookupFallback: RecoveryMessage, step: RecoveryState['step']): Promise<void> {
    const auth = await deps.services.requestOtpChannels({ userId: subject, flow: $recovery.get().flow, devicePrint: await deps.devicePrint() });
    if (!stillOn(step)) return;
    if (!auth.ok) {
      fail(serviceMessage(auth.error, lookupFallback));
      return;
    }
    const options = channelOptions(auth.data);
    if (options.length === 0) {
      fail('otp.noChannel');
      return;
    }
    const transaction: RecoveryTransaction = { transactionId: auth.data.transactionId, sessionId: auth.data.sessionId, options };
    enter({ page: 'OTP', transaction, callError: false });
  }

  const actions = {
    /** Code the flow needed did not arrive (the step's views or effects): the code failure, with its Try again. */
    codeUnavailable(again: () => Promise<unknown>): void {
      retry = async () => { await again(); };
      fail('errors.code');
    },

    /** Try again after a code failure: runs what failed again, keeping the step and what was typed. */
    async retry(): Promise<void> {
      const again = retry;
      retry = undefined;
      if ($recovery.get().message === 'errors.code') set({ message: null });
      await again?.();
    },

    /** Back to REQUEST with user type both (spec 2.6); entering the page names its flow (FTU by its query). */
    reset(entered: Flow = $recovery.get().flow): void {
      $recovery.set(initialState(entered));
    },

    /** Editing the form clears the current error (spec 5). */
    edited(): void {
      if ($recovery.get().message) set({ message: null });
    },

    /** Forgot password or first-time user: the user id, its type, then its channels. */
    submitUserId: guarded(async (userId: string): Promise<void> => {
      const { busy, step } = $recovery.get();
      if (busy) return;
      set({ busy: true, message: null, subject: userId });
      resolveUserType(userId, deps.services.checkUserType({ userId }));
      await openTransaction(userId, 'errors.channelLookup', step);
    }),

    /** Forgot user id: find the principal, its type, then its channels. */
    submitForgotUser: guarded(async (details: { firstName: string; lastName: string; emailId: string }): Promise<void> => {
      const { busy, step } = $recovery.get();
      if (busy) return;
      set({ busy: true, message: null, emailId: details.emailId });
      const lookupFailure: RecoveryMessage = deps.wlKey === DEFAULT_BRAND ? 'errors.forgotUser' : 'errors.forgotUserWl';
      const lookup = await deps.services.lookupForgottenUser(details);
      if (!stillOn(step)) return;
      if (!lookup.ok) {
        deps.reportUsage({ from: stepName($recovery.get()), to: 'FUID/lookup', status: 'Failure', state: $recovery.get() });
        fail(serviceMessage(lookup.error, lookupFailure));
        return;
      }
      const principalId = lookup.data.principalId;
      set({ subject: principalId });
      resolveUserType(principalId, deps.services.decryptIdentifier({ identifier: principalId }));
      await openTransaction(principalId, lookupFailure, step);
    }),

    /** OTP step: send a passcode over the chosen channel. */
    chooseChannel: guarded(async (option: ChannelOption): Promise<void> => {
      const state = $recovery.get();
      if (state.busy || state.step.page !== 'OTP') return;
      const transaction = state.step.transaction;
      set({ busy: true, message: null });
      const sent = await deps.services.generateOtp({
        channel: option.channel, sessionId: transaction.sessionId, transactionId: transaction.transactionId, value: option.value, flow: state.flow, userId: state.subject,
      });
      if (!stillOn(state.step)) return;
      if (!sent.ok) {
        const previous = state.step.sent;
        if (sent.error === 'RATE_LIMITED' && previous?.option.channel === option.channel) {
          // The same channel again, too soon: the code sent there moments ago still works, so go back to it.
          enter({ ...previous, resent: false, resendAt: sent.retryAfterSeconds ? resendAt(sent.retryAfterSeconds) : previous.resendAt });
          set({ message: 'verify.alreadySent' });
        } else if (sent.error === 'RATE_LIMITED' || sent.error === 'TIMEOUT' || sent.error === 'NETWORK') fail(serviceMessage(sent.error, 'errors.generic'));
        // A passcode that cannot be generated ends the flow (spec 4.3).
        else enter({ page: 'ERROR' });
        return;
      }
      enter({ page: 'VERIFY', transaction, option, callCode: option.channel === 'call' ? deobfuscate(sent.data.otp) : null, resent: false, resendAt: resendAt(sent.data.resendAfterSeconds) });
    }),

    /** VERIFY step: a new code on the same channel. */
    resend: guarded(async (): Promise<void> => {
      const state = $recovery.get();
      if (state.busy || state.step.page !== 'VERIFY') return;
      const { transaction, option } = state.step;
      set({ busy: true, message: null });
      const sent = await deps.services.resendOtp({
        channel: option.channel, sessionId: transaction.sessionId, transactionId: transaction.transactionId, value: option.value, flow: state.flow, userId: state.subject,
      });
      if (!stillOn(state.step)) return;
      if (!sent.ok) {
        // Too early: the service says how long to wait, and the countdown starts again from that.
        if (sent.retryAfterSeconds) set({ step: { ...state.step, resendAt: resendAt(sent.retryAfterSeconds) } });
        fail(serviceMessage(sent.error, 'errors.generic'));
        return;
      }
      set({ busy: false, step: { page: 'VERIFY', transaction, option, callCode: option.channel === 'call' ? deobfuscate(sent.data.otp) : null, resent: true, resendAt: resendAt(sent.data.resendAfterSeconds) } });
    }),

    /** VERIFY step: check the code (typed, or the call code the callee keyed). */
    submitCode: guarded(async (code: string, options: { silent?: boolean } = {}): Promise<void> => {
      const state = $recovery.get();
      if (state.busy || state.step.page !== 'VERIFY') return;
      const { transaction, option } = state.step;
      if (!options.silent) set({ busy: true, message: null });
      const result = await deps.services.verifyOtp({
        channel: option.channel, devicePrint: await deps.devicePrint(), otp: obfuscate(code), sessionId: transaction.sessionId, transactionId: transaction.transactionId,
        value: option.value, flow: state.flow, userId: state.subject,
      });
      if (!stillOn(state.step)) return;
      if (!result.ok) {
        if (result.error === 'OTP_ERR_003') enter({ page: 'ERROR' });
        else if (option.channel === 'call') enter({ page: 'OTP', transaction, callError: true });
        // Only the service's wrong-code answer says the code is wrong; a fault of the service is not the visitor's (spec 4.3).
        else fail(VERIFY_MESSAGES[result.error] ?? serviceMessage(result.error, 'errors.generic'));
        return;
      }
      const { authenticationResult, channelStatus } = result.data;
      if (authenticationResult === 'SUCCESS') {
        await actions.succeed(transaction);
        return;
      }
      if (authenticationResult === null && channelStatus === STATUS_UNREACHABLE) {
        enter({ page: 'OTP', transaction, callError: true });
        return;
      }
      // A call not answered yet: keep waiting quietly. FAILURE is the service saying the code is wrong; an answer
      // that is neither is not the visitor's doing: the generic message.
      if (authenticationResult === null && option.channel === 'call') set({ busy: false });
      else fail(authenticationResult === 'FAILURE' ? 'verify.error' : 'errors.generic');
    }),

    /** VERIFY by SMS: the browser handed over the code of an SMS bound to this site (WebOTP); shown, then checked. */
    receivedCode: guarded(async (code: string): Promise<void> => {
      const state = $recovery.get();
      if (state.busy || state.step.page !== 'VERIFY') return;
      set({ step: { ...state.step, received: code } });
      await actions.submitCode(code);
    }),

    /** After SUCCESS (spec 4.3): FUID e-mails the user id; FPS a temporary password; FTU goes straight on. */
    succeed: guarded(async (transaction: RecoveryTransaction): Promise<void> => {
      const state = $recovery.get();
      if (state.flow === 'FUID') {
        const sent = await deps.services.emailUserId({ principalId: state.subject, transactionId: transaction.transactionId });
        deps.reportUsage({ from: stepName($recovery.get()), to: 'FUID/infoPage', status: sent.ok ? 'Success' : 'Failure', state });
        if (!sent.ok) enter({ page: 'ERROR' });
        else enter({ page: 'INFO', maskedEmail: maskEmail(state.emailId) });
        return;
      }
      if (state.flow === 'FPS') {
        const temporary = await deps.services.emailTemporaryPassword({ userId: state.subject, transactionId: transaction.transactionId });
        if (!temporary.ok) {
          enter({ page: 'ERROR' });
          return;
        }
      }
      set({ busy: false });
      deps.exit({ to: 'changePassword', userId: state.subject, userType: state.userType, ftu: state.flow === 'FTU' });
    }),

    /** Return to previous page: VERIFY -> OTP, OTP -> REQUEST. */
    back(): void {
      const state = $recovery.get();
      if (state.step.page === 'VERIFY') enter({ page: 'OTP', transaction: state.step.transaction, callError: false, sent: state.step });
      else actions.reset();
    },

    /**
     * Back or Forward in the browser's history: the step that entry showed, as it was left (no call, so no new
     * code), or REQUEST afresh when there is none to show (a reload, a transaction that is over). Back from a
     * passcode step to its channel step keeps that code, as Return to previous page does.
     */
    restore(snapshot: RecoveryState | null): void {
      const current = $recovery.get();
      if (!snapshot) {
        $recovery.set(initialState(current.flow));
        return;
      }
      let step = snapshot.step;
      if (step.page === 'OTP' && current.step.page === 'VERIFY' && current.step.transaction.transactionId === step.transaction.transactionId) step = { ...step, sent: current.step };
      // A code the browser handed over was being checked when the visitor left: it is not typed into the field again.
      if (step.page === 'VERIFY' && step.received !== undefined) {
        const left: VerifyStep = { ...step };
        delete left.received;
        step = left;
      }
      $recovery.set({ ...snapshot, step, busy: false, message: null });
    },

    /** Cancel and Go To Login Page. */
    cancel(): void {
      deps.exit({ to: 'login' });
    },
  };

  return { $recovery, actions };
}

export type RecoveryStore = ReturnType<typeof createRecoveryStore>;
