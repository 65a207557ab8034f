import { atom } from 'nanostores';
import type { Flow } from '../../domain/flows.ts';
import { initialState } from './flow-state.ts';
import type { ChannelOption, RecoveryState } from './flow-state.ts';
import { reduceRecovery } from './flow-reducer.ts';
import type { ForgotUserDetails, RecoveryEvent } from './flow-reducer.ts';
import { createRecoveryEffects } from './recovery-effects.ts';
import type { RecoveryDeps } from './recovery-effects.ts';

/**
 * The recovery wizard: a nanostore of the flow state, and `dispatch`, which moves it by the reducer
 * (flow-reducer.ts) and runs the effects the event asks for (recovery-effects.ts). The actions name what the
 * views and the page dispatch; each gives a promise of the calls it started.
 */
export function createRecoveryStore(flow: Flow, deps: RecoveryDeps) {
  const $recovery = atom<RecoveryState>(initialState(flow));
  const apply = (event: RecoveryEvent): Promise<void> => {
    const before = $recovery.get();
    const after = reduceRecovery(before, event);
    if (after !== before) $recovery.set(after);
    return effects.run(event, before, after);
  };
  const effects = createRecoveryEffects(deps, apply);
  const dispatch = effects.attempt;

  const actions = {
    /** Code the flow needed did not arrive (the step's views or effects): the code failure, with its Try again. */
    codeUnavailable: (again: () => Promise<unknown>) => { void effects.unavailable(async () => { await again(); }); },
    /** Try again after a code failure: runs what failed again, keeping the step and what was typed. */
    retry: () => dispatch({ type: 'retried' }),
    /** Entering the page (spec 2.6): REQUEST, user type both; the page names its flow (FTU by its query). */
    reset: (entered: Flow = $recovery.get().flow) => { void dispatch({ type: 'entered', flow: entered }); },
    edited: () => { void dispatch({ type: 'edited' }); },
    /** The page view, for statistics. */
    viewed: () => { void dispatch({ type: 'viewed' }); },
    submitUserId: (userId: string) => dispatch({ type: 'userIdSubmitted', userId }),
    submitForgotUser: (details: ForgotUserDetails) => dispatch({ type: 'forgotUserSubmitted', details }),
    chooseChannel: (option: ChannelOption) => dispatch({ type: 'channelChosen', option }),
    resend: () => dispatch({ type: 'resendRequested' }),
    /** VERIFY: check the code (typed, or the call code the callee keyed, checked quietly every 20 s). */
    submitCode: (code: string, options: { silent?: boolean } = {}) => dispatch({ type: 'codeSubmitted', code, silent: options.silent ?? false }),
    /** VERIFY by SMS: the browser handed over the code of an SMS bound to this site (WebOTP); shown, then checked. */
    receivedCode: (code: string) => dispatch({ type: 'codeReceived', code }),
    /** Return to previous page: VERIFY -> OTP, OTP -> REQUEST. */
    back: () => { void dispatch({ type: 'back' }); },
    /** Back or Forward in the browser's history: the step that entry showed, or REQUEST afresh. */
    restore: (snapshot: RecoveryState | null) => { void dispatch({ type: 'restored', snapshot }); },
    /** Cancel and Go To Login Page. */
    cancel: () => { void dispatch({ type: 'cancelled' }); },
  };

  return { $recovery, dispatch, actions, observe: effects.observe };
}

export type RecoveryStore = ReturnType<typeof createRecoveryStore>;
