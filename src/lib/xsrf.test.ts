import { expect, test, vi } from 'vitest';
import { XSRF_ASK_TIMEOUT_MS, sendWithXsrf, xsrfToken } from './xsrf.ts';
import type { XsrfSource } from './xsrf.ts';

// The XSRF rule of design.md ("Data flow") for calls made by fetch (the passkey calls, the statistics posts): a
// page without the cookie asks the service once, however many calls wait, and a call refused with 403 XSRF goes
// once more. The service here is a cookie jar and an `ask` that sets it when it answers.

/** A page's cookie and the service's cookie call, which sets `next` when it answers (after `release()`). */
function fakeService(initial: string | null, next = 'issued-1') {
  let cookie = initial;
  let asks = 0;
  const waiting: Array<() => void> = [];
  const source: XsrfSource = {
    cookie: () => cookie,
    ask: () => {
      asks += 1;
      return new Promise<void>((resolve) => waiting.push(() => {
        cookie = next;
        resolve();
      }));
    },
  };
  return {
    source,
    asks: () => asks,
    /** The service answers every cookie call in flight. */
    release: () => {
      for (const answer of waiting.splice(0)) answer();
    },
    setCookie: (value: string) => {
      cookie = value;
    },
  };
}

const XSRF_403 = () => new Response(JSON.stringify({ errorCode: 'XSRF', message: 'missing or wrong X-XSRF-TOKEN header' }), { status: 403 });
const OK = () => new Response('{}', { status: 200 });

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('five calls waiting on a page without the cookie make one cookie request, and all go with the token it set', async () => {
  const service = fakeService(null);
  const sent: Array<Record<string, string>> = [];
  const calls = Array.from({ length: 5 }, () => sendWithXsrf('POST', async (headers) => {
    sent.push(headers);
    return OK();
  }, service.source));
  await settle();
  // Nothing leaves before the cookie has arrived.
  expect(sent).toEqual([]);
  service.release();
  await Promise.all(calls);
  expect(service.asks()).toBe(1);
  expect(sent).toEqual(Array.from({ length: 5 }, () => ({ 'X-XSRF-TOKEN': 'issued-1' })));
});

test('a page that holds the cookie asks for none, and reads it as each call leaves (a renewed cookie counts)', async () => {
  const service = fakeService('held');
  const sent: Array<Record<string, string>> = [];
  const send = async (headers: Record<string, string>) => {
    sent.push(headers);
    return OK();
  };
  await sendWithXsrf('POST', send, service.source);
  service.setCookie('renewed');
  await sendWithXsrf('DELETE', send, service.source);
  expect(service.asks()).toBe(0);
  expect(sent).toEqual([{ 'X-XSRF-TOKEN': 'held' }, { 'X-XSRF-TOKEN': 'renewed' }]);
});

test('GET and HEAD carry no header; on a page without the cookie they wait for the one cookie request, so the service sets one token', async () => {
  const service = fakeService(null);
  const sent: Array<Record<string, string>> = [];
  const calls = ['GET', 'HEAD', 'get', 'POST'].map((method) => sendWithXsrf(method, async (headers) => {
    sent.push(headers);
    return OK();
  }, service.source));
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(sent).toEqual([]);
  service.release();
  await Promise.all(calls);
  expect(sent).toEqual([{}, {}, {}, { 'X-XSRF-TOKEN': 'issued-1' }]);
  expect(service.asks()).toBe(1);
  const held = fakeService('held');
  await sendWithXsrf('GET', async () => OK(), held.source);
  expect(held.asks()).toBe(0);
});

test('a call refused with 403 XSRF goes once more with the token the service set on the refusal, without asking', async () => {
  const service = fakeService('expired');
  const sent: Array<Record<string, string>> = [];
  const answer = await sendWithXsrf('POST', async (headers) => {
    sent.push(headers);
    if (sent.length === 1) {
      // The refusal's own answer renews the cookie, as the service does for a request without a valid one.
      service.setCookie('renewed');
      return XSRF_403();
    }
    return OK();
  }, service.source);
  expect(answer.status).toBe(200);
  expect(sent).toEqual([{ 'X-XSRF-TOKEN': 'expired' }, { 'X-XSRF-TOKEN': 'renewed' }]);
  expect(service.asks()).toBe(0);
});

test('a refusal that set no cookie: the page asks for one, then repeats the call once with it', async () => {
  const service = fakeService('stale', 'fresh');
  const sent: Array<Record<string, string>> = [];
  const call = sendWithXsrf('POST', async (headers) => {
    sent.push(headers);
    return sent.length === 1 ? XSRF_403() : OK();
  }, service.source);
  await settle();
  expect(service.asks()).toBe(1);
  service.release();
  expect((await call).status).toBe(200);
  expect(sent).toEqual([{ 'X-XSRF-TOKEN': 'stale' }, { 'X-XSRF-TOKEN': 'fresh' }]);
});

test('a service that keeps refusing gets the call twice, never a third time, and its refusal is the answer', async () => {
  let next = 0;
  const cookie = { value: 'first' };
  const source: XsrfSource = {
    cookie: () => cookie.value,
    ask: async () => {
      next += 1;
      cookie.value = `asked-${String(next)}`;
    },
  };
  let sends = 0;
  const answer = await sendWithXsrf('POST', async () => {
    sends += 1;
    return XSRF_403();
  }, source);
  expect(answer.status).toBe(403);
  expect(await answer.json()).toMatchObject({ errorCode: 'XSRF' });
  expect(sends).toBe(2);
  expect(next).toBe(1);
});

test('any other 403 (a cross-site refusal, a plain 403 without a body) is the answer at once, not repeated', async () => {
  const service = fakeService('held');
  for (const refusal of [new Response(JSON.stringify({ errorCode: 'CROSS_SITE' }), { status: 403 }), new Response('Forbidden', { status: 403 })]) {
    let sends = 0;
    const answer = await sendWithXsrf('POST', async () => {
      sends += 1;
      return refusal;
    }, service.source);
    expect([answer.status, sends]).toEqual([403, 1]);
  }
  expect(service.asks()).toBe(0);
});

test('a cookie request that fails lets the call go without the token (the service refuses it), and the next call asks again', async () => {
  let asks = 0;
  const source: XsrfSource = {
    cookie: () => null,
    ask: async () => {
      asks += 1;
      throw new TypeError('Failed to fetch');
    },
  };
  expect(await xsrfToken(null, source)).toBeNull();
  expect(await xsrfToken(null, source)).toBeNull();
  expect(asks).toBe(2);
});

test('a cookie call that never answers ends after its time-out: the waiting call goes on without a token', async () => {
  // The network here: a fetch that answers only when its signal aborts, as a service that hangs does.
  const realFetch = globalThis.fetch;
  const realDocument = (globalThis as { document?: unknown }).document;
  vi.useFakeTimers();
  globalThis.fetch = (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => { reject(init.signal?.reason as Error); }));
  (globalThis as { document?: unknown }).document = { cookie: '' };
  try {
    let token: string | null | undefined;
    void xsrfToken().then((value) => { token = value; });
    await vi.advanceTimersByTimeAsync(XSRF_ASK_TIMEOUT_MS - 1);
    expect(token).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(token).toBeNull();
  } finally {
    vi.useRealTimers();
    globalThis.fetch = realFetch;
    (globalThis as { document?: unknown }).document = realDocument;
  }
});
