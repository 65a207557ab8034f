import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { connect } from 'node:net';
import { SERVICE_PREFIXES } from '../../src/hosting/route-table.ts';

// Issue 40, shared by hostile-paths.spec.ts (the bundled server, nginx) and services.spec.ts (the static hosts'
// runtimes, in the file whose journeys share their emulator): spellings of a path that a host matched under a
// service prefix but that read another way behind it, and client addresses a visitor forges.

/** A spelling and what it must never do: read the outbox (GET) or reset the emulator (POST). */
const SPELLINGS: ReadonlyArray<readonly ['GET' | 'POST', string]> = [
  ['GET', '//apps/__emulator/outbox'], ['GET', '/apps/..\\__emulator/outbox'], ['GET', '/apps\\..\\__emulator/outbox'],
  ['GET', '/apps/%2e%2e%2f__emulator/outbox'], ['GET', '/apps/%2E%2E%2F__emulator/outbox'], ['GET', '/apps/..%2f__emulator/outbox'],
  ['GET', '/apps/..%5c__emulator/outbox'], ['GET', '/apps/%5c..%5c__emulator/outbox'], ['GET', '/apps/.%2e/__emulator/outbox'],
  ['GET', '/apps/%2e%2e/__emulator/outbox'], ['GET', '/apps/%252e%252e%252f__emulator/outbox'], ['GET', '/apps/..%252f__emulator/outbox'],
  ['GET', '/apps/..;/__emulator/outbox'], ['GET', '/apps/..%3b/__emulator/outbox'], ['GET', '/apps//..//__emulator/outbox'], ['GET', '/apps%2f..%2f__emulator/outbox'],
  ['GET', '/portal-login-service/..%2f__emulator/outbox'], ['GET', '/app/pmg/..%2f..%2f__emulator/outbox'], ['GET', '/login/%2e%2e%5c__emulator/outbox'],
  ['GET', '//127.0.0.1/__emulator/outbox'], ['GET', '/apps/%2f%2f127.0.0.1/__emulator/outbox'],
  ['POST', '/login/..\\__emulator/reset'], ['POST', '//login/../__emulator/reset'], ['POST', '/login/%2e%2e%2f__emulator/reset'],
  ['POST', '/login/..%5c__emulator/reset'], ['POST', '/pw/..%2f__emulator/reset'], ['POST', '/apps/%2e%2e/__emulator/reset'],
  // A prefix spelled with escapes: a host that matches its routes on the path as sent and its proxy on the decoded one
  // (netlify dev) runs no check on it, then proxies `/apps/../__emulator/outbox`.
  ['GET', '/%61pps/..%2f__emulator/outbox'], ['GET', '/a%70ps/%2e%2e%2f__emulator/outbox'], ['GET', '/%61%70%70%73%2f..%2f__emulator/outbox'],
  ['GET', '/app%2fpmg/..%2f..%2f__emulator/outbox'], ['GET', '/%70ortal-login-service/..%5c__emulator/outbox'], ['GET', '/%44PMonitor/%252e%252e%252f__emulator/outbox'],
  ['POST', '/%6Cogin/..%2f__emulator/reset'], ['POST', '/p%77/%2e%2e%2f__emulator/reset'],
];

/** One raw request (no client cleans the path), with its status and body; status 0 when the host closed. */
function rawRequest(port: number, method: string, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${String(port)}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    });
    let answer = Buffer.alloc(0);
    socket.setTimeout(15_000, () => socket.destroy(new Error(`${method} ${target}: no answer in 15 s`)));
    socket.on('data', (chunk: Buffer) => {
      answer = Buffer.concat([answer, chunk]);
      // Whole once the body is (some runtimes keep the connection open a while after Connection: close).
      const text = answer.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, end))?.[1];
      if (length === undefined ? /\r\n0\r\n\r\n$/.test(text) : Buffer.byteLength(text.slice(end + 4), 'latin1') >= Number(length)) socket.end();
    });
    const done = () => {
      const text = answer.toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0), body: text.split('\r\n\r\n').slice(1).join('\r\n\r\n') });
    };
    socket.on('close', done);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET') done();
      else reject(error);
    });
  });
}

const signIn = (request: APIRequestContext, url: string, user: string, headers: Record<string, string> = {}) => request.post(url, {
  form: { USER: user, PASSWRD: 'Wrong#2026', wl: 'nxn' }, headers, maxRedirects: 0,
});
const smusrmsg = (location: string | undefined) => new URL(location ?? '', 'http://x').searchParams.get('SMUSRMSG');

