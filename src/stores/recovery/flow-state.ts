import type { Channel, Flow, TransitionResult, UserType } from '../../domain/flows.ts';

/** One way to reach the user: the channel, its obfuscated contact value and the masked text shown. */
export interface ChannelOption {
  channel: Channel;
  /** Obfuscated contact value, sent back to the service as it arrived. */
  value: string;
  /** What the page shows: masked per spec 5. */
  masked: string;
}

/** The transaction the service opened on channel lookup. */
export interface RecoveryTransaction {
  transactionId: string;
  sessionId: string;
  options: ChannelOption[];
}

/**
 * Message keys the store may set: the view shows the translation `recovery.<key>`, except `errors.code`
 * (code the step needs did not arrive), which it shows as the code failure with Try again and Reload.
 */
export type RecoveryMessage =
  | 'errors.code' | 'errors.generic' | 'errors.channelLookup' | 'errors.forgotUser' | 'errors.forgotUserWl' | 'errors.timeout' | 'errors.network' | 'errors.rateLimited'
  | 'verify.error' | 'verify.expired' | 'verify.void' | 'verify.alreadySent' | 'otp.noChannel';

/** The passcode step: the code that was sent, and when the service accepts another. */
export interface VerifyStep {
  page: 'VERIFY';
  transaction: RecoveryTransaction;
  option: ChannelOption;
  callCode: string | null;
  resent: boolean;
  /** When (epoch ms) the service accepts a resend; the page counts down to it. */
  resendAt: number;
  /** A code the browser read from an SMS bound to this site (WebOTP), shown in the field while it is checked. */
  received?: string;
}

/** The wizard's steps (spec 2.6): one at a time, each carrying only what it needs. */
export type RecoveryStep =
  | { page: 'REQUEST' }
  | {
    page: 'OTP'; transaction: RecoveryTransaction; callError: boolean;
    /** The passcode step the visitor went back from: its code is still the live one. */
    sent?: VerifyStep;
  }
  | VerifyStep
  | { page: 'ERROR' }
  | { page: 'INFO'; maskedEmail: string };

/** Where the flow leaves the page (the page navigates; the flow only decides). */
export type RecoveryExit = { to: 'changePassword'; userId: string; userType: UserType; ftu: boolean } | { to: 'login' };

/** The flow state (spec 3): step, flow, user type, who, and what is going on. */
export interface RecoveryState {
  step: RecoveryStep;
  flow: Flow;
  userType: UserType;
  /** The user id (FPS, FTU) or the opaque principal id (FUID) the calls use. */
  subject: string;
  /** The e-mail address typed in a forgot-user-id request, for the INFO step. */
  emailId: string;
  busy: boolean;
  message: RecoveryMessage | null;
  /** Set (anew each time) when the flow decided to leave the page; the effects navigate. */
  exit: RecoveryExit | null;
}

/** The state on entering either page (spec 2.6): REQUEST, user type both. */
export function initialState(flow: Flow): RecoveryState {
  return { step: { page: 'REQUEST' }, flow, userType: 'both', subject: '', emailId: '', busy: false, message: null, exit: null };
}

/** The step as statistics name it (usage records, HTTP stats, click events), e.g. `FPS/requestPage`. */
export function stepName(state: Pick<RecoveryState, 'flow' | 'step'>): string {
  return `${state.flow}/${state.step.page.toLowerCase()}Page`;
}

/** One recovery usage record's transition (spec 3): the steps as statistics name them, and the state it happened in. */
export interface UsageTransition {
  from: string;
  to: string;
  status: TransitionResult;
  state: RecoveryState;
}
