import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { inspectionEnabled } from './routes/inspection.ts';
import { request as httpRequest } from 'node:http';
import { clientAddress, isLoopbackAddress, requestTarget } from './http-utils.ts';
import { startTestEmulator } from './test-server.ts';
import type { TestEmulator } from './test-server.ts';

// Issue 35, the emulator's half: inspection endpoints, lockout, per-client limits, WebOTP host, sessions.

const running: TestEmulator[] = [];
async function emulator(options: Parameters<typeof startTestEmulator>[0] = {}): Promise<TestEmulator> {
  // SiteMinder's own walk: a password sign-in goes to TARGET, not by the passkey offer (tested in passkeys.test.ts).
  const started = await startTestEmulator({ passkeyOffer: false, ...options });
  running.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((api) => api.close()));
});

describe('the inspection endpoints', () => {
  test('answer on loopback, and on any other address only when asked for', () => {
    for (const host of ['localhost', '127.0.0.1', '127.3.2.1', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackAddress(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'portal.example', '127.0.0.1.example']) expect(isLoopbackAddress(host), host).toBe(false);
    expect(inspectionEnabled('localhost', {})).toBe(true);
    expect(inspectionEnabled('0.0.0.0', {})).toBe(false);
    expect(inspectionEnabled('0.0.0.0', { EMULATOR_INSPECTION: 'on' })).toBe(true);
    expect(inspectionEnabled('127.0.0.1', { EMULATOR_INSPECTION: 'off' })).toBe(false);
  });

  test('are absent when off: every /__emulator path falls through to page not found', async () => {
    const api = await emulator({ inspection: false });
    for (const [method, path] of [['GET', '/__emulator/outbox'], ['GET', '/__emulator/stats'], ['POST', '/__emulator/reset'], ['POST', '/__emulator/users'], ['POST', '/__emulator/clock/advance']] as const) {
      const response = await fetch(`${api.base}${path}`, { method });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe('not an emulator path');
    }
  });

  test('refuse a request another site makes, an opaque origin (Origin: null) too', async () => {
    const api = await emulator();
    const host = new URL(api.base).host;
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: `http://${host}.evil.example` }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'not a url' }]) {
      for (const [method, path] of [['GET', '/__emulator/outbox'], ['POST', '/__emulator/reset'], ['POST', '/__emulator/users']] as const) {
        const response = await fetch(`${api.base}${path}`, { method, headers });
        expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(((await response.json()) as { errorCode: string }).errorCode).toBe('CROSS_SITE');
      }
    }
    // The page itself (same origin, or no Origin as curl and the tests send) still gets its answers.
    expect((await fetch(`${api.base}/__emulator/outbox`, { headers: { origin: api.base, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await fetch(`${api.base}/__emulator/outbox`)).status).toBe(200);
  });
});

