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
  // The page holds the XSRF cookie (the statistics post carries it, issue 41): no cookie call goes first.
  document.cookie = 'XSRF-TOKEN=t; path=/';
});

/** The post leaves once the page has read its XSRF token, a turn of the event loop after the report. */
const posted = () => vi.waitFor(() => {
  if (sent.length === 0) throw new Error('nothing posted yet');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'usrTok=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

test('a call is reported with the environment of the host (MOCK on localhost), the user token, the client and the API version', async () => {
  reportHttpStat(stat, { wlKey: 'nxn', environmentMap, userType: 'internal', userId: 'mstaff', fromState: 'login', toState: 'login/whiteLabelTesting' });
  await posted();
  expect(sent[0]).toMatchObject({
    statsType: 'NXN_HTTP_STATS', environment: 'MOCK', userToken: 'tok-42', clientId: 'nxn', portalName: 'nxn', apiVersion: 'v1',
    lastActivityUserId: 'mstaff', userType: 'internal', fromState: 'login', toState: 'login/whiteLabelTesting',
  });
});

test('what the page does not know is sent as both or null', async () => {
  document.cookie = 'usrTok=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  reportHttpStat(stat, { wlKey: 'cwa', environmentMap });
  await posted();
  expect(sent[0]).toMatchObject({ userToken: null, clientId: 'cwa', lastActivityUserId: null, userType: 'both', fromState: null, toState: null });
});

test('a call is reported with a request id even where crypto.randomUUID is missing (an insecure origin)', async () => {
  vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => array.fill(7) });
  reportHttpStat(stat, { wlKey: 'nxn', environmentMap });
  await posted();
  expect(sent[0]?.['requestGuid']).toBe('07070707-0707-4707-8707-070707070707');
});

test('a host the environment map cannot resolve is reported as PRODUCTION, and the error is logged once per page', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal('location', new URL('https://portal.evil.example.org/self-service/nxn/fps'));
  const sameMapAnotherPage = { ...environmentMap };
  reportHttpStat(stat, { wlKey: 'nxn', environmentMap: sameMapAnotherPage });
  reportHttpStat(stat, { wlKey: 'nxn', environmentMap: sameMapAnotherPage });
  await vi.waitFor(() => {
    if (sent.length < 2) throw new Error('not both posted yet');
  });
  expect(sent.map((payload) => payload['environment'])).toEqual(['PRODUCTION', 'PRODUCTION']);
  expect(errors.mock.calls).toEqual([['Domain did not match any domain regex', 'portal.evil.example.org', '(this build is for MOCK)']]);
});
