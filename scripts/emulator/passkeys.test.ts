import { request as httpRequest } from 'node:http';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { LOCKOUT_FAILURES } from './login-lockout.ts';
import { MAX_CHALLENGES_PER_CLIENT } from './passkey-store.ts';
import { SIGN_IN_RECORD } from './routes/siteminder.ts';
import { SoftwareAuthenticator } from './software-authenticator.ts';
import { startTestEmulator } from './test-server.ts';
import type { TestEmulator } from './test-server.ts';

const ORIGIN = 'https://portal.example';
const RP_ID = 'portal.example';
let clock = Date.parse('2026-11-22T12:00:00Z');
let api: TestEmulator;

beforeEach(async () => {
  clock = Date.parse('2026-11-22T12:00:00Z');
  api = await startTestEmulator({ now: () => clock, passkeys: { rpId: RP_ID, origins: [ORIGIN] } });
});
afterEach(async () => api.close());

type Options = { challenge: string; rpId?: string; user: { id: string; name: string; displayName: string }; rp: { id: string; name: string } };

async function signInWithPassword(user = 'jdoe', password = 'Summer#2026') {
  return api.request('POST', '/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q&TARGET=%2Fapps%2Fhome', { USER: user, PASSWRD: password, wl: 'nxn' }, { form: true });
}

/** jdoe signed in with a password and holding a passkey made by `authenticator`. */
async function enrol(authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID)) {
  await signInWithPassword();
  const options = await api.json<Options>('POST', '/portal-login-service/passkey/registration/options', {});
  expect(options.status).toBe(200);
  const created = await api.json('POST', '/portal-login-service/passkey/registration/verify', { credential: authenticator.register(options.body), conditional: false });
  expect(created.status).toBe(201);
  await api.request('GET', '/login/logout.html');
  return authenticator;
}

async function requestOptions() {
  const options = await api.json<{ challenge: string; rpId: string; userVerification: string; allowCredentials: unknown[] }>('POST', '/portal-login-service/public/passkey/authentication/options', { wl: 'nxn' });
  expect(options.status).toBe(200);
  return options.body;
}

function verify(credential: unknown, TARGET = '/apps/home?x=1') {
  return api.json<{ redirect?: string; code?: string; message?: string }>('POST', '/portal-login-service/public/passkey/authentication/verify', { wl: 'nxn', SMQUERYDATA: 'q', TARGET, credential });
}

describe('registration', () => {
  test('needs a session, and gives options for the signed-in user with an opaque handle', async () => {
    const refused = await api.json('POST', '/portal-login-service/passkey/registration/options', {});
    expect(refused).toMatchObject({ status: 401, body: { code: 'NO_SESSION' } });
    await signInWithPassword();
    const { body } = await api.json<Options & { authenticatorSelection: Record<string, string>; attestation: string; excludeCredentials: unknown[] }>('POST', '/portal-login-service/passkey/registration/options', {});
    expect(body.rp).toEqual({ id: RP_ID, name: 'NXN Investor Services' });
    expect(body.user.name).toBe('jdoe');
    expect(body.user.displayName).toBe('John Doe');
    expect(Buffer.from(body.user.id, 'base64url').toString('utf8')).not.toContain('jdoe');
    expect(Buffer.from(body.challenge, 'base64url')).toHaveLength(32);
    expect(body.authenticatorSelection.residentKey).toBe('required');
    expect(body.attestation).toBe('none');
    expect(body.excludeCredentials).toEqual([]);
  });

  test('stores the passkey, lists it and excludes it from the next registration', async () => {
    const authenticator = await enrol();
    await signInWithPassword();
    const list = await api.json<Array<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }>>('GET', '/portal-login-service/passkey/credentials');
    expect(list.body).toEqual([{ id: authenticator.id, name: 'Passkey', createdAt: '2026-11-22T12:00:00.000Z', lastUsedAt: null }]);
    const next = await api.json<{ excludeCredentials: Array<{ id: string }> }>('POST', '/portal-login-service/passkey/registration/options', {});
    expect(next.body.excludeCredentials.map((entry) => entry.id)).toEqual([authenticator.id]);
    const inspected = await api.json<Array<Record<string, unknown>>>('GET', '/__emulator/passkeys');
    expect(inspected.body).toEqual([expect.objectContaining({ userId: 'jdoe', id: authenticator.id, rpId: RP_ID, createdAt: '2026-11-22T12:00:00.000Z', lastUsedAt: null, backupEligible: true, backedUp: true })]);
    await api.request('POST', '/__emulator/reset');
    expect((await api.json<unknown[]>('GET', '/__emulator/passkeys')).body).toEqual([]);
  });

  test('refuses a registration from an origin that is not allowed', async () => {
    await signInWithPassword();
    const options = await api.json<Options>('POST', '/portal-login-service/passkey/registration/options', {});
    const credential = new SoftwareAuthenticator(ORIGIN, RP_ID).register(options.body, { origin: 'https://portal.example.evil' });
    const created = await api.json('POST', '/portal-login-service/passkey/registration/verify', { credential, conditional: false });
    expect(created).toMatchObject({ status: 400, body: { code: 'PASSKEY_REJECTED' } });
    expect((await api.json<unknown[]>('GET', '/__emulator/passkeys')).body).toEqual([]);
  });
});

