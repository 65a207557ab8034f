import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { MAX_JSON_DEPTH } from './http-utils.ts';
import { LOCKED_SMUSRMSG } from './login-lockout.ts';
import { DEFAULT_RATE_LIMITS, RateLimiter } from './rate-limits.ts';
import { startTestEmulator } from './test-server.ts';
import type { TestEmulator } from './test-server.ts';

// Faults and abuse (issue 14): what a hostile client sends must end in 4xx, memory stays bounded,
// transactions lapse, and a login is locked after repeated wrong passwords.

let clock = Date.parse('2026-11-22T12:00:00Z');
let api: TestEmulator;
const MINUTE = 60_000;

beforeEach(async () => {
  clock = Date.parse('2026-11-22T12:00:00Z');
  // SiteMinder's walk without the passkey offer on the way (design.md): passkeys.test.ts tests the offer.
  api = await startTestEmulator({ now: () => clock, answerCallAfterMs: 8000, passkeyOffer: false });
});
afterEach(async () => api.close());

const SERVICE = '/portal-login-service/public';
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('requests the emulator cannot decode answer 400 with the error body', () => {
  test.each([
    ['GET', `${SERVICE}/uti/%ZZ`],
    ['GET', `${SERVICE}/uti/%E0%A4%A`],
    ['GET', `${SERVICE}/uti/abc%`],
    ['POST', `${SERVICE}/fps/email/%ZZ`],
    ['POST', `${SERVICE}/fps/email/%C0%AF`],
  ])('%s %s', async (method, path) => {
    const response = await api.request(method, path, method === 'POST' ? { transactionId: 't' } : undefined);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errorCode: 'BAD_REQUEST', message: 'malformed percent-escape in the path', field: '(path)' });
  });
});

describe(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is refused with 400 on every endpoint that reads JSON`, () => {
  const deep = `{"statsType":"X","a":${nested(5000)}}`;
  test.each([
    '/nxn-metrics/analytics/metrics', '/nxn-service/public/logDpStats/NXN_USAGE_STATS', '/app/pmg/nxn-metrics/analytics',
    '/DPMonitor/rest/v1/dpevents/', '/nxn-service/public/clickMonitor', '/nxn-service/httpUsageStatus/store', '/nxn-service/stateUsageStatus/store',
    `${SERVICE}/fps/auth`, `${SERVICE}/fps/generate-otp`, `${SERVICE}/fps/resend-otp`, `${SERVICE}/fps/verify-otp`, `${SERVICE}/fps/email/jdoe`,
    `${SERVICE}/fuid/lookup`, `${SERVICE}/fuid/emails`, `${SERVICE}/uti/decrypt`, `${SERVICE}/change`, '/__emulator/clock/advance', '/__emulator/users',
  ])('POST %s', async (path) => {
    const response = await api.request('POST', path, undefined, { headers: { 'content-type': 'application/json' }, body: deep });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errorCode: 'BAD_REQUEST', message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` });
  });

  test('the limit itself is accepted, and brackets inside strings do not count', async () => {
    const atLimit = await api.request('POST', '/nxn-service/public/clickMonitor', undefined, {
      headers: { 'content-type': 'application/json' }, body: `{"statsType":"X","a":${nested(MAX_JSON_DEPTH - 1)},"b":"${'['.repeat(100)}\\"{{"}`,
    });
    expect(atLimit.status).toBe(200);
    const over = await api.request('POST', '/nxn-service/public/clickMonitor', undefined, {
      headers: { 'content-type': 'application/json' }, body: `{"statsType":"X","a":${nested(MAX_JSON_DEPTH)}}`,
    });
    expect(over.status).toBe(400);
  });
});

