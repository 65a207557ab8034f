import type { ReadableAtom } from 'nanostores';
import type { RecoveryState, RecoveryStep } from './flow-state.ts';
import type { TransitionObserver } from './recovery-effects.ts';

/**
 * What the wizard writes into a history entry: the step it shows and a key to this page's memory of it.
 * Never the step itself: transaction ids, contact values and codes stay out of the browser's session
 * history, which outlives the page (spec reading of 2.6).
 */
export interface StepEntry {
  recoveryStep: RecoveryStep['page'];
  recoveryKey: string;
}

/** The browser's session history as the wizard's steps use it (part of recovery-browser.ts's RecoveryBrowser). */
export interface StepHistoryBrowser {
  /** The state of the history entry on screen (`history.state`). */
  historyState: () => unknown;
  /** A new history entry for a step further into the flow (`pushState`). */
  pushStep: (entry: StepEntry) => void;
  /** The entry on screen rewritten to say what it shows (`replaceState`). */
  replaceStep: (entry: StepEntry) => void;
  /** One entry back, as the browser's back button. */
  goBack: () => void;
  /** The browser's Back and Forward (`popstate`), with the state of the entry reached; gives its stop. */
  onHistoryMove: (listener: (state: unknown) => void) => () => void;
}

/** A history entry's state as the wizard wrote it, or null for any other (a fragment link's, another page's). */
function readStepEntry(state: unknown): StepEntry | null {
  if (typeof state !== 'object' || state === null) return null;
  const { recoveryStep, recoveryKey } = state as Partial<Record<keyof StepEntry, unknown>>;
  const pages: readonly string[] = ['REQUEST', 'OTP', 'VERIFY', 'ERROR', 'INFO'];
  return typeof recoveryStep === 'string' && pages.includes(recoveryStep) && typeof recoveryKey === 'string'
    ? { recoveryStep: recoveryStep as StepEntry['recoveryStep'], recoveryKey }
    : null;
}

/** How far into the flow a step is: a step further in gets an entry of its own, a step back rewrites the one on screen. */
const DEPTH: Record<RecoveryStep['page'], number> = { REQUEST: 0, OTP: 1, VERIFY: 2, ERROR: 3, INFO: 3 };

/**
 * The wizard's steps as entries of the browser's history, a stack the visitor owns: each step further into
 * the flow is an entry, and Back and Forward show the step of the entry they reach, as it was left, with no
 * call (so no new passcode is sent). What an entry can show lives in this page's memory only: after a
 * reload, or once the flow ended in ERROR or INFO (its transaction is over), an entry has nothing to
 * restore and the wizard starts afresh at REQUEST, and the entry says so from then on.
 */
export function connectStepHistory(
  browser: StepHistoryBrowser,
  $recovery: ReadableAtom<RecoveryState>,
  observe: (observer: TransitionObserver) => () => void,
  restore: (snapshot: RecoveryState | null) => void,
  pageId: string,
) {
  /** The state each entry of this page shows, by key; REQUEST needs none (it always starts afresh). */
  const memory = new Map<string, RecoveryState>();
  /** The entry each entry was pushed on, by key. */
  const below = new Map<string, string>();
  let count = 0;
  const newKey = () => `${pageId}.${String(count++)}`;
  let key = newKey();

  const remember = (state: RecoveryState) => {
    if (state.step.page === 'REQUEST') memory.delete(key);
    else memory.set(key, state);
  };
  const entry = (state: RecoveryState): StepEntry => ({ recoveryStep: state.step.page, recoveryKey: key });

  // Whatever the entry on screen held (a reload, a return from another page), the page starts at REQUEST.
  browser.replaceStep(entry($recovery.get()));

  const stopMoves = browser.onHistoryMove((state) => {
    const reached = readStepEntry(state);
    if (!reached) {
      // A fragment link (the skip link) made an entry of its own: it shows the step on screen.
      const on = key;
      key = newKey();
      below.set(key, on);
      remember($recovery.get());
      browser.replaceStep(entry($recovery.get()));
      return;
    }
    key = reached.recoveryKey;
    const snapshot = memory.get(key) ?? null;
    restore(snapshot);
    remember($recovery.get());
    if (!snapshot && reached.recoveryStep !== 'REQUEST') browser.replaceStep(entry($recovery.get()));
  });

  const stopListening = observe((event, left, state) => {
    // A step the history shows again is the entry reached: it gets no entry of its own.
    if (event.type === 'restored') return;
    if (state.step.page !== left.step.page) {
      if (DEPTH[state.step.page] > DEPTH[left.step.page]) {
        const on = key;
        key = newKey();
        below.set(key, on);
        browser.pushStep(entry(state));
      } else {
        browser.replaceStep(entry(state));
      }
    }
    remember(state);
    if (state.step.page === 'ERROR' || state.step.page === 'INFO') {
      // The transaction is over: no entry before this one can show its steps again.
      for (const other of [...memory.keys()]) if (other !== key) memory.delete(other);
    }
  });

  return {
    /**
     * Return to previous page as the browser's Back does, so history and page stay one stack: true when the
     * entry below this one shows a step to return to (its popstate restores it), false when the flow must
     * step back by itself.
     */
    returnToPrevious(): boolean {
      const target = below.get(key);
      if (target === undefined || !memory.has(target)) return false;
      browser.goBack();
      return true;
    },
    stop(): void {
      stopMoves();
      stopListening();
    },
  };
}
