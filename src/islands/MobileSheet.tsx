import { useEffect, useRef, useState } from 'react';
import { mobileOs } from '../lib/user-agent.ts';

const DISMISSED = 'portal.mobileSheetDismissed';

interface Props {
  content: string;
  actionText: string;
  cancelText: string;
  androidHref: string;
  iosHref: string;
}

/** The mobile OS bottom sheet: on Android or iOS only, once per session. */
export default function MobileSheet({ content, actionText, cancelText, androidHref, iosHref }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [os, setOs] = useState<'android' | 'ios' | null>(null);

  useEffect(() => {
    const detected = mobileOs(navigator.userAgent);
    if (!detected || sessionStorage.getItem(DISMISSED) === '1') return;
    setOs(detected);
  }, []);

  useEffect(() => {
    if (os && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [os]);

  if (!os) return null;
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