/** One request with its path sent byte for byte (fetch would clean it), and its status and body. */
function rawRequest(base: string, method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, method, path, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      response.on('end', () => { resolve({ status: response.statusCode ?? 0, body }); });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('issue 40: paths as sent, and inspection only for a direct request', () => {
  test('a path a parser would read another way is none of the emulator\'s: `//` is no host, `\\` no `/`, no dot segment resolved', async () => {
    const api = await emulator();
    for (const path of ['//apps/__emulator/outbox', '/apps/..\\__emulator/outbox', '/apps/../__emulator/outbox', '/apps/%2e%2e/__emulator/outbox', '/apps/.%2e/__emulator/outbox', '//127.0.0.1/__emulator/outbox', '/__emulator/./outbox', '/x/..\\..\\__emulator/outbox']) {
      for (const method of ['GET', 'POST']) {
        const answer = await rawRequest(api.base, method, path);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body, `${method} ${path}`).toBe('not an emulator path');
      }
    }
    // A locked user stays locked after every spelling of the reset.
    for (let attempt = 0; attempt < 5; attempt += 1) await signIn(api, 'jdoe', 'Wrong#2026');
    for (const path of ['/login/..\\__emulator/reset', '//login/../__emulator/reset', '/login/%2e%2e/__emulator/reset']) await rawRequest(api.base, 'POST', path);
    expect(message(await signIn(api, 'jdoe', 'Summer#2026'))).toBe('Account Locked');
    expect((await rawRequest(api.base, 'GET', '/__emulator/outbox')).status).toBe(200);
  });

  test('refuse a request a proxy passed on, one naming another host (DNS rebinding), one from another address', async () => {
    const api = await emulator();
    const port = new URL(api.base).port;
    const proxied = [{ forwarded: 'for=192.0.2.1' }, { 'x-forwarded-for': '127.0.0.1' }, { 'x-forwarded-host': 'localhost' }, { 'x-forwarded-proto': 'http' }, { via: '1.1 nginx' }, { 'cf-connecting-ip': '127.0.0.1' }, { 'x-real-ip': '127.0.0.1' }, { 'x-nf-request-id': '1' }];
    const rebound = [{ host: `evil.example:${port}` }, { host: 'evil.example' }, { host: `127.0.0.1.evil.example:${port}` }, { host: `0.0.0.0:${port}` }];
    for (const headers of [...proxied, ...rebound]) {
      for (const [method, path] of [['GET', '/__emulator/outbox'], ['POST', '/__emulator/reset'], ['GET', '/__emulator/passkeys']] as const) {
        const answer = await rawRequest(api.base, method, path, headers);
        expect(answer.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(JSON.parse(answer.body), JSON.stringify(headers)).toMatchObject({ errorCode: 'CROSS_SITE', message: expect.stringContaining('only a direct request') as string });
      }
    }
    // The tests' own requests: straight to 127.0.0.1, localhost or [::1] by name.
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, 'localhost']) {
      expect((await rawRequest(api.base, 'GET', '/__emulator/outbox', { host })).status, host).toBe(200);
    }
    // Asked for on another address (EMULATOR_INSPECTION=on), any name and address go; a proxy never does.
    const before = process.env['EMULATOR_INSPECTION'];
    process.env['EMULATOR_INSPECTION'] = 'on';
    try {
      expect((await rawRequest(api.base, 'GET', '/__emulator/outbox', { host: 'portal-emulator:4321' })).status).toBe(200);
      expect((await rawRequest(api.base, 'GET', '/__emulator/outbox', { 'x-forwarded-for': '192.0.2.1' })).status).toBe(403);
    } finally {
      if (before === undefined) delete process.env['EMULATOR_INSPECTION'];
      else process.env['EMULATOR_INSPECTION'] = before;
    }
  });

  test('read the path as sent', () => {
    expect(requestTarget('//apps/x?y=1')?.pathname).toBe('//apps/x');
    expect(requestTarget('/apps/home?TARGET=%2Fapps%2F..%2Fx')?.searchParams.get('TARGET')).toBe('/apps/../x');
    for (const target of ['/apps/..\\x', '/apps/../x', '/a/%2E%2e/x', '/a/./x', 'apps/x', 'http://evil/x', undefined]) expect(requestTarget(target), String(target)).toBeUndefined();
  });
});

const signIn = (api: TestEmulator, user: string, password: string, from?: string) => api.request(
  'POST', '/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q', { USER: user, PASSWRD: password, wl: 'nxn' },
  { form: true, ...(from ? { headers: { 'x-forwarded-for': from } } : {}) },
);
const message = (response: Response) => new URL(response.headers.get('location') ?? '', 'http://x').searchParams.get('SMUSRMSG') ?? response.headers.get('location');
const changePassword = (api: TestEmulator, user: string, current: string, from?: string) => api.request(
  'POST', '/pw/forms/smpwservices.fcc?SMAUTHREASON=34&TARGET=%2Fapps%2Fhome', { USERNAME: user, PASSWORD: current, NEWPASSWORD: 'Brandnew#2027', CONFIRMPASSWORD: 'Brandnew#2027', wl: 'nxn' },
  { form: true, ...(from ? { headers: { 'x-forwarded-for': from } } : {}) },
);
const pwError = (response: Response) => new URL(response.headers.get('location') ?? '', 'http://x').searchParams.get('SMPWERR') ?? response.headers.get('location');

describe('the login lockout', () => {
  test('cannot be evicted by volume: 10,000 failed sign-ins with junk ids leave a locked user locked', async () => {
    const api = await emulator();
    for (let attempt = 0; attempt < 5; attempt += 1) await signIn(api, 'jdoe', 'Wrong#2026');
    expect(message(await signIn(api, 'jdoe', 'Summer#2026'))).toBe('Account Locked');
    // From 50 clients (behind the loopback proxy), 200 each: under every per-client limit, so each one counts.
    for (let batch = 0; batch < 200; batch += 1) {
      await Promise.all(Array.from({ length: 50 }, (_, client) => signIn(api, `junk${String(batch * 50 + client)}`, 'x', `198.51.100.${String(client + 1)}`)));
    }
    expect(message(await signIn(api, 'jdoe', 'Summer#2026', '203.0.113.9'))).toBe('Account Locked');
  }, 60_000);

  test('the password-change form is no password oracle: it shares the lockout and answers a locked id the same for any password', async () => {
    const api = await emulator();
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push(pwError(await changePassword(api, 'jdoe', `Wrong#${String(attempt)}`)));
    expect(answers).toEqual(['ISB_PASSVAL01', 'ISB_PASSVAL01', 'ISB_PASSVAL01', 'ISB_PASSVAL01', 'ACCOUNT_LOCKED']);
    // Locked by the form: sign-in refuses the right password, and the form answers it as it answers a wrong one.
    expect(message(await signIn(api, 'jdoe', 'Summer#2026'))).toBe('Account Locked');
    expect(pwError(await changePassword(api, 'jdoe', 'Summer#2026'))).toBe('ACCOUNT_LOCKED');
    expect(pwError(await changePassword(api, 'jdoe', 'Wrong#9'))).toBe('ACCOUNT_LOCKED');
    // Locked by sign-in: the form does not change the password either.
    const other = await emulator();
    for (let attempt = 0; attempt < 5; attempt += 1) await signIn(other, 'mstaff', 'Wrong#2026');
    expect(pwError(await changePassword(other, 'mstaff', 'Internal#Pass2026'))).toBe('ACCOUNT_LOCKED');
    expect(other.emulator.state.user('mstaff')?.password).toBe('Internal#Pass2026');
  });
});

