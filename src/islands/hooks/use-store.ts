import type { ReadableAtom } from 'nanostores';
import { useSyncExternalStore } from 'react';

/**
 * The value of a nanostore, re-rendering when it changes. @nanostores/react's useStore also listens to
 * key paths of map stores, which no island uses; this is the part they use, for half a kilobyte less on
 * every page with an island.
 */
export function useStore<T>($store: ReadableAtom<T>): T {
  // A nanostore's methods close over the store rather than use `this`, so they may be passed on unbound.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  return useSyncExternalStore($store.listen, $store.get, $store.get);
}
