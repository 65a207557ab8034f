// `npm run contract:check -- --service <origin> [--code-from "<command>"] [--user …]`: the calls' success and
// refusal cases run against any service (the emulator, a service team's own), each answer also checked against
// docs/api/openapi.json, printed as a table: call, case, expected, got, pass/fail. A passcode is read from the
// command `--code-from` names (its output's last 6-digit number; CONTRACT_CHECK_TO and CONTRACT_CHECK_CHANNEL say
// where it went), by default from the emulator's outbox. Cases that need the emulator's clock (a session older than
// 10 minutes) run only where `/__emulator/clock/advance` answers, and say so where it does not.
import { exec } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { parseArgs, promisify } from 'node:util';
import { PASSKEY_PATHS, PUBLIC_SERVICE_BASE } from '../../src/contract/service-paths.ts';
import { SITEMINDER_HOME, SITEMINDER_LOGIN_ACTION } from '../../src/contract/siteminder-paths.ts';
import { STATS_ENDPOINTS, USAGE_STORE_PATHS } from '../../src/contract/statistics-paths.ts';
import { OTP_ERR_003 } from '../../src/domain/error-codes.ts';
import { obfuscate } from '../../src/lib/obfuscation.ts';
import { XSRF_COOKIE, XSRF_HEADER, XSRF_PATH } from '../../src/lib/xsrf.ts';
import { ContractValidator } from './conformance.ts';

/** Who the cases sign in and recover as (the emulator's seeded `jdoe` by default). */
export interface CheckOptions {
  service: string;
  /** A shell command that prints the passcode; undefined: the emulator's outbox. */
  codeFrom?: string | undefined;
  user: string;
  password: string;
  /** A user whose id is locked: the passcode check answers `403 OTP_ERR_003` (the emulator's seeded `llocked`). */
  lockedUser: string;
  firstName: string;
  lastName: string;
  email: string;
  brand: string;
}

/** One row of the table. */
export interface CheckRow {
  call: string;
  /** The document's operation the case's answer was checked against (`POST /portal-login-service/public/fps/auth`). */
  operation?: string | undefined;
  case: string;
  expected: string;
  got: string;
  result: 'pass' | 'fail' | 'not run';
  /** Why it failed: the status or code, or where the answer breaks the document. */
  detail?: string;
}

const BASE = PUBLIC_SERVICE_BASE;
const DEVICE = 'fp_browser=contract-check&fp_display=1x1&fp_software=&fp_timezone=0&fp_language=en-US&fp_java=false&fp_cookie=true';

/** A browser's worth of cookies against one origin. */
class Visitor {
  readonly cookies = new Map<string, string>();
  private readonly service: string;

  constructor(service: string) {
    this.service = service;
  }

