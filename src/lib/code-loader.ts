import { atom } from 'nanostores';
import type { ReadableAtom } from 'nanostores';

/** Where code loaded later stands: not asked for yet, on its way (retries included), there, or given up on. */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** Code loaded on first use: a module from `import()`. */
export interface CodeLoader<T> {
  /** Starts the load (once while it runs) and gives its promise; after a failure the next call starts over. */
  load: () => Promise<T>;
  /** The module once it has loaded, else undefined: code that must not wait (a page unloading) uses it at once. */
  loaded: () => T | undefined;
  /** Runs `use` with the module: at once when loaded, else when the load ends; a failure shows only in `$status`. */
  use: (use: (value: T) => void) => void;
  /** The load's state, for a store or a view to render. */
  $status: ReadableAtom<LoadStatus>;
}

/** Code that did not arrive after every try: a store shows its failure state for it, never a spinner. */
export class CodeLoadError extends Error {
  override name = 'CodeLoadError';
}

/** Waits before the last try: long enough for a dropped connection to come back, short enough to go unnoticed. */
export const RETRY_BACKOFF_MS = 1000;

// Vite wraps each import() to preload its dependencies and reports a failure as the cancelable window event
// `vite:preloadError`; uncancelled it rethrows into nowhere. Cancelled, the import resolves to undefined,
// which `attempt` below turns back into a failure. The count lets an attempt tell its own failure's error
// (one event while it ran) from another load's.
let failures = 0;
let lastFailure: unknown;
if (typeof window !== 'undefined') {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    failures += 1;
    lastFailure = (event as Event & { payload?: unknown }).payload;
  });
}

/** The module URL a failed import names (Chromium and Firefox put it in the message; WebKit does not). */
export const failedModuleUrl = (error: unknown): string | undefined => /(?:https?:\/\/[^\s'"]+|\/_astro\/[^\s'"]+)\.js\b/.exec(String(error))?.[0];

/** How many times this page fetched a URL, as far as the browser's resource timing saw it. */
const fetches = (url: string) => performance.getEntriesByName(new URL(url, location.href).href).length;

async function attempt<T>(load: () => Promise<T>): Promise<T> {
  const before = failures;
  const value = await load();
  if (value !== undefined) return value;
  throw failures - before === 1 ? lastFailure : new Error();
}

/** Test seams: the back-off, and how a module is imported by its URL. */
export interface CodeLoaderSeams {
  backoffMs?: number;
  importUrl?: (url: string) => Promise<unknown>;
}

/**
 * Wraps `() => import('./x.ts')` so the module loads once and is kept, and a failed load is tried again at
 * once and after a short back-off before it counts as failed. A rejection is never kept: the next `load`
 * (a Try again) starts over, because a browser that refetches a failed module (Chromium, WebKit) would
 * otherwise be held to a failure that a moment later is gone. A browser that keeps the failure in its module
 * map instead (Firefox, as the spec said until 2024) answers the immediate retry without a request; only then
 * does the last try ask for the module's URL with a query of its own.
 */
export function codeLoader<T>(load: () => Promise<T>, { backoffMs = RETRY_BACKOFF_MS, importUrl = (url: string) => import(/* @vite-ignore */ url) }: CodeLoaderSeams = {}): CodeLoader<T> {
  let pending: Promise<T> | undefined;
  let value: { current: T } | undefined;
  const $status = atom<LoadStatus>('idle');

  async function withRetries(): Promise<T> {
    let url: string | undefined;
    let seen = 0;
    for (let tries = 0; ; tries += 1) {
      // The last try: a failure the browser answered from its module map (no new fetch) needs a URL of its own.
      const busted = tries === 2 && url !== undefined && fetches(url) === seen ? `${url}?retry=${String(Date.now())}` : '';
      try {
        return await attempt(busted ? () => importUrl(busted) as Promise<T> : load);
      } catch (error) {
        if (tries === 2) throw error;
        if (tries === 0) {
          url = failedModuleUrl(error);
          if (url) seen = fetches(url);
        } else await new Promise((resolve) => setTimeout(resolve, backoffMs));
      }
    }
  }

  const start = (): Promise<T> => {
    if (value) return Promise.resolve(value.current);
    if (!pending) {
      $status.set('loading');
      pending = withRetries().then(
        (loaded) => {
          value = { current: loaded };
          $status.set('loaded');
          return loaded;
        },
        (error: unknown) => {
          pending = undefined;
          $status.set('failed');
          throw new CodeLoadError(failedModuleUrl(error), { cause: error });
        },
      );
    }
    return pending;
  };

  return {
    load: start,
    loaded: () => value?.current,
    use: (use) => {
      if (value) use(value.current);
      else start().then(use, () => undefined);
    },
    $status,
  };
}
