import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { deobfuscate } from '../lib/obfuscation.ts';
import { startTestEmulator } from '../../scripts/emulator/test-server.ts';
import type { TestEmulator } from '../../scripts/emulator/test-server.ts';
import { createHttpClient } from './http.ts';
import type { ClientConfig, HttpClient, HttpStat } from './http.ts';
import { portalLoginService } from './portal-login-service.ts';
import type { PortalLoginService } from './portal-login-service.ts';
import { userTypeResponseSchema } from '../contract/recovery.ts';
import { createPortalSupportService } from './portal-support-service.ts';
import type { PortalSupportService } from './portal-support-service.ts';

let emulator: TestEmulator;
let cookieJar = new Map<string, string>();
const stats: HttpStat[] = [];
const seen: Array<{ url: string; method: string; headers: Headers }> = [];

// A fetch that behaves like the browser on the emulator's origin: it keeps cookies.
const browserFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  seen.push({ url: request.url, method: request.method, headers: request.headers });
  const headers = new Headers(request.headers);
  headers.set('cookie', [...cookieJar].map(([name, value]) => `${name}=${value}`).join('; '));
  const response = await fetch(new Request(request, { headers }));
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const [name = '', ...value] = pair.split('=');
    cookieJar.set(name, value.join('='));
  }
  return response;
};

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => emulator.close());
afterEach(() => {
  stats.length = 0;
  seen.length = 0;
});

let http: HttpClient;
let service: PortalLoginService;
let support: PortalSupportService;

/** A page's clients as the page would create them, with these hooks. */
function createClients(config: ClientConfig) {
  http = createHttpClient(config);
  service = portalLoginService(http);
  support = createPortalSupportService(config);
}

function useEmulator() {
  cookieJar = new Map();
  createClients({ baseUrl: `${emulator.base}/`, fetch: browserFetch, readCookie: (name) => cookieJar.get(name) ?? null, reportHttpStat: (stat) => stats.push(stat) });
}

describe('against the emulator', () => {
  test('drives a passcode from channel lookup to SUCCESS, with XSRF on posts only', async () => {
    useEmulator();
    expect((await service.checkUserType({ userId: 'jdoe' }))).toEqual({ ok: true, data: { internal: false } });
    const auth = await service.requestOtpChannels({ userId: 'jdoe', flow: 'FPS', devicePrint: 'fp' });
    if (!auth.ok) throw new Error(auth.error);
    expect(deobfuscate(auth.data.primaryEmail)).toBe('john.doe@example.com');
    const { transactionId, sessionId } = auth.data;
    const sent = await service.generateOtp({ channel: 'email', sessionId, transactionId, value: auth.data.primaryEmail ?? '', flow: 'FPS', userId: 'jdoe' });
    expect(sent).toMatchObject({ ok: true, data: { otp: null } });
    const outbox = await (await fetch(`${emulator.base}/__emulator/outbox`)).json() as { messages: Array<{ code: string }> };
    const code = outbox.messages.at(-1)?.code ?? '';
    const { obfuscate } = await import('../lib/obfuscation.ts');
    const verified = await service.verifyOtp({ channel: 'email', devicePrint: 'fp', otp: obfuscate(code), sessionId, transactionId, value: auth.data.primaryEmail ?? '', flow: 'FPS', userId: 'jdoe' });
    expect(verified).toEqual({ ok: true, data: { authenticationResult: 'SUCCESS', channelStatus: null } });
    const get = seen.find((request) => request.method === 'GET');
    const post = seen.find((request) => request.method === 'POST');
    expect(get?.headers.get('x-xsrf-token')).toBeNull();
    expect(post?.headers.get('x-xsrf-token')).toBe(cookieJar.get('XSRF-TOKEN'));
    expect(post?.headers.get('timeoutinseconds')).toBe('30');
  });

  test('turns service errors into the closed set of codes', async () => {
    useEmulator();
    await service.checkUserType({ userId: 'jdoe' });
    expect(await service.requestOtpChannels({ userId: 'ghost', flow: 'FPS', devicePrint: '' })).toEqual({ ok: false, error: 'USER_NOT_FOUND' });
    expect(await service.lookupForgottenUser({ firstName: 'No', lastName: 'One', emailId: 'no@example.com' })).toEqual({ ok: false, error: 'USER_NOT_FOUND' });
  });

  test('reports every call to HTTP stats with Success or Failure and the status code', async () => {
    useEmulator();
    await service.checkUserType({ userId: 'jdoe' });
    await service.requestOtpChannels({ userId: 'ghost', flow: 'FPS', devicePrint: '' });
    expect(stats.map((stat) => [stat.method, stat.url, stat.status, stat.statusCode])).toEqual([
      ['GET', '/portal-login-service/public/uti/jdoe', 'Success', 200],
      ['POST', '/portal-login-service/public/fps/auth', 'Failure', 404],
    ]);
  });

  test('reads the White Label groups', async () => {
    useEmulator();
    const groups = await support.getWhiteLabelTestUrls();
    expect(groups.ok && groups.data.length).toBe(2);
  });
});