  async send(method: string, path: string, options: { json?: unknown; form?: Record<string, string>; xsrf?: boolean; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const token = this.cookies.get(XSRF_COOKIE);
    if ((options.xsrf ?? true) && token && method !== 'GET') headers[XSRF_HEADER.toLowerCase()] = token;
    if (this.cookies.size > 0) headers['cookie'] = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${this.service}${path}`, { method, headers, redirect: 'manual', ...(body === undefined ? {} : { body }) });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1);
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name] = value;
    });
    if (setCookies.length > 0) responseHeaders['set-cookie'] = setCookies.join(', ');
    return { method, url: path, requestHeaders: headers, requestBody: body ?? '', status: response.status, responseHeaders, responseBody: text };
  }

  /** The XSRF cookie, as a page gets it before its first non-GET call. */
  async arm(): Promise<void> {
    if (!this.cookies.has(XSRF_COOKIE)) await this.send('GET', XSRF_PATH);
  }
}

type Sent = Awaited<ReturnType<Visitor['send']>>;

/**
 * The fields a later case needs from an answer; none when the answer is no JSON object (a service's HTML error page):
 * the case that got it already fails, and the ones after it fail on their own answers instead of the run stopping.
 */
function fieldsOf<T extends Record<string, string | undefined>>(sent: Sent): Partial<T> {
  try {
    const value: unknown = JSON.parse(sent.responseBody);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

/** What an answer says in a word: its status and, for a refusal, its code; for a 302, where it goes. */
function summary(sent: Sent): string {
  if (sent.status >= 300 && sent.status < 400) {
    const location = sent.responseHeaders['location'] ?? '';
    const url = new URL(location, 'http://x.invalid');
    const said = ['SMUSRMSG', 'SMPWERR'].map((key) => url.searchParams.get(key)).find(Boolean);
    return `${String(sent.status)} ${url.pathname}${said ? ` ${said}` : ''}`;
  }
  try {
    const body = JSON.parse(sent.responseBody) as { code?: unknown; errorCode?: unknown };
    const code = body.code ?? body.errorCode;
    if (typeof code === 'string') return `${String(sent.status)} ${code}`;
  } catch {
    // not JSON: the status says it
  }
  return String(sent.status);
}

/** Runs every case and gives the table's rows. */
export async function runContractCheck(options: CheckOptions): Promise<CheckRow[]> {
  const validator = new ContractValidator();
  const rows: CheckRow[] = [];
  const service = options.service.replace(/\/+$/, '');
  /**
   * Records one case: `expected` is `status`, `status CODE` or `302 /path [MESSAGE]` (or several, any of which will
   * do); `got` must be it, or begin with it and a space (a status expected, a code got). The answer must also be as
   * the document says.
   */
  const record = (call: string, name: string, expected: string | readonly string[], sent: Sent) => {
    const got = summary(sent);
    const verdict = validator.check(sent);
    const allowed = typeof expected === 'string' ? [expected] : expected;
    const matches = allowed.some((one) => got === one || got.startsWith(`${one} `));
    const detail = [...(matches ? [] : [`got ${got}`]), ...verdict.problems].join('; ');
    rows.push({ call, operation: verdict.operation, case: name, expected: allowed.join(' or '), got, result: matches && verdict.problems.length === 0 ? 'pass' : 'fail', ...(detail ? { detail } : {}) });
    return sent;
  };
  const notRun = (call: string, name: string, expected: string, why: string) => rows.push({ call, case: name, expected, got: '-', result: 'not run', detail: why });
  const random = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

  // XSRF: a fresh visitor gets the cookie first; a call without the header is refused.
  const visitor = new Visitor(service);
  const token = record('GET /public/xsrf', 'a visitor without the cookie', '204', await visitor.send('GET', XSRF_PATH));
  if (!visitor.cookies.has(XSRF_COOKIE)) rows.push({ call: 'GET /public/xsrf', case: 'sets XSRF-TOKEN', expected: 'Set-Cookie XSRF-TOKEN', got: token.responseHeaders['set-cookie'] ?? '(none)', result: 'fail' });
  const auth = (userId: string) => ({ userId, flow: 'FPS', devicePrint: DEVICE });
  record('POST fps/auth', 'XSRF header missing', '403 XSRF', await visitor.send('POST', `${BASE}/fps/auth`, { json: auth(options.user), xsrf: false }));
  record('POST fps/auth', 'an XSRF header that is not the cookie\'s', '403 XSRF', await visitor.send('POST', `${BASE}/fps/auth`, { json: auth(options.user), xsrf: false, headers: { [XSRF_HEADER.toLowerCase()]: 'not-the-cookie' } }));
  record('POST fps/auth', 'a body over 64 KiB', '413 PAYLOAD_TOO_LARGE', await visitor.send('POST', `${BASE}/fps/auth`, { json: { ...auth(options.user), devicePrint: 'x'.repeat(70 * 1024) } }));
  record('POST fps/auth', 'bad input (no userId)', '400 BAD_REQUEST', await visitor.send('POST', `${BASE}/fps/auth`, { json: { flow: 'FPS', devicePrint: DEVICE } }));
  record('POST fps/auth', 'unknown user', '404 USER_NOT_FOUND', await visitor.send('POST', `${BASE}/fps/auth`, { json: auth(random('nobody')) }));
  const channels = record('POST fps/auth', options.user, '200', await visitor.send('POST', `${BASE}/fps/auth`, { json: auth(options.user) }));
  const transaction = fieldsOf<{ transactionId?: string; sessionId?: string; primaryEmail?: string }>(channels);
  const send = (value: string) => ({ channel: 'email', sessionId: transaction.sessionId ?? 'x', transactionId: transaction.transactionId ?? 'x', value, flow: 'FPS', userId: options.user });
  record('POST fps/generate-otp', 'a value that is not the channel\'s', '400 BAD_REQUEST', await visitor.send('POST', `${BASE}/fps/generate-otp`, { json: send(obfuscate('someone.else@example.com')) }));
  record('POST fps/generate-otp', 'e-mail', '200', await visitor.send('POST', `${BASE}/fps/generate-otp`, { json: send(transaction.primaryEmail ?? 'xxxx') }));
  record('POST fps/resend-otp', 'again within 30 s', '429 TOO_MANY_REQUESTS', await visitor.send('POST', `${BASE}/fps/resend-otp`, { json: send(transaction.primaryEmail ?? 'xxxx') }));
  const verify = (code: string) => ({ ...send(transaction.primaryEmail ?? 'xxxx'), devicePrint: DEVICE, otp: obfuscate(code) });
  const code = await passcode(options, service);
  record('POST fps/verify-otp', 'a wrong passcode', '400 OTP_INVALID', await visitor.send('POST', `${BASE}/fps/verify-otp`, { json: verify(code === '000000' ? '111111' : '000000') }));
  if (code) record('POST fps/verify-otp', 'the passcode sent', '200', await visitor.send('POST', `${BASE}/fps/verify-otp`, { json: verify(code) }));
  else notRun('POST fps/verify-otp', 'the passcode sent', '200', 'no passcode found (--code-from)');
  record('POST fps/verify-otp', 'a used passcode', '400 OTP_VOID', await visitor.send('POST', `${BASE}/fps/verify-otp`, { json: verify(code ?? '123456') }));
  // Never with a verified transaction: the service would replace the user's password with a temporary one.
  record('POST fps/email/{userId}', 'without a verified passcode', ['403 TRANSACTION_UNKNOWN', '404 TRANSACTION_UNKNOWN'], await visitor.send('POST', `${BASE}/fps/email/${encodeURIComponent(options.user)}`, { json: { transactionId: random('t') } }));
  // A locked id: the passcode check refuses it whatever the passcode (the page shows access denied).
  const lockedChannels = fieldsOf<{ transactionId?: string; sessionId?: string; primaryEmail?: string }>(await visitor.send('POST', `${BASE}/fps/auth`, { json: auth(options.lockedUser) }));
  record('POST fps/verify-otp', 'a locked user id', `403 ${OTP_ERR_003}`, await visitor.send('POST', `${BASE}/fps/verify-otp`, {
    json: { channel: 'email', sessionId: lockedChannels.sessionId ?? 'x', transactionId: lockedChannels.transactionId ?? 'x', value: lockedChannels.primaryEmail ?? 'xxxx', flow: 'FPS', userId: options.lockedUser, devicePrint: DEVICE, otp: obfuscate('000000') },
  }));

  record('GET uti/{userId}', options.user, '200', await visitor.send('GET', `${BASE}/uti/${encodeURIComponent(options.user)}`));
  record('GET uti/{userId}', 'unknown user', '404 USER_NOT_FOUND', await visitor.send('GET', `${BASE}/uti/${random('nobody')}`));
  record('POST fuid/lookup', 'bad input (no lastName)', '400 BAD_REQUEST', await visitor.send('POST', `${BASE}/fuid/lookup`, { json: { firstName: options.firstName, emailId: options.email } }));
  record('POST fuid/lookup', 'unknown user', '404 USER_NOT_FOUND', await visitor.send('POST', `${BASE}/fuid/lookup`, { json: { firstName: 'No', lastName: 'Body', emailId: `${random('nobody')}@example.com` } }));
  const found = record('POST fuid/lookup', `${options.firstName} ${options.lastName}`, '200', await visitor.send('POST', `${BASE}/fuid/lookup`, { json: { firstName: options.firstName, lastName: options.lastName, emailId: options.email.toUpperCase() } }));
  const { principalId = 'x' } = fieldsOf<{ principalId?: string }>(found);
  record('POST uti/decrypt', 'the principal found', '200', await visitor.send('POST', `${BASE}/uti/decrypt`, { json: { identifier: principalId } }));
  record('POST uti/decrypt', 'an unknown identifier', '404 USER_NOT_FOUND', await visitor.send('POST', `${BASE}/uti/decrypt`, { json: { identifier: random('i') } }));
  record('POST /change', 'the principal found', '200', await visitor.send('POST', `${BASE}/change`, { json: { principalId, emailId: options.email } }));
  record('POST fuid/emails', 'without a verified passcode', ['403 TRANSACTION_UNKNOWN', '404 TRANSACTION_UNKNOWN'], await visitor.send('POST', `${BASE}/fuid/emails`, { json: { principalId, transactionId: random('t') } }));

  // Limits: one unknown id looked up until the service says to wait (20 per user per 15 minutes in the emulator).
  const flooded = random('flood');
  let last: Sent | undefined;
  for (let tries = 0; tries < 60; tries += 1) {
    last = await visitor.send('POST', `${BASE}/fps/auth`, { json: auth(flooded) });
    if (last.status === 429) break;
  }
  if (last) record('POST fps/auth', 'one id looked up until limited', '429 TOO_MANY_REQUESTS', last);

  // SiteMinder: the login form, its lockout and the password form.
  const login = (user: string, password: string, headers: Record<string, string> = {}) => visitor.send('POST', `${SITEMINDER_LOGIN_ACTION}?SMQUERYDATA=contract&TARGET=${encodeURIComponent(SITEMINDER_HOME)}`, {
    form: { SMENC: 'UTF-8', USER: user, PASSWRD: password, TARGET: SITEMINDER_HOME, BGTARGET: '', postpreservationdata: '', SUBMIT: 'Login', wl: options.brand }, headers,
  });
  record('POST ProcessLogin.fcc', 'a post from another site', '403 CROSS_SITE', await login(options.user, options.password, { origin: 'https://evil.example' }));
  record('POST ProcessLogin.fcc', 'wrong password', `302 /app/${options.brand}/login Invalid Credentials`, await login(options.user, `${options.password}x`));
  const locked = random('locked');
  for (let tries = 0; tries < 5; tries += 1) await login(locked, 'Wrong#2026');
  record('POST ProcessLogin.fcc', 'the 6th try after 5 wrong', `302 /app/${options.brand}/login Account Locked`, await login(locked, 'Wrong#2026'));
  record('POST smpwservices.fcc', 'a wrong current password', `302 /self-service/${options.brand}/fps-self-change-pw ISB_PASSVAL01`, await visitor.send('POST', `/pw/forms/smpwservices.fcc?SMAUTHREASON=34&TARGET=${encodeURIComponent(SITEMINDER_HOME)}&smagentname=nxnportal&uti=external&FTUF=N`, {
    form: { USERNAME: random('nobody'), PASSWORD: 'Wrong#2026', NEWPASSWORD: 'Another#2027x', CONFIRMPASSWORD: 'Another#2027x', wl: options.brand },
  }));
  record('GET /apps/home', 'no session', '302 /', await visitor.send('GET', SITEMINDER_HOME));

  // Passkeys: sign-in options and refusals without a session.
  const anonymous = new Visitor(service);
  await anonymous.arm();
  record('POST passkey/authentication/options', 'XSRF header missing', '403 XSRF', await anonymous.send('POST', PASSKEY_PATHS.authenticationOptions, { json: { wl: options.brand }, xsrf: false }));
  record('POST passkey/authentication/options', 'bad input (wl not a brand key)', '400 BAD_REQUEST', await anonymous.send('POST', PASSKEY_PATHS.authenticationOptions, { json: { wl: 'NOT A KEY' } }));
  const issued = record('POST passkey/authentication/options', 'options', '200', await anonymous.send('POST', PASSKEY_PATHS.authenticationOptions, { json: { wl: options.brand } }));
  const { challenge = '' } = fieldsOf<{ challenge?: string }>(issued);
  const assertion = (forChallenge: string) => ({
    wl: options.brand, SMQUERYDATA: 'contract', TARGET: SITEMINDER_HOME,
    credential: {
      id: random('c'), rawId: random('c'), type: 'public-key',
      response: {
        clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: forChallenge, origin: service })).toString('base64url'),
        authenticatorData: Buffer.alloc(37).toString('base64url'), signature: Buffer.alloc(70).toString('base64url'), userHandle: null,
      },
      clientExtensionResults: {},
    },
  });
  /** A registration for a challenge, its attestation not one an authenticator made. */
  const registration = (forChallenge: string) => ({
    conditional: false,
    credential: {
      id: random('c'), rawId: random('c'), type: 'public-key',
      response: {
        clientDataJSON: Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: forChallenge, origin: service })).toString('base64url'),
        attestationObject: Buffer.alloc(64).toString('base64url'),
      },
      clientExtensionResults: {},
    },
  });
  record('POST passkey/authentication/verify', 'a challenge never issued', '401 PASSKEY_REJECTED', await anonymous.send('POST', PASSKEY_PATHS.authenticationVerify, { json: assertion(randomBytes(32).toString('base64url')) }));
  record('POST passkey/authentication/verify', 'a passkey the service does not hold', '401 PASSKEY_UNKNOWN', await anonymous.send('POST', PASSKEY_PATHS.authenticationVerify, { json: assertion(challenge) }));
  record('POST passkey/registration/options', 'no session', '401 NO_SESSION', await anonymous.send('POST', PASSKEY_PATHS.registrationOptions, { json: {} }));
  record('POST passkey/registration/verify', 'no session', '401 NO_SESSION', await anonymous.send('POST', PASSKEY_PATHS.registrationVerify, { json: registration(randomBytes(32).toString('base64url')) }));
  record('GET passkey/credentials', 'no session', '401 NO_SESSION', await anonymous.send('GET', PASSKEY_PATHS.credentials));
  record('DELETE passkey/credentials/{id}', 'no session', '401 NO_SESSION', await anonymous.send('DELETE', `${PASSKEY_PATHS.credentials}/${random('c')}`));
  record('PATCH passkey/credentials/{id}', 'no session', '401 NO_SESSION', await anonymous.send('PATCH', `${PASSKEY_PATHS.credentials}/${random('c')}`, { json: { name: 'Laptop' } }));

  // Signed in: the session, then the signed-in passkey calls.
  record('POST ProcessLogin.fcc', options.user, [`302 ${SITEMINDER_HOME}`, `302 /app/${options.brand}/passkey`], await login(options.user, options.password));
  record('GET /apps/home', 'signed in', '200', await visitor.send('GET', SITEMINDER_HOME));
  const creation = record('POST passkey/registration/options', 'signed in', '200', await visitor.send('POST', PASSKEY_PATHS.registrationOptions, { json: {} }));
  const { challenge: creationChallenge = '' } = fieldsOf<{ challenge?: string }>(creation);
  record('POST passkey/registration/verify', 'an attestation that does not verify', '400 PASSKEY_REJECTED', await visitor.send('POST', PASSKEY_PATHS.registrationVerify, { json: registration(creationChallenge) }));
  record('GET passkey/credentials', 'signed in', '200', await visitor.send('GET', PASSKEY_PATHS.credentials));
  record('PATCH passkey/credentials/{id}', 'bad input (an empty name)', '400 BAD_REQUEST', await visitor.send('PATCH', `${PASSKEY_PATHS.credentials}/${random('c')}`, { json: { name: '' } }));
  record('PATCH passkey/credentials/{id}', 'a passkey not the user\'s', '404 NOT_FOUND', await visitor.send('PATCH', `${PASSKEY_PATHS.credentials}/${random('c')}`, { json: { name: 'Laptop' } }));
  record('DELETE passkey/credentials/{id}', 'a passkey not the user\'s', '404 NOT_FOUND', await visitor.send('DELETE', `${PASSKEY_PATHS.credentials}/${random('c')}`));
  record('POST passkey/offer/decline', 'signed in', '204', await visitor.send('POST', PASSKEY_PATHS.decline));
  const clock = await visitor.send('POST', '/__emulator/clock/advance', { json: { seconds: 11 * 60 } });
  if (clock.status === 200) {
    record('DELETE passkey/credentials/{id}', '11 minutes after the sign-in', '401 REAUTH_REQUIRED', await visitor.send('DELETE', `${PASSKEY_PATHS.credentials}/${random('c')}`));
    record('PATCH passkey/credentials/{id}', '11 minutes after the sign-in', '401 REAUTH_REQUIRED', await visitor.send('PATCH', `${PASSKEY_PATHS.credentials}/${random('c')}`, { json: { name: 'Laptop' } }));
  } else {
    for (const call of ['DELETE passkey/credentials/{id}', 'PATCH passkey/credentials/{id}']) notRun(call, '11 minutes after the sign-in', '401 REAUTH_REQUIRED', 'needs a session over 10 minutes old: the emulator\'s clock');
  }
  record('GET /login/logout.html', 'signed in', `302 /app/${options.brand}/logout`, await visitor.send('GET', '/login/logout.html'));

  // The metrics endpoints and the White Label groups.
  record('POST nxn-metrics/analytics/metrics', 'a record', '200', await visitor.send('POST', STATS_ENDPOINTS.metrics, { json: { statsType: 'NXN_USAGE_STATS', WL_KEY: options.brand } }));
  for (const [call, path] of [
    ['POST logDpStats/{eventName}', `${STATS_ENDPOINTS.stats}/contract-check`], ['POST app/pmg/nxn-metrics/analytics/', STATS_ENDPOINTS.loginAnalytics],
    ['POST DPMonitor/rest/v1/dpevents/', STATS_ENDPOINTS.digitalPulsePath], ['POST clickMonitor', STATS_ENDPOINTS.clickMonitor],
    ['POST httpUsageStatus/store', USAGE_STORE_PATHS[0]], ['POST stateUsageStatus/store', USAGE_STORE_PATHS[1]],
  ] as const) record(call, 'a record', '200', await visitor.send('POST', path, { json: { statsType: 'NXN_LOGIN_STATS', WL_KEY: options.brand } }));
  record('POST nxn-metrics/analytics/metrics', 'bad input (not JSON)', '400 BAD_REQUEST', await visitor.send('POST', STATS_ENDPOINTS.metrics, { json: undefined, headers: { 'content-type': 'application/json' } }));
  record('GET wlTestUrls', 'the groups', '200', await visitor.send('GET', '/nxn-service/public/wlTestUrls'));
  return rows;
}

/** The newest passcode sent to the user: from `--code-from`, else the emulator's outbox. */
async function passcode(options: CheckOptions, service: string): Promise<string | undefined> {
  if (options.codeFrom) {
    const { stdout } = await promisify(exec)(options.codeFrom, { encoding: 'utf8', env: { ...process.env, CONTRACT_CHECK_TO: options.email, CONTRACT_CHECK_CHANNEL: 'email' }, timeout: 60_000 });
    return [...stdout.matchAll(/\b\d{6}\b/g)].at(-1)?.[0];
  }
  const response = await fetch(`${service}/__emulator/outbox?to=${encodeURIComponent(options.email)}`);
  if (!response.ok) return undefined;
  const { messages } = (await response.json()) as { messages: Array<{ code: string | null }> };
  return messages.filter((message) => message.code).at(-1)?.code ?? undefined;
}

/** The rows as a text table, and a last line with the counts. */
export function formatTable(rows: readonly CheckRow[]): string {
  const columns = ['call', 'case', 'expected', 'got', 'result'] as const;
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => row[column].length)));
  const line = (cells: readonly string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(' | ').trimEnd();
  const failed = rows.filter((row) => row.result === 'fail');
  return [
    line(columns),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.map((row) => line(columns.map((column) => row[column]))),
    '',
    ...failed.map((row) => `FAIL ${row.call}, ${row.case}: ${row.detail ?? ''}`),
    ...rows.filter((row) => row.result === 'not run').map((row) => `not run: ${row.call}, ${row.case}: ${row.detail ?? ''}`),
    `${String(rows.filter((row) => row.result === 'pass').length)} passed, ${String(failed.length)} failed, ${String(rows.filter((row) => row.result === 'not run').length)} not run, of ${String(rows.length)} cases`,
  ].join('\n');
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      service: { type: 'string' }, 'code-from': { type: 'string' }, user: { type: 'string', default: 'jdoe' }, password: { type: 'string', default: 'Summer#2026' },
      'locked-user': { type: 'string', default: 'llocked' },
      'first-name': { type: 'string', default: 'John' }, 'last-name': { type: 'string', default: 'Doe' }, email: { type: 'string', default: 'john.doe@example.com' },
      brand: { type: 'string', default: 'nxn' },
    },
  });
  if (!values.service) {
    console.error('usage: npm run contract:check -- --service <origin> [--code-from "<command that prints the passcode>"] [--user ID --password P --first-name F --last-name L --email E] [--locked-user ID] [--brand wl]');
    process.exit(2);
  }
  try {
    const rows = await runContractCheck({
      service: values.service, codeFrom: values['code-from'], user: values.user, password: values.password, lockedUser: values['locked-user'],
      firstName: values['first-name'], lastName: values['last-name'], email: values.email, brand: values.brand,
    });
    console.log(formatTable(rows));
    process.exitCode = rows.some((row) => row.result === 'fail') ? 1 : 0;
  } catch (error) {
    // A service that does not answer (down, a wrong origin, TLS refused): one line saying so, not a stack trace.
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    console.error(`contract:check could not finish against ${values.service}: ${error instanceof Error ? error.message : String(error)}${cause}`);
    process.exitCode = 2;
  }
}
