import { useStore } from './hooks/use-store.ts';
import { useEffect, useState } from 'react';
import { createSuccessToast } from '../stores/success-toast.ts';

interface Props {
  strings: { reset: string; proceed: string; close: string };
}

/** The success toast after a password reset: top right, 10 seconds, announced, shown once. */
export default function SuccessToast({ strings }: Props) {
  const [toast] = useState(createSuccessToast);
  const open = useStore(toast.$open);
  useEffect(() => toast.start(), [toast]);

  useEffect(() => {
    if (!open) return undefined;
    // On a phone the toast covers the header's links; Escape puts it away wherever the focus is (WCAG 2.4.11).
    const dismiss = (event: KeyboardEvent) => {
      if (event.key === 'Escape') toast.close();
    };
    document.addEventListener('keydown', dismiss);
    return () => { document.removeEventListener('keydown', dismiss); };
  }, [open, toast]);

  // The live region exists from the start so screen readers announce the text when it appears.
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {open && (
        <div className="toast" data-testid="success-toast">
          <p className="toast__title">{strings.reset}</p>
          <p>{strings.proceed}</p>
          <button type="button" className="toast__close" onClick={() => { toast.close(); }}>{strings.close}</button>
        </div>
      )}
    </div>
  );
}
