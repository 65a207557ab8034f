import type { StepEntry } from './step-history.ts';

/** What the flow needs of the browser; tests give their own and drive the flow without React or a window. */
export interface RecoveryBrowser {
  /** The page's query string. */
  search: () => string;
  origin: () => string;
  navigate: (url: string) => void;
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
  /** The visitor's first press, key, focus or leaving; gives its stop. */
  onEngage: (listener: () => void) => () => void;
  /** A timer; gives its stop. */
  after: (ms: number, run: () => void) => () => void;
  every: (ms: number, run: () => void) => () => void;
  now: () => number;
  /** The WebOTP API where the browser has it: resolves with the code of an SMS bound to this site. */
  receiveSmsCode: ((signal: AbortSignal) => Promise<string | null>) | null;
  /** Starts the page's click tracking; gives its stop. */
  trackClicks: (fromState: () => string) => () => void;
}