describe('the rate limiter forgets', () => {
  const policy = DEFAULT_RATE_LIMITS;

  test('drops windows that have expired', () => {
    const limiter = new RateLimiter(policy, 10_000);
    const start = 1_000_000;
    for (let index = 0; index < 100; index += 1) limiter.consume('lookup', { user: `user${index}`, client: `10.0.0.${index}` }, start);
    expect(limiter.size).toBe(200);
    // Each later request drops a few expired windows; after a quarter hour they all go.
    for (let index = 0; index < 25; index += 1) limiter.consume('lookup', { user: `late${index}`, client: '10.1.1.1' }, start + 15 * MINUTE + index);
    expect(limiter.size).toBe(26);
  });

  test('holds at most its bound of keys, evicting the least recently used, and keeps a window that is refusing', () => {
    const limiter = new RateLimiter(policy, 1000);
    const now = 5_000_000;
    for (let index = 0; index < 20; index += 1) limiter.consume('lookup', { user: 'victim', client: 'c-victim' }, now);
    expect(() => limiter.consume('lookup', { user: 'victim', client: 'c-other' }, now)).toThrow('too many requests');
    // A flood of distinct 8 KB ids from many addresses, each still inside its window.
    for (let index = 0; index < 5000; index += 1) {
      limiter.consume('lookup', { user: `${'x'.repeat(8192)}${index}`, client: `10.2.${Math.floor(index / 250)}.${index % 250}` }, now + 1);
      // The attacker keeps trying the victim: a refused try keeps its window.
      if (index % 100 === 0) expect(() => limiter.consume('lookup', { user: 'victim', client: `10.3.0.${index % 250}` }, now + 1)).toThrow();
    }
    expect(limiter.size).toBeLessThanOrEqual(1000);
    expect(() => limiter.consume('lookup', { user: 'victim', client: 'c-last' }, now + 2)).toThrow('too many requests');
  });

  test('a refused request creates no key', async () => {
    const limiter = new RateLimiter({ ...policy, lookup: { ...policy.lookup, perClient: { limit: 3, windowMs: 15 * MINUTE } } });
    for (let index = 0; index < 3; index += 1) limiter.consume('lookup', { user: `u${index}`, client: 'one' }, 0);
    expect(limiter.size).toBe(4);
    for (let index = 3; index < 1000; index += 1) expect(() => limiter.consume('lookup', { user: `u${index}`, client: 'one' }, 1)).toThrow();
    expect(limiter.size).toBe(4);
  });
});

describe('transactions lapse 20 minutes after their last use', () => {
  type Auth = { transactionId: string; sessionId: string; primaryEmail: string };
  const open = async () => (await api.json<Auth>('POST', `${SERVICE}/fps/auth`, { userId: 'jdoe', flow: 'FPS', devicePrint: '' })).body;
  const send = (auth: Auth, path = 'generate-otp') => api.json(
    'POST', `${SERVICE}/fps/${path}`, { channel: 'email', sessionId: auth.sessionId, transactionId: auth.transactionId, value: auth.primaryEmail, flow: 'FPS', userId: 'jdoe' },
  );

  test('unused for 20 minutes, a transaction is unknown', async () => {
    const auth = await open();
    clock += 20 * MINUTE + 1000;
    expect(await send(auth)).toMatchObject({ status: 404, body: { errorCode: 'TRANSACTION_UNKNOWN' } });
    expect(api.emulator.state.transactions.size).toBe(0);
  });

  test('each use starts the 20 minutes again', async () => {
    const auth = await open();
    clock += 19 * MINUTE;
    expect((await send(auth)).status).toBe(200);
    // A passcode counts as in use while it is valid, so its expiry can still be answered with a resend.
    clock += 20 * MINUTE + 1000;
    expect((await send(auth, 'resend-otp')).status).toBe(200);
    clock += 39 * MINUTE;
    expect((await send(auth, 'resend-otp')).status).toBe(200);
    clock += 40 * MINUTE + 1000;
    expect(await send(auth, 'resend-otp')).toMatchObject({ status: 404, body: { errorCode: 'TRANSACTION_UNKNOWN' } });
  });

  test('lapsed transactions are dropped as others are opened', async () => {
    for (let index = 0; index < 10; index += 1) await open();
    clock += 21 * MINUTE;
    await open();
    expect(api.emulator.state.transactions.size).toBe(1);
  });
});

