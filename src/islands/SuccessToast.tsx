import { useStore } from './hooks/use-store.ts';
import { useEffect, useRef, useState } from 'react';
import { focusMainIfInside } from './hooks/focus-after-removal.ts';
import { createSuccessToast } from '../stores/success-toast.ts';

interface Props {
  strings: { reset: string; proceed: string; close: string };
}

/**
 * The success toast after a password reset: top right, announced politely once the page has loaded, shown once,
 * until the visitor dismisses it (Dismiss or Escape; docs/spec-readings.md on the spec's 10 seconds).
 */
export default function SuccessToast({ strings }: Props) {
  const [toast] = useState(createSuccessToast);
  const open = useStore(toast.$open);
  const box = useRef<HTMLDivElement>(null);
  // The focus leaves the toast before it goes, to the page's content rather than the body (WCAG 2.4.3).
  const close = () => {
    focusMainIfInside(box.current);
    toast.close();
  };
  useEffect(() => toast.start(), [toast]);

  useEffect(() => {
    if (!open) return undefined;
    // On a phone the toast covers the header's links; Escape puts it away wherever the focus is (WCAG 2.4.11).
    const dismiss = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      focusMainIfInside(box.current);
      toast.close();
    };
    document.addEventListener('keydown', dismiss);
    return () => { document.removeEventListener('keydown', dismiss); };
  }, [open, toast]);

  // The live region exists from the start so screen readers announce the text when it appears.
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {open && (
        <div ref={box} className="toast" data-testid="success-toast">
          <p className="toast__title">{strings.reset}</p>
          <p>{strings.proceed}</p>
          <button type="button" className="toast__close" onClick={close}>{strings.close}</button>
        </div>
      )}
    </div>
  );
}
