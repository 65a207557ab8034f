import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/**
 * The value of a nanostore, re-rendering when it changes. @nanostores/react's useStore also listens to
 * key paths of map stores, which no island uses; this is the part they use, for half a kilobyte less on
 * every page with an island.
 */
export function useStore<T>($store: ReadableAtom<T>): T {
  const read = () => $store.get();
  return useSyncExternalStore((onChange) => $store.listen(onChange), read, read);
}
