import type { SendOtpRequest } from '../../contract/recovery.ts';
import { DEFAULT_BRAND } from '../../domain/brands.ts';
import { CodeLoadError } from '../../lib/code-loader.ts';
import { obfuscate } from '../../lib/obfuscation.ts';
import type { ServiceResult } from '../../services/service-errors.ts';
import { stepName } from './flow-state.ts';
import type { ChannelOption, RecoveryExit, RecoveryState, RecoveryTransaction, UsageTransition } from './flow-state.ts';
import { takes } from './flow-reducer.ts';
import type { RecoveryEvent } from './flow-reducer.ts';
import type { RecoveryServices } from './recovery-services.ts';

/** What the flow's effects need from its page: the calls, the brand, a fingerprint, statistics, navigation. */
export interface RecoveryDeps {
  services: RecoveryServices;
  wlKey: string;
  /** The form-encoded device fingerprint; async so its code loads only when a call needs it. */
  devicePrint: () => Promise<string> | string;
  reportUsage: (transition: UsageTransition) => void;
  exit: (exit: RecoveryExit) => void;
}

/** The send-passcode request (generate, resend, and verify with the code added): the channel of this transaction. */
function sendRequest(state: RecoveryState, transaction: RecoveryTransaction, option: ChannelOption): SendOtpRequest {
  return { channel: option.channel, sessionId: transaction.sessionId, transactionId: transaction.transactionId, value: option.value, flow: state.flow, userId: state.subject };
}

/** An effect of the page that follows the flow's transitions (its history entries, the passcode step's polling). */
export type TransitionObserver = (event: RecoveryEvent, before: RecoveryState, after: RecoveryState) => void;

/**
 * The flow's effects, all in one place: the service calls an event asks for (their answers come back as
 * events), the usage statistics, the exits, Try again after code that did not arrive, and the page's own
 * effects, which observe the transitions once the page is on screen. `apply` reduces an event and runs its
 * effects; `attempt` is how a request of the visitor enters, so that whatever fails in the calls it starts
 * ends in a state, never a spinner.
 */
