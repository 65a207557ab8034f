// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { initialState } from '../../stores/recovery/flow-state.ts';
import { reportRecoveryUsage } from './recovery-telemetry.ts';

let fetched: Array<{ url: string; body: Record<string, unknown> }>;

beforeEach(() => {
  fetched = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    fetched.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return new Response('{}');
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
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
