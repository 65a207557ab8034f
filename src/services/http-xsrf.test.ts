import { expect, test } from 'vitest';
import { z } from 'zod/mini';
import { createHttpClient } from './http.ts';
import type { HttpStat } from './http.ts';

// The one service client's XSRF hooks (design.md, "Data flow"; issue 41): a page without the cookie asks the
// service for it once before its first state-changing call, however many calls wait; a call refused with
// 403 XSRF goes once more, and never again; only same-origin calls that change state carry the header.

const BASE = 'http://portal.test/';
const XSRF_PATH = '/portal-login-service/public/xsrf';

interface Seen { method: string; path: string; token: string | null; body: string }

/**
 * The service as the page's fetch meets it: a cookie jar the cookie call fills (after `release()` when `hold`),
 * and an answer per call; every request it saw, with its XSRF header and body.
 */
function fakeService(options: { cookie?: string | null; hold?: boolean; answer?: (seen: Seen, index: number) => Response } = {}) {
  const jar = { cookie: options.cookie ?? null, issued: 0 };
  const seen: Seen[] = [];
  const held: Array<() => void> = [];
  const fetch = (async (input: Request) => {
    const request = input;
    const entry: Seen = { method: request.method, path: request.url.replace(BASE.slice(0, -1), ''), token: request.headers.get('x-xsrf-token'), body: await request.text() };
    seen.push(entry);
    if (entry.path === XSRF_PATH) {
      if (options.hold) await new Promise<void>((resolve) => held.push(resolve));
      jar.issued += 1;
      jar.cookie = `issued-${String(jar.issued)}`;
      return new Response(null, { status: 204 });
    }
    return options.answer?.(entry, seen.filter((other) => other.path === entry.path).length - 1) ?? Response.json({ ok: true });
  }) as typeof globalThis.fetch;
  return { jar, seen, fetch, release: () => held.splice(0).forEach((resolve) => resolve()) };
}

const anything = z.unknown();
const post = (path = '/portal-login-service/public/fps/auth') => ({ method: 'POST' as const, path, json: { userId: 'jdoe' }, timeoutMs: 30_000, schema: anything });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('five posts on a page without the cookie wait for one cookie request, then all go with the token it set', async () => {
  const service = fakeService({ hold: true });
  const client = createHttpClient({ baseUrl: BASE, fetch: service.fetch, readCookie: () => service.jar.cookie });
  const calls = Array.from({ length: 5 }, () => client.call(post()));
  await settle();
  expect(service.seen.map((entry) => `${entry.method} ${entry.path}`)).toEqual([`GET ${XSRF_PATH}`]);
  service.release();
  const results = await Promise.all(calls);
  expect(results.every((result) => result.ok)).toBe(true);
  expect(service.seen.filter((entry) => entry.path === XSRF_PATH)).toHaveLength(1);
  expect(service.seen.filter((entry) => entry.method === 'POST').map((entry) => entry.token)).toEqual(Array(5).fill('issued-1'));
});

test('a page that holds the cookie asks for none; GETs never carry the header', async () => {
  const service = fakeService({ cookie: 'held' });
  const client = createHttpClient({ baseUrl: BASE, fetch: service.fetch, readCookie: () => service.jar.cookie });
  await client.call(post());
  await client.call({ method: 'GET', path: '/portal-login-service/public/uti/jdoe', timeoutMs: 30_000, schema: anything });
  expect(service.seen.map((entry) => `${entry.method} ${entry.path} ${String(entry.token)}`)).toEqual([
    'POST /portal-login-service/public/fps/auth held',
    'GET /portal-login-service/public/uti/jdoe null',
  ]);
});

test('on a page without the cookie a GET waits for the one cookie request too, so the service sets one token, not two', async () => {
  // The first visit through Cloudflare that met a 403: recovery's user-type GET went without a cookie beside the
  // cookie request, each answer set a token of its own, and the post carried the one the jar no longer held.
  const service = fakeService({ hold: true });
  const client = createHttpClient({ baseUrl: BASE, fetch: service.fetch, readCookie: () => service.jar.cookie });
  const calls = [client.call({ method: 'GET', path: '/portal-login-service/public/uti/jdoe', timeoutMs: 30_000, schema: anything }), client.call(post())];
  await settle();
  expect(service.seen.map((entry) => `${entry.method} ${entry.path}`)).toEqual([`GET ${XSRF_PATH}`]);
  service.release();
  expect((await Promise.all(calls)).every((result) => result.ok)).toBe(true);
  expect(service.jar.issued).toBe(1);
  expect(service.seen.slice(1).map((entry) => `${entry.method} ${entry.path} ${String(entry.token)}`).sort()).toEqual([
    'GET /portal-login-service/public/uti/jdoe null',
    'POST /portal-login-service/public/fps/auth issued-1',
  ]);
});

