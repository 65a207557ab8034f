import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** True once the island runs in the browser (false while rendering the static HTML and hydrating). */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