export function createRecoveryEffects(deps: RecoveryDeps, apply: (event: RecoveryEvent) => Promise<void>) {
  // What Try again runs: the request whose code (the client, the fingerprint, a step's effects) did not arrive.
  let again: (() => Promise<void>) | undefined;
  const observers = new Set<TransitionObserver>();
  const whiteLabel = deps.wlKey !== DEFAULT_BRAND;

  /**
   * Once the flow knows who: the user's type and channels. The type check has no time-out (spec 7), so it runs
   * beside the channel lookup and never holds the flow up.
   */
  async function lookUp(state: RecoveryState, typeCheck: Promise<ServiceResult<{ internal: boolean }>>): Promise<void> {
    // A check whose code did not arrive leaves the type at both; the lookup beside it reports the failure.
    void typeCheck.then((type) => apply({ type: 'userTypeChecked', subject: state.subject, internal: type.ok ? type.data.internal : null }), () => undefined);
    const auth = await deps.services.requestOtpChannels({ userId: state.subject, flow: state.flow, devicePrint: await deps.devicePrint() });
    await apply(auth.ok ? { type: 'lookupSucceeded', on: state.step, auth: auth.data } : { type: 'lookupFailed', on: state.step, error: auth.error, whiteLabel });
  }

  /** After SUCCESS (spec 4.3): FUID e-mails the user id, FPS a temporary password; FTU has gone on already. */
  async function finish(state: RecoveryState): Promise<void> {
    if (state.step.page !== 'VERIFY') return;
    const { transactionId } = state.step.transaction;
    if (state.flow === 'FUID') {
      const sent = await deps.services.emailUserId({ principalId: state.subject, transactionId });
      await apply({ type: 'userIdEmailed', ok: sent.ok });
    } else if (state.flow === 'FPS') {
      const sent = await deps.services.emailTemporaryPassword({ userId: state.subject, transactionId });
      await apply({ type: 'temporaryPasswordSent', ok: sent.ok });
    }
  }

  /** What an event the state took asks for, given the states before and after it. */
  async function run(event: RecoveryEvent, before: RecoveryState, after: RecoveryState): Promise<void> {
    if (!takes(before, event)) return;
    if (after !== before) for (const observer of [...observers]) observer(event, before, after);
    if (after.exit && after.exit !== before.exit) deps.exit(after.exit);
    // On entry to the OTP page a usage statistic is recorded (spec 4.3); a step the history shows again is no entry.
    if (after.step.page === 'OTP' && before.step.page !== 'OTP' && event.type !== 'restored') {
      deps.reportUsage({ from: stepName(before), to: `${after.flow}/generateOTPPage`, status: 'Success', state: after });
    }
    const { step } = after;
    switch (event.type) {
      case 'viewed':
        deps.reportUsage({ from: 'entry', to: `${after.flow}/requestPage`, status: 'Success', state: after });
        return;
      case 'userIdSubmitted':
        await lookUp(after, deps.services.checkUserType({ userId: after.subject }));
        return;
      case 'forgotUserSubmitted': {
        const lookup = await deps.services.lookupForgottenUser(event.details);
        await apply(lookup.ok ? { type: 'userFound', on: step, principalId: lookup.data.principalId } : { type: 'userLookupFailed', on: step, error: lookup.error, whiteLabel });
        return;
      }
      case 'userLookupFailed':
        deps.reportUsage({ from: stepName(before), to: 'FUID/lookup', status: 'Failure', state: before });
        return;
      case 'userFound':
        await lookUp(after, deps.services.decryptIdentifier({ identifier: after.subject }));
        return;
      case 'channelChosen': {
        if (step.page !== 'OTP') return;
        const sent = await deps.services.generateOtp(sendRequest(after, step.transaction, event.option));
        await apply(sent.ok
          ? { type: 'passcodeSent', on: step, option: event.option, answer: sent.data, at: Date.now() }
          : { type: 'passcodeNotSent', on: step, option: event.option, failure: sent, at: Date.now() });
        return;
      }
      case 'resendRequested': {
        if (step.page !== 'VERIFY') return;
        const sent = await deps.services.resendOtp(sendRequest(after, step.transaction, step.option));
        await apply(sent.ok ? { type: 'passcodeResent', on: step, answer: sent.data, at: Date.now() } : { type: 'resendRefused', on: step, failure: sent, at: Date.now() });
        return;
      }
      case 'codeSubmitted': case 'codeReceived': {
        if (step.page !== 'VERIFY') return;
        const checked = await deps.services.verifyOtp({ ...sendRequest(after, step.transaction, step.option), devicePrint: await deps.devicePrint(), otp: obfuscate(event.code) });
        await apply(checked.ok ? { type: 'codeChecked', on: step, answer: checked.data } : { type: 'verifyFailed', on: step, error: checked.error });
        return;
      }
      case 'codeChecked':
        if (event.answer.authenticationResult === 'SUCCESS') await finish(after);
        return;
      case 'userIdEmailed':
        deps.reportUsage({ from: stepName(before), to: 'FUID/infoPage', status: event.ok ? 'Success' : 'Failure', state: before });
        return;
      case 'retried': {
        const retry = again;
        again = undefined;
        await retry?.();
        return;
      }
      default:
    }
  }

  /**
   * A request of the visitor with all the calls it leads to. Code that could not be loaded (the client, the
   * fingerprint) ends in the code failure, whose Try again makes the request again with the same input; anything
   * else that throws ends in the generic message.
   */
  async function attempt(event: RecoveryEvent): Promise<void> {
    try {
      await apply(event);
    } catch (error) {
      if (error instanceof CodeLoadError) {
        await unavailable(() => attempt(event));
        return;
      }
      console.error(error);
      await apply({ type: 'failedUnexpectedly' });
    }
  }

  /**
   * Code that did not arrive: the code failure on screen, and what its Try again runs, kept here with the other
   * effects so that every event stays plain data (what happened, never what to run).
   */
  async function unavailable(retry: () => Promise<void>): Promise<void> {
    again = retry;
    await apply({ type: 'codeUnavailable' });
  }

  /** Has the page's effect follow every transition that changes the state; gives its stop. */
  function observe(observer: TransitionObserver): () => void {
    observers.add(observer);
    return () => { observers.delete(observer); };
  }

  return { run, attempt, unavailable, observe };
}
