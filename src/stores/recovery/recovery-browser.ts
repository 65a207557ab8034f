import type { StepHistoryBrowser } from './step-history.ts';

/** What the flow needs of the browser; tests give their own and drive the flow without React or a window. */
export interface RecoveryBrowser extends StepHistoryBrowser {
  /** The page's query string. */
  search: () => string;
  origin: () => string;
  navigate: (url: string) => void;
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
