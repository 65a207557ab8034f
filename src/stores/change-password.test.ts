import { afterEach, expect, test, vi } from 'vitest';
import { scopeEnvironmentMap } from '../config/build-environment.ts';
import type { EnvironmentMap } from '../contract/environment-map.ts';
import environmentMap from '../config/environment-map.json' with { type: 'json' };
import { pageEnvironment, smAgentName } from '../lib/environment.ts';
import { RETRY_BACKOFF_MS } from '../lib/code-loader.ts';
import { createChangePasswordPage } from './change-password.ts';

// The store alone, with a fake page location and a hand-released environment chunk: no React.
const map = scopeEnvironmentMap(environmentMap as EnvironmentMap, 'MOCK');

function page(hostname: string, loadEnvironment?: () => Promise<{ pageEnvironment: typeof pageEnvironment; smAgentName: typeof smAgentName }>) {
  // Click tracking listens on the document; a node test has none.
  vi.stubGlobal('document', { addEventListener: () => undefined, removeEventListener: () => undefined });
  vi.stubGlobal('addEventListener', () => undefined);
  let release: (loaded: boolean) => void = () => undefined;
  const chunk = new Promise<{ pageEnvironment: typeof pageEnvironment; smAgentName: typeof smAgentName }>((resolve, reject) => {
    release = (loaded) => (loaded ? resolve({ pageEnvironment, smAgentName }) : reject(new Error('chunk failed')));
  });
  const store = createChangePasswordPage({ wlKey: 'cwa', clickMonitor: false, environmentMap: map, portalKind: 'client' }, { search: () => '?uid=jdoe', hostname: () => hostname }, loadEnvironment ?? (() => chunk));
  return { store, release };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test('the agent is not known until the environment chunk lands, then follows the host', async () => {
  const { store, release } = page('portal-qa.nxn.example');
  expect(store.$smAgent.get()).toEqual({ name: 'nxnclient', known: false, failed: false });
  store.start();
  await Promise.resolve();
  expect(store.$smAgent.get().known).toBe(false);
  release(true);
  await vi.waitFor(() => expect(store.$smAgent.get()).toEqual({ name: 'nxnclientqa', known: true, failed: false }));
});

test('on a PRODUCTION host the agent stays the default and becomes known', async () => {
  const { store, release } = page('portal.nxn.example');
  store.start();
  release(true);
  await vi.waitFor(() => expect(store.$smAgent.get()).toEqual({ name: 'nxnclient', known: true, failed: false }));
});

test('code that does not arrive after its retries is the failed state: the agent stays unknown, and retry resolves it once it comes', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  let online = false;
  const loads = vi.fn(() => (online ? Promise.resolve({ pageEnvironment, smAgentName }) : Promise.reject(new TypeError('Failed to fetch dynamically imported module'))));
  const { store } = page('portal-qa.nxn.example', loads);
  store.start();
  await vi.advanceTimersByTimeAsync(RETRY_BACKOFF_MS);
  // Never PRODUCTION's agent made known on a QA host: the form holds its post and says why.
  expect(store.$smAgent.get()).toEqual({ name: 'nxnclient', known: false, failed: true });
  expect(loads).toHaveBeenCalledTimes(3);
  online = true;
  store.actions.retry();
  expect(store.$smAgent.get().failed).toBe(false);
  await vi.waitFor(() => expect(store.$smAgent.get()).toEqual({ name: 'nxnclientqa', known: true, failed: false }));
});

test('posting keeps the brand in the white-label cookie, since SiteMinder\'s success comes back to login through the site root', () => {
  vi.stubGlobal('document', { addEventListener: () => undefined, removeEventListener: () => undefined });
  const written: string[] = [];
  const cookies = { get cookie() { return ''; }, set cookie(value: string) { written.push(value); } };
  const store = createChangePasswordPage({ wlKey: 'brightpath529', clickMonitor: false, environmentMap: map, portalKind: 'client' },
    { search: () => '?uid=jdoe', hostname: () => 'localhost', cookies, secure: true }, () => new Promise(() => undefined));
  store.actions.posting();
  expect(written).toHaveLength(1);
  expect(written[0]).toMatch(/^WL_KEY=brightpath529; path=\/; expires=[^;]+; secure; samesite=Lax$/);
});
