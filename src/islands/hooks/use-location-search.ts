import { useEffect, useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};

/**
 * The page's query string. The static HTML is built without one, so hydration renders the
 * server value ('') first and React then re-renders with the real one, without a mismatch.
 */
export function useLocationSearch(): string {
  return useSyncExternalStore(subscribe, () => window.location.search, () => '');
}

/** True once the island runs in the browser (false while rendering the static HTML). */
export function useHydrated(): boolean {
  return useSyncExternalStore(() => () => undefined, () => true, () => false);
}

/**
 * Keeps what a visitor (or a password manager) typed into a field before the island hydrated:
 * on mount, a non-empty DOM value is taken into React state instead of being reset.
 */
export function useKeepTypedValue(ref: { current: HTMLInputElement | null }, value: string, setValue: (value: string) => void): void {
  useEffect(() => {
    const typed = ref.current?.value ?? '';
    if (typed !== '' && typed !== value) setValue(typed);
    // Only on mount: afterwards React owns the value.
  }, []);
}
