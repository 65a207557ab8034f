// @vitest-environment jsdom
import { atom } from 'nanostores';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { HttpStat } from '../../services/http.ts';
import { initialState } from './flow-state.ts';
import type { RecoveryState } from './flow-state.ts';
import { reportRecoveryUsage, reportWizardCall } from './recovery-telemetry.ts';

const stat: HttpStat = {
  method: 'POST', url: '/portal-login-service/public/fps/auth', status: 'Success', statusCode: 200, elapsedMs: 40, responseSize: 120, startedAt: new Date('2026-11-22T11:05:09Z'),
};
const otpStep: RecoveryState['step'] = { page: 'OTP', transaction: { transactionId: 't', sessionId: 's', options: [] }, callError: false };
let fetched: Array<{ url: string; body: Record<string, unknown> }>;
let beaconed: Array<{ url: string; body: Record<string, unknown> }>;

beforeEach(() => {
  fetched = [];
  beaconed = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    fetched.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return new Response('{}');
  }));
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => {
      // Read back for the assertions; the browser has taken the beacon by then.
      void data.text().then((text) => beaconed.push({ url, body: JSON.parse(text) as Record<string, unknown> }));
      return true;
    },
  });
  document.cookie = 'usrTok=tok%2D42; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.cookie = 'usrTok=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  window.dispatchEvent(new PageTransitionEvent('pageshow'));
});

test('a wizard call is reported with the environment of the host, the user token, the user and the step it led to', async () => {
  vi.useFakeTimers();
  const $recovery = atom<RecoveryState>({ ...initialState('FPS'), subject: 'jdoe', userType: 'external' });
  reportWizardCall(stat, 'nxn', $recovery);
  // The store acts on the answer: the visitor is on the channel choice when the report goes.
  $recovery.set({ ...$recovery.get(), step: otpStep });
  await vi.runAllTimersAsync();
  expect(fetched).toHaveLength(1);
  expect(fetched[0]?.url).toBe('/nxn-metrics/analytics/metrics');
  expect(fetched[0]?.body).toMatchObject({
    statsType: 'NXN_HTTP_STATS', environment: 'MOCK', userToken: 'tok-42', clientId: 'nxn', portalName: 'nxn', lastActivityUserId: 'jdoe',
    userType: 'external', fromState: 'FPS/requestPage', toState: 'FPS/otpPage', apiVersion: null, url: '/portal-login-service/public/fps/auth',
  });
});

test('the forgot-user-id flow never reports its principal id as the user id', async () => {
  vi.useFakeTimers();
  reportWizardCall(stat, 'nxn', atom<RecoveryState>({ ...initialState('FUID'), subject: 'opaque-principal' }));
  await vi.runAllTimersAsync();
  expect(fetched[0]?.body).toMatchObject({ lastActivityUserId: null, fromState: 'FUID/requestPage' });
});

test('a usage record made while the page unloads goes out at once by sendBeacon, though the page set its pagehide handler before the telemetry loaded', async () => {
  // As on the page: the wizard's pagehide handler exists from hydration and reports the page view with the
  // telemetry module it loaded later.
  vi.resetModules();
  const loaded: { telemetry?: typeof import('./recovery-telemetry.ts') } = {};
  window.addEventListener('pagehide', () => loaded.telemetry?.reportRecoveryUsage('nxn', 'en-US', {
    from: 'entry', to: 'FPS/requestPage', status: 'Success', state: initialState('FPS'),
  }, 5), { once: true });
  loaded.telemetry = await import('./recovery-telemetry.ts');
  window.dispatchEvent(new PageTransitionEvent('pagehide'));
  await vi.waitFor(() => expect(beaconed).toHaveLength(1));
  expect(fetched).toHaveLength(0);
  expect(beaconed[0]).toMatchObject({ url: '/nxn-metrics/analytics/metrics', body: { statsType: 'NXN_USAGE_STATS', FROM_STATE: 'entry', TO_STATE: 'FPS/requestPage' } });
});

test('usage records of one page visit share one STATE_GUID', async () => {
  for (const to of ['FPS/requestPage', 'FPS/generateOTPPage']) {
    reportRecoveryUsage('nxn', 'en-US', { from: 'entry', to, status: 'Success', state: initialState('FPS') }, 5);
  }
  await vi.waitFor(() => expect(fetched).toHaveLength(2));
  expect(fetched[0]?.body['STATE_GUID']).toMatch(/^[0-9a-f-]{36}$/);
  expect(fetched[1]?.body['STATE_GUID']).toBe(fetched[0]?.body['STATE_GUID']);
});

test('a usage record carries the visitor\'s user type and user id, but never the forgot-user-id flow\'s principal id', async () => {
  reportRecoveryUsage('nxn', 'en-US', { from: 'FPS/requestPage', to: 'FPS/generateOTPPage', status: 'Success', state: { ...initialState('FPS'), subject: 'jdoe', userType: 'external' } }, 5);
  reportRecoveryUsage('nxn', 'en-US', { from: 'FUID/verifyPage', to: 'FUID/infoPage', status: 'Success', state: { ...initialState('FUID'), subject: 'opaque-principal', userType: 'external' } }, 5);
  await vi.waitFor(() => expect(fetched).toHaveLength(2));
  expect(fetched.map((call) => [call.body['USER_TYPE'], call.body['LAST_ACTIVITY_USER_ID'], call.body['ELAPSED_TIME']])).toEqual([['external', 'jdoe', 5], ['external', null, 5]]);
});