test('a post to another origin never carries the token and never asks for one', async () => {
  const service = fakeService({ cookie: 'held' });
  const client = createHttpClient({ baseUrl: BASE, fetch: service.fetch, readCookie: () => service.jar.cookie });
  await client.call(post('https://metrics.example/collect'));
  const cold = fakeService();
  await createHttpClient({ baseUrl: BASE, fetch: cold.fetch, readCookie: () => cold.jar.cookie }).call(post('https://metrics.example/collect'));
  expect([...service.seen, ...cold.seen].map((entry) => `${entry.method} ${entry.path} ${String(entry.token)}`)).toEqual(['POST https://metrics.example/collect null', 'POST https://metrics.example/collect null']);
});

test('a post refused with 403 XSRF goes once more, with the same body and the new token, and the page sees only the answer', async () => {
  const service = fakeService({
    cookie: 'expired',
    answer: (_entry, index) => (index === 0 ? Response.json({ errorCode: 'XSRF', message: 'missing or wrong X-XSRF-TOKEN header' }, { status: 403 }) : Response.json({ fine: true })),
  });
  const stats: HttpStat[] = [];
  const client = createHttpClient({ baseUrl: BASE, fetch: service.fetch, readCookie: () => service.jar.cookie, reportHttpStat: (stat) => stats.push(stat) });
  const result = await client.call(post());
  expect(result).toEqual({ ok: true, data: { fine: true } });
  // The refusal set no new cookie: the page asked for one.
  expect(service.seen.map((entry) => `${entry.method} ${entry.path} ${String(entry.token)} ${entry.body}`)).toEqual([
    'POST /portal-login-service/public/fps/auth expired {"userId":"jdoe"}',
    `GET ${XSRF_PATH} null `,
    'POST /portal-login-service/public/fps/auth issued-1 {"userId":"jdoe"}',
  ]);
  expect(stats.map((stat) => stat.statusCode)).toEqual([200]);
});

test('a service that keeps refusing gets the post twice, never a third time, and the page gets FORBIDDEN', async () => {
  const service = fakeService({ cookie: 'expired', answer: () => Response.json({ errorCode: 'XSRF' }, { status: 403 }) });
  const client = createHttpClient({ baseUrl: BASE, fetch: service.fetch, readCookie: () => service.jar.cookie });
  expect(await client.call(post())).toEqual({ ok: false, error: 'FORBIDDEN' });
  expect(service.seen.filter((entry) => entry.method === 'POST')).toHaveLength(2);
  expect(service.seen.filter((entry) => entry.path === XSRF_PATH)).toHaveLength(1);
});

test('another refusal (403 CROSS_SITE, 500) is not repeated', async () => {
  for (const refusal of [() => Response.json({ errorCode: 'CROSS_SITE' }, { status: 403 }), () => Response.json({ errorCode: 'SERVER_ERROR' }, { status: 500 })]) {
    const service = fakeService({ cookie: 'held', answer: refusal });
    await createHttpClient({ baseUrl: BASE, fetch: service.fetch, readCookie: () => service.jar.cookie }).call(post());
    expect(service.seen.map((entry) => entry.method)).toEqual(['POST']);
  }
});

test('a refusal that names its code only as `code` (design.md\'s passkey table) is read as one that names it as errorCode', async () => {
  for (const body of [{ code: 'PASSKEY_UNKNOWN' }, { code: 'PASSKEY_UNKNOWN', errorCode: 'PASSKEY_UNKNOWN', message: 'unknown passkey' }]) {
    const service = fakeService({ cookie: 'held', answer: () => Response.json(body, { status: 401 }) });
    expect(await createHttpClient({ baseUrl: BASE, fetch: service.fetch, readCookie: () => service.jar.cookie }).call(post('/portal-login-service/public/passkey/authentication/verify'))).toEqual({ ok: false, error: 'PASSKEY_UNKNOWN' });
  }
});
