import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => { window.removeEventListener('popstate', onChange); };
};

/**
 * The page's query string. The static HTML is built without one, so hydration renders the
 * server value ('') first and React then re-renders with the real one, without a mismatch.
 */
export function useLocationSearch(): string {
  return useSyncExternalStore(subscribe, () => window.location.search, () => '');
}
