import { useSyncExternalStore } from 'react';

// The login page's browser-check dialog (src/components/LegacyBrowserWarning.astro): a classic script
// reveals it before any island runs, and its Close hides it again.
const DIALOG_ID = 'legacy-browser';

const subscribe = (onChange: () => void) => {
  const dialog = document.getElementById(DIALOG_ID);
  if (!dialog) return () => undefined;
  const observer = new MutationObserver(onChange);
  observer.observe(dialog, { attributes: true, attributeFilter: ['hidden'] });
  return () => { observer.disconnect(); };
};

const isOpen = () => {
  const dialog = document.getElementById(DIALOG_ID);
  return dialog !== null && !dialog.hidden;
};

/** Whether the browser-check dialog shows, so another dialog waits its turn (one modal at a time). */
export function useBrowserCheckOpen(): boolean {
  return useSyncExternalStore(subscribe, isOpen, () => false);
}