describe('login lockout', () => {
  const login = (user: string, password: string) =>
    api.request('POST', '/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q1&TARGET=%2Fapps%2Fhome', { USER: user, PASSWRD: password, wl: 'nxn' }, { form: true });
  const message = (response: Response) => new URL(response.headers.get('location') ?? '', 'http://x').searchParams.get('SMUSRMSG');

  test('5 wrong passwords within 15 minutes lock the user id for 15 minutes, the right password too', async () => {
    for (let index = 0; index < 4; index += 1) {
      expect(message(await login('jdoe', `wrong${index}`))).toBe('Invalid Credentials');
      clock += 3 * MINUTE;
    }
    expect(message(await login('JDOE', 'wrong4'))).toBe(LOCKED_SMUSRMSG);
    const locked = await login('jdoe', 'Summer#2026');
    expect(locked.headers.get('location')).toMatch(/^\/app\/nxn\/login\?/);
    expect(message(locked)).toBe(LOCKED_SMUSRMSG);
    clock += 14 * MINUTE;
    expect(message(await login('jdoe', 'Summer#2026'))).toBe(LOCKED_SMUSRMSG);
    expect((await api.json('POST', '/__emulator/clock/advance', { seconds: 61 })).status).toBe(200);
    expect((await login('jdoe', 'Summer#2026')).headers.get('location')).toBe('/apps/home');
  });

  test('wrong passwords spread over more than 15 minutes, or broken by a good login, do not lock', async () => {
    for (let index = 0; index < 8; index += 1) {
      expect(message(await login('jdoe', 'wrong'))).toBe('Invalid Credentials');
      clock += 4 * MINUTE;
    }
    for (let index = 0; index < 4; index += 1) await login('mstaff', 'wrong');
    expect((await login('mstaff', 'Internal#Pass2026')).headers.get('location')).toBe('/apps/home');
    for (let index = 0; index < 4; index += 1) expect(message(await login('mstaff', 'wrong'))).toBe('Invalid Credentials');
    expect((await login('jdoe', 'Summer#2026')).headers.get('location')).toBe('/apps/home');
  });

  test('an unknown user id locks alike, so the lock says nothing about whether an account exists; reset unlocks', async () => {
    for (let index = 0; index < 4; index += 1) await login('ghost', 'x');
    expect(message(await login('ghost', 'x'))).toBe(LOCKED_SMUSRMSG);
    for (let index = 0; index < 5; index += 1) await login('jdoe', 'x');
    await api.request('POST', '/__emulator/reset');
    expect((await login('jdoe', 'Summer#2026')).headers.get('location')).toBe('/apps/home');
  });
});

describe('inspection endpoints for the soak bench', () => {
  test('POST /__emulator/users adds distinct users that can log in and recover; reset removes them', async () => {
    const created = await api.json<{ userIds: string[]; password: string }>('POST', '/__emulator/users', { prefix: 'soak', count: 3 });
    expect(created.body.userIds).toEqual(['soak0', 'soak1', 'soak2']);
    const auth = await api.json('POST', `${SERVICE}/fps/auth`, { userId: 'soak2', flow: 'FPS', devicePrint: '' });
    expect(auth.body).toMatchObject({ supportedotpChannels: ['email'] });
    const response = await api.request('POST', '/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q', { USER: 'soak1', PASSWRD: created.body.password }, { form: true });
    expect(response.headers.get('location')).toBe('/apps/home');
    expect((await api.json('POST', '/__emulator/users', { prefix: 'Bad!', count: 1 })).status).toBe(400);
    await api.request('POST', '/__emulator/reset');
    expect((await api.json('GET', `${SERVICE}/uti/soak1`)).status).toBe(404);
  });

  test('GET /__emulator/outbox?to= lists one address only, and GET /__emulator/heap reports the heap and what is held', async () => {
    await api.json('POST', '/__emulator/users', { prefix: 'soak', count: 2 });
    for (const userId of ['soak0', 'soak1']) {
      const auth = await api.json<{ transactionId: string; sessionId: string; primaryEmail: string }>('POST', `${SERVICE}/fps/auth`, { userId, flow: 'FPS', devicePrint: '' });
      await api.json('POST', `${SERVICE}/fps/generate-otp`, { channel: 'email', sessionId: auth.body.sessionId, transactionId: auth.body.transactionId, value: auth.body.primaryEmail, flow: 'FPS', userId });
    }
    const one = await api.json<{ messages: Array<{ to: string }> }>('GET', '/__emulator/outbox?to=soak1%40example.com');
    expect(one.body.messages.map((entry) => entry.to)).toEqual(['soak1@example.com']);
    const heap = await api.json('GET', '/__emulator/heap');
    expect(heap.body).toMatchObject({ heapUsedBytes: expect.any(Number), transactions: 2, users: 7, outbox: 2 });
  });
});
