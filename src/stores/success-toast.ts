import { atom } from 'nanostores';
import { takePasswordResetFlag } from '../lib/login-session.ts';

/** How long the toast stays (spec 9). */
export const TOAST_MS = 10_000;

/** The login page's success toast after a password reset: open for 10 s once, when the reset succeeded. */
export function createSuccessToast(search: () => string = () => location.search) {
  const $open = atom(false);
  /** Connects the toast to the page: open it when a reset just succeeded; gives its stop. */
  function start(): () => void {
    if (!takePasswordResetFlag(search())) return () => undefined;
    $open.set(true);
    const timer = setTimeout(() => { $open.set(false); }, TOAST_MS);
    return () => { clearTimeout(timer); };
  }
  return {
    $open,
    start,
    /** Close, Escape. */
    close(): void {
      $open.set(false);
    },
  };
}