describe('against a misbehaving server', () => {
  const stalled: Array<{ destroy: () => void }> = [];
  let base = '';
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const server = createServer((req, res) => {
      if (req.url?.startsWith('/boom')) res.writeHead(500, { 'content-type': 'application/json' }).end('{"errorCode":"SERVER_ERROR","message":"x"}');
      else if (req.url?.startsWith('/garbage')) res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
      else if (req.url?.startsWith('/wrong-shape')) res.writeHead(200, { 'content-type': 'application/json' }).end('{"internal":"yes"}');
      else if (req.url?.startsWith('/empty')) res.writeHead(200).end('');
      else if (req.url?.startsWith('/slow')) setTimeout(() => res.writeHead(200).end('{}'), 2000);
      // Headers and the start of the body, then nothing: a proxy or service that stalls mid-answer.
      else if (req.url?.startsWith('/stall-body')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"internal":');
        stalled.push(res);
      }
      // Headers and part of the body, then the connection is reset.
      else if (req.url?.startsWith('/reset-body')) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"internal":', () => setTimeout(() => req.socket.resetAndDestroy(), 20));
      } else if (req.url?.startsWith('/reset')) req.socket.resetAndDestroy();
      else if (req.url?.startsWith('/nxn-metrics/analytics/')) res.writeHead(200).end('{"internal":true}');
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    for (const response of stalled) response.destroy();
    await close();
  });

  const configure = () => createClients({ baseUrl: base, fetch, readCookie: () => 'token', reportHttpStat: (stat) => stats.push(stat) });

  test('a 500 is SERVER, malformed JSON and a wrong shape are BAD_RESPONSE', async () => {
    configure();
    expect(await http.call({ method: 'GET', path: '/boom', timeoutMs: 1000, schema: userTypeResponseSchema })).toEqual({ ok: false, error: 'SERVER' });
    expect(await http.call({ method: 'GET', path: '/garbage', timeoutMs: 1000, schema: userTypeResponseSchema })).toEqual({ ok: false, error: 'BAD_RESPONSE' });
    expect(await http.call({ method: 'GET', path: '/wrong-shape', timeoutMs: 1000, schema: userTypeResponseSchema })).toEqual({ ok: false, error: 'BAD_RESPONSE' });
    expect(await http.call({ method: 'GET', path: '/empty', timeoutMs: 1000, schema: userTypeResponseSchema })).toEqual({ ok: false, error: 'BAD_RESPONSE' });
    expect(stats[0]).toMatchObject({ status: 'Failure', statusCode: 500 });
  });

  test('a time-out is TIMEOUT, reported with code 1 once the timeoutInSeconds are exceeded', async () => {
    configure();
    expect(await http.call({ method: 'GET', path: '/slow', timeoutMs: 200, schema: userTypeResponseSchema })).toEqual({ ok: false, error: 'TIMEOUT' });
    expect(stats.at(-1)).toMatchObject({ status: 'Failure', statusCode: 1 });
  });

  test('a body that stalls after the headers is TIMEOUT within the same time-out, reported with code 1', async () => {
    configure();
    const started = Date.now();
    expect(await http.call({ method: 'GET', path: '/stall-body', timeoutMs: 300, schema: userTypeResponseSchema })).toEqual({ ok: false, error: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(stats.at(-1)).toMatchObject({ status: 'Failure', statusCode: 1 });
  });

  test('a connection reset before or during the body is NETWORK, reported with -1', async () => {
    configure();
    expect(await http.call({ method: 'POST', path: '/reset', json: {}, timeoutMs: 5000, schema: userTypeResponseSchema })).toEqual({ ok: false, error: 'NETWORK' });
    expect(stats.at(-1)).toMatchObject({ status: 'Failure', statusCode: -1 });
    expect(await http.call({ method: 'GET', path: '/reset-body', timeoutMs: 5000, schema: userTypeResponseSchema })).toEqual({ ok: false, error: 'NETWORK' });
    expect(stats.at(-1)).toMatchObject({ status: 'Failure', statusCode: -1 });
  });

  test('a refused connection is NETWORK, reported with -1', async () => {
    createClients({ baseUrl: 'http://127.0.0.1:9/', fetch, readCookie: () => null, reportHttpStat: (stat) => stats.push(stat) });
    expect(await http.call({ method: 'GET', path: '/anything', timeoutMs: 1000, schema: userTypeResponseSchema })).toEqual({ ok: false, error: 'NETWORK' });
    expect(stats.at(-1)).toMatchObject({ statusCode: -1 });
  });

  test('blacklisted statistics URLs are not reported for POST, but are for GET', async () => {
    configure();
    await http.call({ method: 'POST', path: '/nxn-metrics/analytics/x', json: {}, timeoutMs: 1000, schema: userTypeResponseSchema });
    expect(stats).toEqual([]);
    await http.call({ method: 'GET', path: '/nxn-metrics/analytics/x', timeoutMs: 1000, schema: userTypeResponseSchema });
    expect(stats).toHaveLength(1);
  });
});