describe('sign-in', () => {
  test('options: a fresh 32-byte challenge, the RP ID, user verification required, no allowCredentials', async () => {
    const first = await requestOptions();
    const second = await requestOptions();
    expect(first).toMatchObject({ rpId: RP_ID, userVerification: 'required', allowCredentials: [] });
    expect(Buffer.from(first.challenge, 'base64url')).toHaveLength(32);
    expect(second.challenge).not.toBe(first.challenge);
  });

  test('a good assertion signs in to TARGET with the password sign-in\'s session, counted and recorded as a passkey', async () => {
    const authenticator = await enrol();
    const answer = await api.request('POST', '/portal-login-service/public/passkey/authentication/verify', { wl: 'nxn', SMQUERYDATA: 'q', TARGET: '/apps/home?x=1', credential: authenticator.assert(await requestOptions()) });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ redirect: '/apps/home?x=1' });
    expect(answer.headers.getSetCookie().join()).toMatch(/SMSESSION=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    const home = await api.request('GET', '/apps/home');
    expect(await home.text()).toContain('Signed in as jdoe');
    const [held] = (await api.json<Array<{ counter: number; lastUsedAt: string }>>('GET', '/__emulator/passkeys')).body;
    expect(held).toMatchObject({ counter: 1, lastUsedAt: '2026-11-22T12:00:00.000Z' });
    const stats = await api.json<{ records: Array<{ endpoint: string; payload: unknown }> }>('GET', '/__emulator/stats');
    expect(stats.body.records.filter((record) => record.endpoint === SIGN_IN_RECORD).map((record) => record.payload)).toEqual([
      { userId: 'jdoe', wl: 'nxn', method: 'password' }, { userId: 'jdoe', wl: 'nxn', method: 'passkey' },
    ]);
  });

  test('keeps TARGET same-origin', async () => {
    const authenticator = await enrol();
    const answer = await verify(authenticator.assert(await requestOptions()), '//evil.example/x');
    expect(answer).toEqual({ status: 200, body: { redirect: '/apps/home' } });
  });

  test('refuses an assertion from another origin (a phishing site relaying the ceremony)', async () => {
    const authenticator = await enrol();
    const answer = await verify(authenticator.assert(await requestOptions(), { origin: 'https://portal-example.evil' }));
    expect(answer).toMatchObject({ status: 401, body: { code: 'PASSKEY_REJECTED' } });
    expect(answer.body.message).toMatch(/origin/i);
  });

  test('refuses an assertion for another RP ID', async () => {
    const authenticator = await enrol();
    const answer = await verify(authenticator.assert(await requestOptions(), { rpId: 'evil.example' }));
    expect(answer).toMatchObject({ status: 401, body: { code: 'PASSKEY_REJECTED' } });
    expect(answer.body.message).toMatch(/RP ID/i);
  });

  test('refuses a replayed assertion: the challenge is single use', async () => {
    const authenticator = await enrol();
    const assertion = authenticator.assert(await requestOptions());
    expect((await verify(assertion)).status).toBe(200);
    const replay = await verify(assertion);
    expect(replay).toMatchObject({ status: 401, body: { code: 'PASSKEY_REJECTED', message: 'challenge not issued, already used or expired' } });
  });

  test('refuses a challenge the service never issued', async () => {
    const authenticator = await enrol();
    const answer = await verify(authenticator.assert({ challenge: Buffer.alloc(32, 7).toString('base64url') }));
    expect(answer).toMatchObject({ status: 401, body: { code: 'PASSKEY_REJECTED', message: 'challenge not issued, already used or expired' } });
  });

  test('refuses an expired challenge (2 minutes)', async () => {
    const authenticator = await enrol();
    const options = await requestOptions();
    clock += 2 * 60 * 1000;
    const answer = await verify(authenticator.assert(options));
    expect(answer).toMatchObject({ status: 401, body: { code: 'PASSKEY_REJECTED', message: 'challenge not issued, already used or expired' } });
    // One second less is still good.
    const fresh = await requestOptions();
    clock += 2 * 60 * 1000 - 1000;
    expect((await verify(authenticator.assert(fresh))).status).toBe(200);
  });

  test('refuses an assertion without user verification', async () => {
    const authenticator = await enrol();
    const answer = await verify(authenticator.assert(await requestOptions(), { userVerified: false }));
    expect(answer).toMatchObject({ status: 401, body: { code: 'PASSKEY_REJECTED' } });
    expect(answer.body.message).toMatch(/user could not be verified/i);
  });

  test('refuses an assertion whose user handle is not the passkey\'s', async () => {
    const authenticator = await enrol();
    const other = await api.json<Options>('POST', '/portal-login-service/public/passkey/authentication/options', { wl: 'nxn' });
    const answer = await verify(authenticator.assert(other.body, { userHandle: Buffer.alloc(32, 1).toString('base64url') }));
    expect(answer).toMatchObject({ status: 401, body: { code: 'PASSKEY_REJECTED', message: 'user handle is not the passkey\'s' } });
    expect((await verify(authenticator.assert(await requestOptions(), { userHandle: null }))).status).toBe(401);
  });

  test('refuses a forged signature', async () => {
    const authenticator = await enrol();
    const credential = authenticator.assert(await requestOptions()) as { response: { signature: string } };
    const other = new SoftwareAuthenticator(ORIGIN, RP_ID);
    credential.response.signature = (other.assert({ challenge: 'x' }) as { response: { signature: string } }).response.signature;
    expect(await verify(credential)).toMatchObject({ status: 401, body: { code: 'PASSKEY_REJECTED' } });
  });

  test('names a passkey the service does not hold (removed)', async () => {
    const authenticator = await enrol();
    await signInWithPassword();
    expect((await api.request('DELETE', `/portal-login-service/passkey/credentials/${authenticator.id}`)).status).toBe(204);
    const answer = await verify(authenticator.assert(await requestOptions()));
    expect(answer).toMatchObject({ status: 401, body: { code: 'PASSKEY_UNKNOWN' } });
  });

  test('refuses a user the login lockout locked', async () => {
    const authenticator = await enrol();
    for (let index = 0; index < LOCKOUT_FAILURES; index += 1) await signInWithPassword('jdoe', 'Wrong#0000');
    const answer = await verify(authenticator.assert(await requestOptions()));
    expect(answer).toMatchObject({ status: 401, body: { code: 'ACCOUNT_LOCKED' } });
  });

  test('a malformed body is 400 naming the field', async () => {
    const answer = await api.json('POST', '/portal-login-service/public/passkey/authentication/verify', { wl: 'nxn', SMQUERYDATA: 'q', TARGET: '/', credential: { id: 'a', rawId: 'a', type: 'password', response: {} } });
    expect(answer).toMatchObject({ status: 400, body: { field: 'credential.type' } });
  });
});