/**
 * The spellings a host must answer 400 itself when it has a refusal in front of its proxy (`refusesEscapes`): a
 * service prefix, as written or spelled with escapes (`/%61pps`: the path decoded once begins with it), then an
 * escaped slash, backslash, semicolon or percent, or a `..;` segment, which no runtime resolves before it matches the prefix.
 * (The emulator refuses its inspection to a proxied request anyway, so a host that lets these through would pass
 * the checks above; a real service path behind them would be reached.)
 */
const refusedByHost = (path: string) => SERVICE_PREFIXES.some((prefix) => decodeURIComponent(path).startsWith(prefix)) && /%2f|%5c|%25|%3b|\/\.\.;/i.test(path);

/**
 * Every spelling through the host at `port`: no answer carries the outbox (`"messages"`, there even when empty)
 * or a reset's `SUCCESS`, and a user locked at the emulator stays locked; with `refusesEscapes`, the host answers
 * the escaped ones 400 itself (refusedByHost). Returns each answer for the report.
 */
export async function spellingsReachNothing(request: APIRequestContext, port: number, emulatorBase: string, refusesEscapes = false): Promise<string[]> {
  expect((await request.post(`${emulatorBase}/__emulator/reset`)).ok()).toBe(true);
  for (let attempt = 0; attempt < 5; attempt += 1) await signIn(request, `${emulatorBase}/login/forms/bg/ProcessLogin.fcc`, 'jdoe');
  const lockedBefore = await request.post(`${emulatorBase}/login/forms/bg/ProcessLogin.fcc`, { form: { USER: 'jdoe', PASSWRD: 'Summer#2026', wl: 'nxn' }, maxRedirects: 0 });
  expect(smusrmsg(lockedBefore.headers()['location'])).toBe('Account Locked');
  const answers: string[] = [];
  for (const [method, path] of SPELLINGS) {
    const { status, body } = await rawRequest(port, method, path);
    answers.push(`${String(status)} ${method} ${path}`);
    expect(body, `${method} ${path}: ${String(status)}`).not.toMatch(/"messages"|"result":\s*"SUCCESS"/);
    expect(status, `${method} ${path}`).not.toBe(200);
    if (refusesEscapes && refusedByHost(path)) expect(status, `${method} ${path}: refused by the host, before its proxy`).toBe(400);
  }
  const lockedAfter = await request.post(`${emulatorBase}/login/forms/bg/ProcessLogin.fcc`, { form: { USER: 'jdoe', PASSWRD: 'Summer#2026', wl: 'nxn' }, maxRedirects: 0 });
  expect(smusrmsg(lockedAfter.headers()['location']), 'jdoe after every spelling of the reset').toBe('Account Locked');
  expect((await request.post(`${emulatorBase}/__emulator/reset`)).ok()).toBe(true);
  return answers;
}

/** Sign-ins a client may make in 15 minutes before SMUSRMSG=Too Many Attempts (scripts/emulator/rate-limits.ts). */
const SIGN_IN_LIMIT = 200;

/**
 * One visitor signing in through the host at `base`, every time with another forged X-Forwarded-For (and
 * Forwarded, X-Real-IP): the emulator behind still counts one client, so the 201st gets Too Many Attempts.
 * Resets the emulator after, so whoever signs in next is not refused.
 */
export async function forgedAddressesHitTheLimit(request: APIRequestContext, base: string, emulatorBase: string): Promise<void> {
  expect((await request.post(`${emulatorBase}/__emulator/reset`)).ok()).toBe(true);
  try {
    const messages: Array<string | null> = [];
    for (let batch = 0; batch < (SIGN_IN_LIMIT + 10) / 10; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => {
        const n = batch * 10 + index;
        const forged = `198.51.${String(Math.floor(n / 250))}.${String((n % 250) + 1)}`;
        return signIn(request, `${base}/login/forms/bg/ProcessLogin.fcc`, `forged${String(n)}`, { 'X-Forwarded-For': forged, Forwarded: `for=${forged}`, 'X-Real-IP': forged });
      }));
      messages.push(...answers.map((answer) => smusrmsg(answer.headers()['location'])));
    }
    expect(messages.filter((message) => message === 'Invalid Credentials')).toHaveLength(SIGN_IN_LIMIT);
    expect(messages.filter((message) => message === 'Too Many Attempts')).toHaveLength(10);
  } finally {
    await request.post(`${emulatorBase}/__emulator/reset`);
  }
}
