import { useEffect, useMemo, useRef } from 'react';
import { useBrowserCheckOpen } from './hooks/use-browser-check-open.ts';
import { useHydrated } from './hooks/use-hydrated.ts';
import { mobileOs } from '../lib/user-agent.ts';

/** Set for the session once the visitor put the sheet away (the page wakes the island only while it is not). */
export const DISMISSED = 'portal.mobileSheetDismissed';

interface Props {
  content: string;
  actionText: string;
  cancelText: string;
  androidHref: string;
  iosHref: string;
}

/** The mobile OS bottom sheet: on Android or iOS only, once per session, after the browser check is closed. */
export default function MobileSheet({ content, actionText, cancelText, androidHref, iosHref }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Known only in the browser: the static HTML has no sheet, and a dismissed sheet stays away this session.
  const hydrated = useHydrated();
  const os = useMemo(() => (hydrated && sessionStorage.getItem(DISMISSED) !== '1' ? mobileOs(navigator.userAgent) : null), [hydrated]);
  // One modal at a time: a browser the brand excludes is told so first; the app is offered once that is closed.
  const waiting = useBrowserCheckOpen();

  useEffect(() => {
    if (os && !waiting && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [os, waiting]);

  if (!os || waiting) return null;
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED, '1');
    dialog.current?.close();
  };
  return (
    <dialog ref={dialog} className="dialog bottom-sheet" aria-label={actionText} onClose={() => sessionStorage.setItem(DISMISSED, '1')} data-testid="mobile-sheet">
      <p>{content}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={dismiss}>{cancelText}</button>
        <a className="button" href={os === 'android' ? androidHref : iosHref}>{actionText}</a>
      </div>
    </dialog>
  );
}
