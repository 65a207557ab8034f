// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { loadBuiltEnvironmentMap } from '../../config/build-environment.ts';
import type { HttpStat } from '../http.ts';
import { reportHttpStat } from './report-http-stat.ts';

const stat: HttpStat = {
  method: 'GET', url: '/app/npx/public/contentsvcs/v1/api/sites/gateway/sblocks/open/x', status: 'Success', statusCode: 200, elapsedMs: 40, responseSize: 120,
  startedAt: new Date('2026-11-22T11:05:09Z'),
};
const environmentMap = loadBuiltEnvironmentMap(undefined, 'MOCK');
let sent: Array<Record<string, unknown>>;

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    return new Response('{}');
  }));
  document.cookie = 'usrTok=tok%2D42; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'usrTok=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

test('a call is reported with the environment of the host (MOCK on localhost), the user token, the client and the API version', () => {
  reportHttpStat(stat, { wlKey: 'nxn', environmentMap, userType: 'internal', userId: 'mstaff', fromState: 'login', toState: 'login/whiteLabelTesting' });
  expect(sent[0]).toMatchObject({
    statsType: 'NXN_HTTP_STATS', environment: 'MOCK', userToken: 'tok-42', clientId: 'nxn', portalName: 'nxn', apiVersion: 'v1',
    lastActivityUserId: 'mstaff', userType: 'internal', fromState: 'login', toState: 'login/whiteLabelTesting',
  });
});

test('what the page does not know is sent as both or null', () => {
  document.cookie = 'usrTok=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  reportHttpStat(stat, { wlKey: 'cwa', environmentMap });
  expect(sent[0]).toMatchObject({ userToken: null, clientId: 'cwa', lastActivityUserId: null, userType: 'both', fromState: null, toState: null });
});

test('a call is reported with a request id even where crypto.randomUUID is missing (an insecure origin)', () => {
  vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => array.fill(7) });
  reportHttpStat(stat, { wlKey: 'nxn', environmentMap });
  expect(sent[0]?.['requestGuid']).toBe('07070707-0707-4707-8707-070707070707');
});

test('a host the environment map cannot resolve is reported as PRODUCTION, and the error is logged once per page', () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('location', new URL('https://portal.evil.example.org/self-service/nxn/fps'));
  const sameMapAnotherPage = { ...environmentMap };
  reportHttpStat(stat, { wlKey: 'nxn', environmentMap: sameMapAnotherPage });
  reportHttpStat(stat, { wlKey: 'nxn', environmentMap: sameMapAnotherPage });
  expect(sent.map((payload) => payload['environment'])).toEqual(['PRODUCTION', 'PRODUCTION']);
  expect(errors.mock.calls).toEqual([['Domain did not match any domain regex', 'portal.evil.example.org', '(this build is for MOCK)']]);
});
