// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { CodeLoadError, codeLoader, failedModuleUrl, RETRY_BACKOFF_MS } from './code-loader.ts';
import type { LoadStatus } from './code-loader.ts';

// A browser that refetches a failed module (Chromium, WebKit): each look at resource timing finds one fetch more.
beforeEach(() => {
  cancelled = [];
  let entries = 0;
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(() => Array.from({ length: (entries += 1) }, () => ({}) as PerformanceEntry));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const chunk = 'http://localhost/_astro/later-steps.bbCrcXRR.js';
const fetchFailed = () => new TypeError(`Failed to fetch dynamically imported module: ${chunk}`);

/** Whether each `vite:preloadError` the wrapper below dispatched was cancelled. */
let cancelled: boolean[] = [];

/** What Vite's preload wrapper does when an import fails: the event, and undefined once it is cancelled. */
function viteWrapped<T>(importer: () => Promise<T>): () => Promise<T | undefined> {
  return () => importer().catch((error: unknown) => {
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error });
    window.dispatchEvent(event);
    cancelled.push(event.defaultPrevented);
    if (!event.defaultPrevented) throw error;
    return undefined;
  });
}

/** Fake timers that leave `performance` (and the resource timing spied on above) alone. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

/** Runs the loader's back-off on the fake clock until `promise` settles. */
async function settle<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  const result = Promise.allSettled([promise]).then(([only]) => only as PromiseSettledResult<T>);
  await vi.advanceTimersByTimeAsync(RETRY_BACKOFF_MS);
  return result;
}

test('loads once however often it is asked, and keeps the module', async () => {
  const loader = vi.fn(() => Promise.resolve({ answer: 42 }));
  const module = codeLoader(loader);
  expect(module.loaded()).toBeUndefined();
  const [first, second] = await Promise.all([module.load(), module.load()]);
  expect(first).toBe(second);
  expect(module.loaded()).toBe(first);
  expect(await module.load()).toBe(first);
  expect(loader).toHaveBeenCalledTimes(1);
});

test('use runs at once once the module is there, and after the load before that', async () => {
  const module = codeLoader(() => Promise.resolve('ready'));
  const seen: string[] = [];
  module.use((value) => seen.push(`early ${value}`));
  expect(seen).toEqual([]);
  await module.load();
  expect(seen).toEqual(['early ready']);
  module.use((value) => seen.push(`late ${value}`));
  expect(seen).toEqual(['early ready', 'late ready']);
});

test('a dropped request is tried again at once, and the module arrives without a failure showing', async () => {
  const loader = vi.fn<() => Promise<{ ok: true }>>().mockRejectedValueOnce(fetchFailed()).mockResolvedValue({ ok: true });
  const module = codeLoader(loader);
  const statuses: LoadStatus[] = [];
  module.$status.listen((status) => statuses.push(status));
  expect(await module.load()).toEqual({ ok: true });
  expect(loader).toHaveBeenCalledTimes(2);
  expect(statuses).toEqual(['loading', 'loaded']);
});

test('after two failures it waits the back-off before the last try', async () => {
  fakeClock();
  const loader = vi.fn<() => Promise<string>>().mockRejectedValueOnce(fetchFailed()).mockRejectedValueOnce(fetchFailed()).mockResolvedValue('late');
  const module = codeLoader(loader);
  const loading = module.load();
  await vi.advanceTimersByTimeAsync(RETRY_BACKOFF_MS - 1);
  expect(loader).toHaveBeenCalledTimes(2);
  expect(module.$status.get()).toBe('loading');
  await vi.advanceTimersByTimeAsync(1);
  expect(await loading).toBe('late');
  expect(loader).toHaveBeenCalledTimes(3);
});

test('a failure that remains is state, and is never kept: the next load starts over and can succeed', async () => {
  fakeClock();
  let online = false;
  const loader = vi.fn(() => (online ? Promise.resolve('back') : Promise.reject(fetchFailed())));
  const module = codeLoader(loader);
  const failed = await settle(module.load());
  expect(failed.status === 'rejected' && failed.reason).toBeInstanceOf(CodeLoadError);
  expect(module.$status.get()).toBe<LoadStatus>('failed');
  expect(loader).toHaveBeenCalledTimes(3);
  expect(module.loaded()).toBeUndefined();

  online = true;
  expect(await module.load()).toBe('back');
  expect(module.$status.get()).toBe<LoadStatus>('loaded');
  expect(loader).toHaveBeenCalledTimes(4);
});

test('use never throws into nowhere when the load fails for good', async () => {
  fakeClock();
  const unhandled = vi.fn();
  process.on('unhandledRejection', unhandled);
  const module = codeLoader(() => Promise.reject(fetchFailed()));
  const used = vi.fn();
  module.use(used);
  await vi.advanceTimersByTimeAsync(RETRY_BACKOFF_MS);
  await vi.advanceTimersByTimeAsync(0);
  process.off('unhandledRejection', unhandled);
  expect(used).not.toHaveBeenCalled();
  expect(unhandled).not.toHaveBeenCalled();
  expect(module.$status.get()).toBe<LoadStatus>('failed');
});

test('Vite’s preload error is cancelled and becomes the load’s failure, not an exception elsewhere', async () => {
  fakeClock();
  const module = codeLoader(viteWrapped(() => Promise.reject(fetchFailed())));
  const failed = await settle(module.load());
  expect(failed.status === 'rejected' && (failed.reason as CodeLoadError).cause).toEqual(fetchFailed());
  expect(cancelled).toEqual([true, true, true]);
  expect(module.$status.get()).toBe<LoadStatus>('failed');
});

test('where the browser keeps the failure (no new fetch), the last try asks for the URL with a query of its own', async () => {
  fakeClock();
  // Firefox answers the second import of a failed module from its module map: no new resource entry.
  vi.spyOn(performance, 'getEntriesByName').mockReturnValue([{} as PerformanceEntry]);
  const importUrl = vi.fn((url: string) => Promise.resolve({ from: url }));
  const module = codeLoader(viteWrapped(() => Promise.reject(fetchFailed())), { importUrl });
  const loaded = await settle(module.load());
  expect(importUrl).toHaveBeenCalledTimes(1);
  expect(importUrl.mock.calls[0]?.[0]).toMatch(/^http:\/\/localhost\/_astro\/later-steps\.bbCrcXRR\.js\?retry=\d+$/);
  expect(loaded.status === 'fulfilled' && loaded.value).toEqual({ from: importUrl.mock.calls[0]?.[0] });
});

test('where the browser fetched again, the last try asks for the same module, with no query', async () => {
  fakeClock();
  const importUrl = vi.fn();
  let tries = 0;
  const loader = vi.fn(() => ((tries += 1) < 3 ? Promise.reject(fetchFailed()) : Promise.resolve('fresh')));
  const module = codeLoader(loader, { importUrl });
  const loaded = await settle(module.load());
  expect(loaded.status === 'fulfilled' && loaded.value).toBe('fresh');
  expect(importUrl).not.toHaveBeenCalled();
});

test('failedModuleUrl reads the URL Chromium and Firefox name, and nothing from WebKit’s message', () => {
  expect(failedModuleUrl(new TypeError(`Failed to fetch dynamically imported module: ${chunk}`))).toBe(chunk);
  expect(failedModuleUrl(new TypeError(`error loading dynamically imported module: ${chunk}`))).toBe(chunk);
  expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
});
