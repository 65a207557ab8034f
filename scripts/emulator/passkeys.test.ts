import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { LOCKOUT_FAILURES } from './login-lockout.ts';
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
});