/** Another browser on another address: its own cookies (none to start with), its own X-Forwarded-For (the test server trusts loopback). */
function otherBrowser(address: string) {
  const cookies = new Map<string, string>([['XSRF-TOKEN', 'other']]);
  return async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${api.base}${path}`, {
      method, redirect: 'manual', ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'x-xsrf-token': 'other', 'content-type': 'application/json', 'x-forwarded-for': address },
    });
    for (const line of response.headers.getSetCookie()) {
      const [name = '', value = ''] = (line.split(';')[0] ?? '').split('=');
      cookies.set(name, value);
    }
    return { status: response.status, setCookie: response.headers.getSetCookie().join(), body: (await response.json().catch(() => ({}))) as Record<string, unknown> & { challenge: string } };
  };
}

describe('challenges bound to the browser, bounded per client', () => {
  test('the options call sets an HttpOnly cookie; a challenge verified from another browser is refused', async () => {
    const authenticator = await enrol();
    const elsewhere = otherBrowser('198.51.100.4');
    const answer = await elsewhere('POST', '/portal-login-service/public/passkey/authentication/options', { wl: 'nxn' });
    expect(answer.setCookie).toMatch(/^PASSKEYBROWSER=[\w-]+; Path=\/; HttpOnly; SameSite=Strict$/);
    // The challenge went to that browser; this one (its own cookie) cannot use it.
    const stolen = await verify(authenticator.assert(answer.body));
    expect(stolen).toMatchObject({ status: 401, body: { code: 'PASSKEY_REJECTED', message: 'challenge not issued, already used or expired' } });
  });

  test('a flood of options calls from one client leaves another client\'s challenge valid, and bounds the flooder', async () => {
    const authenticator = await enrol();
    const mine = await requestOptions();
    const flooder = otherBrowser('203.0.113.9');
    const first = await flooder('POST', '/portal-login-service/public/passkey/authentication/options', { wl: 'nxn' });
    for (let index = 0; index < MAX_CHALLENGES_PER_CLIENT; index += 1) {
      expect((await flooder('POST', '/portal-login-service/public/passkey/authentication/options', { wl: 'nxn' })).status).toBe(200);
    }
    expect((await verify(authenticator.assert(mine))).status).toBe(200);
    // The flooder's own oldest went: it holds at most its bound.
    const pushedOut = await flooder('POST', '/portal-login-service/public/passkey/authentication/verify', { wl: 'nxn', SMQUERYDATA: 'q', TARGET: '/', credential: authenticator.assert(first.body) });
    expect(pushedOut).toMatchObject({ status: 401, body: { message: 'challenge not issued, already used or expired' } });
  });
});

describe('when a passkey may be added, removed or renamed', () => {
  async function registrationOptions() {
    const options = await api.json<Options>('POST', '/portal-login-service/passkey/registration/options', {});
    expect(options.status).toBe(200);
    return options.body;
  }
  const register = (credential: unknown, conditional: boolean) => api.json<{ code?: string; name?: string }>('POST', '/portal-login-service/passkey/registration/verify', { credential, conditional });

  test('the automatic upgrade without user presence or verification is kept right after a password sign-in, once', async () => {
    await signInWithPassword();
    const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
    const kept = await register(authenticator.register(await registrationOptions(), { userPresent: false, userVerified: false }), true);
    expect(kept).toMatchObject({ status: 201, body: { name: 'Passkey' } });
    const again = await register(new SoftwareAuthenticator(ORIGIN, RP_ID).register(await registrationOptions(), { userPresent: false, userVerified: false }), true);
    expect(again).toMatchObject({ status: 401, body: { code: 'REAUTH_REQUIRED' } });
    // It signs in like any passkey.
    await api.request('GET', '/login/logout.html');
    expect((await verify(authenticator.assert(await requestOptions()))).status).toBe(200);
  });

  test('the automatic upgrade is refused six minutes after the password sign-in, and after a passkey sign-in', async () => {
    await signInWithPassword();
    const options = await registrationOptions();
    clock += 6 * 60 * 1000;
    const late = await register(new SoftwareAuthenticator(ORIGIN, RP_ID).register(options, { userPresent: false, userVerified: false }), true);
    expect(late).toMatchObject({ status: 401, body: { code: 'REAUTH_REQUIRED' } });
    const authenticator = await enrol();
    expect((await verify(authenticator.assert(await requestOptions()))).status).toBe(200);
    const afterPasskey = await register(new SoftwareAuthenticator(ORIGIN, RP_ID).register(await registrationOptions(), { userPresent: false, userVerified: false }), true);
    expect(afterPasskey).toMatchObject({ status: 401, body: { code: 'REAUTH_REQUIRED' } });
    expect((await api.json<unknown[]>('GET', '/__emulator/passkeys')).body).toHaveLength(1);
  });

  test('a registration that is not the upgrade needs user presence and verification', async () => {
    await signInWithPassword();
    const refused = await register(new SoftwareAuthenticator(ORIGIN, RP_ID).register(await registrationOptions(), { userPresent: false, userVerified: false }), false);
    expect(refused).toMatchObject({ status: 400, body: { code: 'PASSKEY_REJECTED' } });
  });

  test('registration, removal and rename within 10 minutes of the sign-in; later REAUTH_REQUIRED', async () => {
    await signInWithPassword();
    const authenticator = new SoftwareAuthenticator(ORIGIN, RP_ID);
    clock += 10 * 60 * 1000 - 1000;
    expect((await register(authenticator.register(await registrationOptions()), false)).status).toBe(201);
    const path = `/portal-login-service/passkey/credentials/${authenticator.id}`;
    const renamed = await api.json('PATCH', path, { name: '  Work laptop ' });
    expect(renamed).toMatchObject({ status: 200, body: { id: authenticator.id, name: 'Work laptop', lastUsedAt: null } });
    clock += 1000;
    const lateOptions = await registrationOptions();
    expect(await register(new SoftwareAuthenticator(ORIGIN, RP_ID).register(lateOptions), false)).toMatchObject({ status: 401, body: { code: 'REAUTH_REQUIRED' } });
    expect(await api.json('PATCH', path, { name: 'Phone' })).toMatchObject({ status: 401, body: { code: 'REAUTH_REQUIRED' } });
    expect(await api.json('DELETE', path)).toMatchObject({ status: 401, body: { code: 'REAUTH_REQUIRED' } });
    // A new sign-in opens the window again.
    await signInWithPassword();
    expect((await api.request('DELETE', path)).status).toBe(204);
  });

  test('a rename needs a name of 1 to 64 characters', async () => {
    const authenticator = await enrol();
    await signInWithPassword();
    const path = `/portal-login-service/passkey/credentials/${authenticator.id}`;
    expect(await api.json('PATCH', path, { name: ' ' })).toMatchObject({ status: 400, body: { field: 'name' } });
    expect(await api.json('PATCH', path, { name: 'x'.repeat(65) })).toMatchObject({ status: 400, body: { field: 'name' } });
    expect((await api.json('PATCH', path, { name: 'x'.repeat(64) })).status).toBe(200);
  });
});

describe('the offer after a password sign-in', () => {
  test('goes by the offer page until the user has a passkey or declined, for 30 days', async () => {
    let login = await signInWithPassword();
    expect(login.headers.get('location')).toBe('/app/nxn/passkey?TARGET=%2Fapps%2Fhome');
    expect((await api.request('POST', '/portal-login-service/passkey/offer/decline')).status).toBe(204);
    login = await signInWithPassword();
    expect(login.headers.get('location')).toBe('/apps/home');
    clock += 30 * 24 * 3600 * 1000;
    login = await signInWithPassword();
    expect(login.headers.get('location')).toBe('/app/nxn/passkey?TARGET=%2Fapps%2Fhome');
    await api.request('GET', '/login/logout.html');
    await enrol();
    login = await signInWithPassword();
    expect(login.headers.get('location')).toBe('/apps/home');
  });
});

describe('loopback default', () => {
  test('the RP ID is the page\'s host only where a loopback origin is allowed', async () => {
    const loopback = await startTestEmulator({ now: () => clock, passkeys: {} });
    try {
      const options = await loopback.json<{ rpId: string }>('POST', '/portal-login-service/public/passkey/authentication/options', { wl: 'nxn' });
      expect(options.body.rpId).toBe('127.0.0.1');
    } finally {
      await loopback.close();
    }
    const elsewhere = await api.json('POST', '/portal-login-service/public/passkey/authentication/options', { wl: 'nxn' });
    expect(elsewhere.body).toMatchObject({ rpId: RP_ID });
  });

  test('refuses a host that is not loopback, and an origin that is not loopback', async () => {
    const loopback = await startTestEmulator({ now: () => clock, passkeys: {} });
    try {
      // Another name for this server (a DNS name pointed at it): no RP ID of its own, whatever its Host says.
      const port = new URL(loopback.base).port;
      const foreign = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sent = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/portal-login-service/public/passkey/authentication/options', headers: { host: `portal.example:${port}`, cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', 'content-type': 'application/json' } }, (answer) => {
          let body = '';
          answer.on('data', (chunk: Buffer) => { body += chunk.toString(); });
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
        });
        sent.on('error', reject);
        sent.end(JSON.stringify({ wl: 'nxn' }));
      });
      expect(foreign.status).toBe(403);
      expect(JSON.parse(foreign.body)).toMatchObject({ code: 'PASSKEY_REJECTED' });
      // A loopback page's passkey, but the client data names a site elsewhere (a relayed ceremony): refused, at registration and at sign-in.
      const origin = loopback.base;
      await loopback.request('POST', '/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q&TARGET=%2Fapps%2Fhome', { USER: 'jdoe', PASSWRD: 'Summer#2026', wl: 'nxn' }, { form: true });
      const authenticator = new SoftwareAuthenticator(origin, '127.0.0.1');
      const relayed = await loopback.json('POST', '/portal-login-service/passkey/registration/verify', {
        credential: authenticator.register((await loopback.json<Options>('POST', '/portal-login-service/passkey/registration/options', {})).body, { origin: 'https://evil.example' }), conditional: false,
      });
      expect(relayed).toMatchObject({ status: 400, body: { code: 'PASSKEY_REJECTED' } });
      const created = await loopback.json('POST', '/portal-login-service/passkey/registration/verify', { credential: authenticator.register((await loopback.json<Options>('POST', '/portal-login-service/passkey/registration/options', {})).body), conditional: false });
      expect(created.status).toBe(201);
      const options = (await loopback.json<Options>('POST', '/portal-login-service/public/passkey/authentication/options', { wl: 'nxn' })).body;
      const signIn = await loopback.json<{ code?: string; message?: string }>('POST', '/portal-login-service/public/passkey/authentication/verify', { wl: 'nxn', SMQUERYDATA: 'q', TARGET: '/', credential: authenticator.assert(options, { origin: 'http://evil.example' }) });
      expect(signIn).toMatchObject({ status: 401, body: { code: 'PASSKEY_REJECTED' } });
      expect(signIn.body.message).toMatch(/origin/i);
    } finally {
      await loopback.close();
    }
  });
});
