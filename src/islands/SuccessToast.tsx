import { useEffect, useState } from 'react';
import { takePasswordResetFlag } from '../lib/login-session.ts';

/** How long the toast stays (spec 9). */
export const TOAST_MS = 10_000;

interface Props {
  strings: { reset: string; proceed: string; close: string };
}

/** The success toast after a password reset: top right, 10 seconds, announced, shown once. */
export default function SuccessToast({ strings }: Props) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!takePasswordResetFlag()) return undefined;
    setOpen(true);
    const timer = window.setTimeout(() => setOpen(false), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    // On a phone the toast covers the header's links; Escape puts it away wherever the focus is (WCAG 2.4.11).
    const dismiss = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', dismiss);
    return () => document.removeEventListener('keydown', dismiss);
  }, [open]);

  // The live region exists from the start so screen readers announce the text when it appears.
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {open && (
        <div className="toast" data-testid="success-toast">
          <p className="toast__title">{strings.reset}</p>
          <p>{strings.proceed}</p>
          <button type="button" className="toast__close" onClick={() => setOpen(false)}>{strings.close}</button>
        </div>
      )}
    </div>
  );
}