describe('per-client limits', () => {
  test('sign-ins are limited per client: the 201st from one address is refused, another address goes on', async () => {
    const api = await emulator();
    for (let attempt = 0; attempt < 200; attempt += 1) await signIn(api, `spray${String(attempt)}`, 'Summer#2026', '198.51.100.7');
    expect(message(await signIn(api, 'jdoe', 'Summer#2026', '198.51.100.7'))).toBe('Too Many Attempts');
    expect(message(await signIn(api, 'jdoe', 'Summer#2026', '198.51.100.8'))).toBe('/apps/home');
  });

  test('count the forwarded address only behind a trusted proxy, else the connecting one', async () => {
    const api = await emulator();
    // Behind the loopback proxy (the default), two visitors are two clients.
    for (let attempt = 0; attempt < 100; attempt += 1) await changePassword(api, `u${String(attempt)}`, 'x', '203.0.113.1');
    expect(pwError(await changePassword(api, 'v', 'x', '203.0.113.1'))).toBe('TOO_MANY_REQUESTS');
    expect(pwError(await changePassword(api, 'v', 'x', '203.0.113.2'))).toBe('ISB_PASSVAL01');
    // With no trusted proxy, the header is the visitor's to choose: ignored, the socket counts.
    const before = process.env['EMULATOR_TRUSTED_PROXIES'];
    process.env['EMULATOR_TRUSTED_PROXIES'] = '';
    try {
      const direct = await emulator();
      for (let attempt = 0; attempt < 100; attempt += 1) await changePassword(direct, `u${String(attempt)}`, 'x', `203.0.113.${String(attempt)}`);
      expect(pwError(await changePassword(direct, 'v', 'x', '192.0.2.200'))).toBe('TOO_MANY_REQUESTS');
    } finally {
      if (before === undefined) delete process.env['EMULATOR_TRUSTED_PROXIES'];
      else process.env['EMULATOR_TRUSTED_PROXIES'] = before;
    }
  });

  test('read X-Forwarded-For from the right, past trusted hops, never a hop the visitor wrote before them', () => {
    const req = (remoteAddress: string, forwarded?: string) => ({ socket: { remoteAddress }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;
    expect(clientAddress(req('127.0.0.1', '203.0.113.5'))).toBe('203.0.113.5');
    expect(clientAddress(req('::ffff:127.0.0.1', '1.2.3.4, 203.0.113.5'))).toBe('203.0.113.5');
    expect(clientAddress(req('127.0.0.1', '1.2.3.4, 203.0.113.5, 10.0.0.2'), 'loopback,10.0.0.2')).toBe('203.0.113.5');
    expect(clientAddress(req('127.0.0.1'))).toBe('127.0.0.1');
    expect(clientAddress(req('192.0.2.7', '203.0.113.5'))).toBe('192.0.2.7');
    expect(clientAddress(req('127.0.0.1', '203.0.113.5'), '')).toBe('127.0.0.1');
    expect(clientAddress(req('10.0.0.2', '203.0.113.5'), '10.0.0.2')).toBe('203.0.113.5');
  });
});

describe('the WebOTP line', () => {
  type Auth = { transactionId: string; sessionId: string; cellPhone: string };
  async function smsLine(api: TestEmulator, headers: Record<string, string>): Promise<string | undefined> {
    const auth = (await (await api.request('POST', '/portal-login-service/public/fps/auth', { userId: 'jdoe', flow: 'FPS', devicePrint: 'fp' }, { headers })).json()) as Auth;
    const sent = await api.request('POST', '/portal-login-service/public/fps/generate-otp', {
      channel: 'sms', sessionId: auth.sessionId, transactionId: auth.transactionId, value: auth.cellPhone, flow: 'FPS', userId: 'jdoe',
    }, { headers });
    expect(sent.status).toBe(200);
    const outbox = (await (await fetch(`${api.base}/__emulator/outbox`)).json()) as { messages: Array<{ text: string; code: string }> };
    const sms = outbox.messages.at(-1);
    return sms?.text.endsWith(`#${sms.code}`) ? sms.text.split('\n').at(-1) : undefined;
  }

  test('names the configured host, never the Origin or Host of the request (a relaying phishing site)', async () => {
    const api = await emulator({ webOtpHost: 'portal.example.com' });
    expect(await smsLine(api, { origin: 'https://evil.example', host: 'evil.example' })).toMatch(/^@portal\.example\.com #\d{6}$/);
  });

  test('defaults to a loopback host, and EMULATOR_WEBOTP_HOST configures it per environment', async () => {
    const bare = await emulator({ webOtpHost: undefined });
    expect(await smsLine(bare, { origin: 'https://evil.example' })).toMatch(/^@localhost #\d{6}$/);
    process.env['EMULATOR_WEBOTP_HOST'] = 'login.bank.example';
    try {
      expect(await smsLine(bare, {})).toMatch(/^@login\.bank\.example #\d{6}$/);
    } finally {
      delete process.env['EMULATOR_WEBOTP_HOST'];
    }
  });
});

describe('sessions', () => {
  const signedIn = async (api: TestEmulator, headers: Record<string, string> = {}) => {
    const login = await api.request('POST', '/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q', { USER: 'jdoe', PASSWRD: 'Summer#2026', wl: 'nxn' }, { form: true, headers });
    return (login.headers.getSetCookie().find((line) => /^(?:__Host-)?SMSESSION=/.test(line)) ?? '').split(';')[0] ?? '';
  };
  const home = (api: TestEmulator, cookie: string, headers: Record<string, string> = {}) => fetch(`${api.base}/apps/home`, { headers: { cookie, ...headers }, redirect: 'manual' });

  test('end after 30 idle minutes, and 8 hours after sign-in however used', async () => {
    let clock = Date.parse('2026-11-22T12:00:00Z');
    const api = await emulator({ now: () => clock });
    const idle = await signedIn(api);
    clock += 29 * 60_000;
    expect((await home(api, idle)).status).toBe(200);
    clock += 30 * 60_000;
    expect((await home(api, idle)).status).toBe(302);
    const busy = await signedIn(api);
    for (let hour = 0; hour < 8 * 4 - 1; hour += 1) {
      clock += 15 * 60_000;
      expect((await home(api, busy)).status, `after ${String((hour + 1) * 15)} minutes`).toBe(200);
    }
    clock += 15 * 60_000;
    expect((await home(api, busy)).status).toBe(302);
    expect(api.emulator.state.sessions.size).toBe(0);
  });

  test('over TLS the session is __Host-SMSESSION, the only name read there', async () => {
    const api = await emulator();
    const tls = { 'x-forwarded-proto': 'https' };
    const session = await signedIn(api, tls);
    expect(session).toMatch(/^__Host-SMSESSION=./);
    expect((await home(api, session, tls)).status).toBe(200);
    // The same value under the plain name (one a sibling host or a plain-HTTP answer could have set) is no session there.
    expect((await home(api, session.replace('__Host-', ''), tls)).status).toBe(302);
  });

  test('a post with Origin: null is refused unless it is this site\'s own (Fetch Metadata, else the SameSite=Strict token cookie)', async () => {
    const api = await emulator();
    // A visitor of another site: no cookie of this one comes along (SameSite), and a browser without Fetch Metadata says nothing more.
    const post = (path: string, form: Record<string, string>, headers: Record<string, string>) =>
      fetch(`${api.base}${path}`, { method: 'POST', body: new URLSearchParams(form), headers, redirect: 'manual' });
    const login = { USER: 'jdoe', PASSWRD: 'Summer#2026', wl: 'nxn' };
    const change = { USERNAME: 'jdoe', PASSWORD: 'Summer#2026', NEWPASSWORD: 'Brandnew#2027', CONFIRMPASSWORD: 'Brandnew#2027' };
    for (const headers of [{ origin: 'null' }, { origin: 'null', 'sec-fetch-site': 'cross-site' }, { origin: 'null', 'sec-fetch-site': 'same-site' }, { origin: 'null', 'sec-fetch-site': 'none', cookie: 'XSRF-TOKEN=t' }]) {
      const refused = await post('/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q', login, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(refused.headers.getSetCookie().filter((line) => line.includes('SMSESSION'))).toEqual([]);
      expect((await post('/pw/forms/smpwservices.fcc', change, headers)).status, JSON.stringify(headers)).toBe(403);
    }
    // The portal's own form (its page's Referrer-Policy no-referrer makes the browser send Origin: null).
    expect((await post('/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q', login, { origin: 'null', 'sec-fetch-site': 'same-origin' })).headers.get('location')).toBe('/apps/home');
    expect((await post('/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q', login, { origin: 'null', cookie: 'XSRF-TOKEN=t' })).headers.get('location')).toBe('/apps/home');
  });
});
