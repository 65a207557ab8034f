import { atom } from 'nanostores';
import { takePasswordResetFlag } from '../lib/login-session.ts';

/**
 * The login page's success toast after a password reset: open once, when the reset succeeded, until the visitor
 * closes it. The spec's 10 seconds are read as the least it shows, not a time-out (WCAG 2.2.1: it is the only
 * confirmation of the reset; docs/spec-readings.md). It opens once the page has loaded, so a screen reader
 * reads the page's title and heading first and the toast's polite announcement after them, not over them.
 */
export function createSuccessToast(search: () => string = () => location.search) {
  const $open = atom(false);
  /** Connects the toast to the page: open it when a reset just succeeded; gives its stop. */
  function start(): () => void {
    if (!takePasswordResetFlag(search())) return () => undefined;
    // The flag is taken: the toast opens even if this stop ran first (an atom set after unmount is harmless).
    if (document.readyState === 'complete') $open.set(true);
    else window.addEventListener('load', () => { $open.set(true); }, { once: true });
    return () => undefined;
  }
  return {
    $open,
    start,
    /** Dismiss, Escape. */
    close(): void {
      $open.set(false);
    },
  };
}
