import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_LANGUAGE } from '../../../src/domain/languages.ts';
import { join } from 'node:path';
import {
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  authenticationOptionsRequestSchema, authenticationVerifyRequestSchema, passkeyRenameRequestSchema, registrationOptionsRequestSchema, registrationVerifyRequestSchema,
} from '../../../src/contract/passkeys.ts';
import { PASSKEY_PATHS } from '../../../src/contract/service-paths.ts';
import { SITEMINDER_HOME } from '../../../src/contract/siteminder-paths.ts';
import type { PasskeyCode, PasskeySummary } from '../../../src/contract/passkeys.ts';
import { clientAddress, cookieOf, decodeSegment, EmulatorHttpError, hostCookieName, readJson, safeTarget, sendJson, setCookieHeader, token } from '../http-utils.ts';
import type { LoginLockout } from '../login-lockout.ts';
import { passkeyName } from '../passkey-store.ts';
import type { StoredPasskey } from '../passkey-store.ts';
import type { EmulatorSession, EmulatorState } from '../state.ts';
import { sessionOf, startSession } from './siteminder.ts';

/**
 * Where passkeys may be used. The RP ID and the allowed origins are the environment's configuration, never
 * read from a request: a verifier that trusted the Host or Origin header would accept an assertion a phishing
 * site relayed, since the attacker writes those headers.
 */
export interface PasskeyConfig {
  /** The RP ID; undefined in MOCK: the page's host, accepted only when an allowed origin has that host. */
  rpId?: string;
  /** The exact origins allowed; undefined: loopback only (http or https on localhost, 127.0.0.1, [::1], any port). */
  origins?: readonly string[];
}

/** Reads the configuration from EMULATOR_PASSKEY_RP_ID and EMULATOR_PASSKEY_ORIGINS (comma-separated origins). */
export function passkeyConfigFromEnvironment(env: NodeJS.ProcessEnv = process.env): PasskeyConfig {
  const origins = env['EMULATOR_PASSKEY_ORIGINS']?.split(',').map((origin) => origin.trim()).filter(Boolean);
  const rpId = env['EMULATOR_PASSKEY_RP_ID']?.trim();
  return { ...(rpId ? { rpId } : {}), ...(origins && origins.length > 0 ? { origins } : {}) };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function originOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

function isLoopbackOrigin(origin: string): boolean {
  const url = originOf(origin);
  return url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname) && url.origin === origin;
}

/**
 * The cookie that binds a challenge to the browser that asked for it (design.md): HttpOnly, so no script of the
 * page or of anyone else can read or copy it, SameSite=Strict; `__Host-` over TLS (hostCookieName). Its value
 * names the browser; every challenge is issued to one, and a verify from another browser finds none.
 */
const BROWSER_COOKIE = 'PASSKEYBROWSER';

/** The automatic upgrade (a conditional create) only this soon after a password sign-in of the session, once. */
const UPGRADE_WINDOW_MS = 5 * 60 * 1000;
/** Any other registration, a removal or a rename only this soon after a sign-in of the session. */
const CHANGE_WINDOW_MS = 10 * 60 * 1000;

/** What the passkey routes need. */
export interface PasskeyContext {
  state: EmulatorState;
  now: () => number;
  lockout: LoginLockout;
  config: PasskeyConfig;
}

/** A refused passkey call: `{ code }` (design.md), with `errorCode` and `message` like the service's other refusals. */
class PasskeyRefusal extends Error {
  readonly status: number;
  readonly code: PasskeyCode;

  constructor(status: number, code: PasskeyCode, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** The RP ID this request is verified against (see PasskeyConfig). */
function rpIdFor(context: PasskeyContext, req: IncomingMessage): string {
  if (context.config.rpId) return context.config.rpId;
  const host = originOf(`http://${req.headers.host ?? ''}`)?.hostname ?? '';
  const allowed = context.config.origins
    ? context.config.origins.some((origin) => originOf(origin)?.hostname === host)
    : LOOPBACK_HOSTS.has(host);
  if (!allowed) throw new PasskeyRefusal(403, 'PASSKEY_REJECTED', `passkeys are not enabled on host ${host}`);
  return host;
}

/** The origins the client data may name: the configured list, or in the loopback default the loopback origin it names. */
function expectedOrigins(context: PasskeyContext, clientDataJSON: string): string[] {
  if (context.config.origins) return [...context.config.origins];
  const origin = clientDataOf(clientDataJSON)?.origin ?? '';
  return isLoopbackOrigin(origin) ? [origin] : [];
}

function clientDataOf(clientDataJSON: string): { challenge?: unknown; origin?: string } | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed) : undefined;
  } catch {
    return undefined;
  }
}

/** The challenge the client data carries, taken out of the service's store (single use); refused when not issued, used or lapsed. */
function takeChallenge(context: PasskeyContext, req: IncomingMessage, clientDataJSON: string, purpose: 'authentication' | 'registration', userId?: string): string {
  const challenge = clientDataOf(clientDataJSON)?.challenge;
  const browser = cookieOf(req, hostCookieName(req, BROWSER_COOKIE));
  const issued = typeof challenge === 'string' ? context.state.passkeys.consume(challenge, purpose, browser, context.now()) : undefined;
  if (typeof challenge !== 'string' || !issued || (userId !== undefined && issued.userId?.toLowerCase() !== userId.toLowerCase())) {
    throw new PasskeyRefusal(401, 'PASSKEY_REJECTED', 'challenge not issued, already used or expired');
  }
  return challenge;
}

/** The brand's display name for the authenticator's prompt (the default language's; the key when the brand is unknown). */
function brandName(wl: string): string {
  try {
    const config = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'brands', wl, 'brand.json'), 'utf8')) as { displayName?: string | Partial<Record<string, string>> };
    const name = config.displayName;
    return (typeof name === 'string' ? name : name?.[DEFAULT_LANGUAGE]) ?? wl;
  } catch {
    return wl;
  }
}

function requireSession(context: PasskeyContext, req: IncomingMessage): EmulatorSession {
  const session = sessionOf(context.state, req, context.now());
  if (!session) throw new PasskeyRefusal(401, 'NO_SESSION', 'sign in first');
  return session;
}

/**
 * A change (a registration, a removal, a rename) only within CHANGE_WINDOW_MS of the session's sign-in: a session
 * left open on a shared computer, or stolen, must not add a passkey of the thief's or remove the owner's.
 */
function requireRecentSignIn(context: PasskeyContext, session: EmulatorSession): void {
  if (context.now() - session.createdAt >= CHANGE_WINDOW_MS) throw new PasskeyRefusal(401, 'REAUTH_REQUIRED', 'sign in again first');
}

/**
 * Whether this conditional create may be kept without user presence or verification: the service's own record
 * says so (a password sign-in of this session less than UPGRADE_WINDOW_MS ago, no upgrade kept yet), never the
 * page's word. Anything else claiming `conditional` is refused: the page asked for what it may not have.
 */
function requireUpgradeWindow(context: PasskeyContext, session: EmulatorSession): void {
  if (session.method !== 'password' || session.upgraded || context.now() - session.createdAt >= UPGRADE_WINDOW_MS) {
    throw new PasskeyRefusal(401, 'REAUTH_REQUIRED', 'the automatic upgrade is only right after a password sign-in, once');
  }
}

/** This request's browser binding, made (and set as a cookie on the answer) when it has none yet. */
function browserOf(req: IncomingMessage, res: ServerResponse): string {
  const name = hostCookieName(req, BROWSER_COOKIE);
  const known = cookieOf(req, name);
  if (known && /^[A-Za-z0-9_-]{16,64}$/.test(known)) return known;
  const made = token(24);
  res.appendHeader('Set-Cookie', setCookieHeader(req, name, made, { httpOnly: true, sameSite: 'Strict' }));
  return made;
}

function summary(passkey: StoredPasskey): PasskeySummary {
  return { id: passkey.id, name: passkey.name, createdAt: new Date(passkey.createdAt).toISOString(), lastUsedAt: passkey.lastUsedAt === null ? null : new Date(passkey.lastUsedAt).toISOString() };
}

async function authenticationOptions(context: PasskeyContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  await readJson(req, authenticationOptionsRequestSchema);
  const rpId = rpIdFor(context, req);
  const challenge = context.state.passkeys.issue({ purpose: 'authentication', rpId, browser: browserOf(req, res) }, clientAddress(req), context.now());
  const options = await generateAuthenticationOptions({ rpID: rpId, challenge: Buffer.from(challenge, 'base64url'), userVerification: 'required', allowCredentials: [] });
  sendJson(res, 200, options);
}

async function authenticationVerify(context: PasskeyContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const body = await readJson(req, authenticationVerifyRequestSchema);
  const rpId = rpIdFor(context, req);
  const credential = body.credential as AuthenticationResponseJSON;
  const challenge = takeChallenge(context, req, credential.response.clientDataJSON, 'authentication');
  const passkey = context.state.passkeys.passkeys.get(credential.id);
  if (!passkey || passkey.rpId !== rpId) throw new PasskeyRefusal(401, 'PASSKEY_UNKNOWN', 'no such passkey');
  // A discoverable credential names its user: the handle must be the one this passkey was made for (WebAuthn
  // 7.2 step 6), or an authenticator's word could sign in as another user of the same key.
  if (credential.response.userHandle !== context.state.passkeys.handleOf(passkey.userId)) throw new PasskeyRefusal(401, 'PASSKEY_REJECTED', 'user handle is not the passkey\'s');
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: credential, expectedChallenge: challenge, expectedOrigin: expectedOrigins(context, credential.response.clientDataJSON), expectedRPID: rpId,
      credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: true,
    });
  } catch (error) {
    throw new PasskeyRefusal(401, 'PASSKEY_REJECTED', error instanceof Error ? error.message : 'assertion not verified');
  }
  if (!verification.verified) throw new PasskeyRefusal(401, 'PASSKEY_REJECTED', 'assertion not verified');
  // Checked after the assertion, so only the passkey's holder learns that the account is locked.
  if (context.lockout.isLocked(passkey.userId, context.now())) throw new PasskeyRefusal(401, 'ACCOUNT_LOCKED', 'the account is locked');
  const { authenticationInfo } = verification;
  passkey.counter = authenticationInfo.newCounter;
  passkey.backedUp = authenticationInfo.credentialBackedUp;
  passkey.lastUsedAt = context.now();
  const cookie = startSession(context.state, req, passkey.userId, body.wl, 'passkey', context.now());
  res.appendHeader('Set-Cookie', cookie);
  sendJson(res, 200, { redirect: safeTarget(body.TARGET, SITEMINDER_HOME) });
}

async function registrationOptions(context: PasskeyContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const session = requireSession(context, req);
  await readJson(req, registrationOptionsRequestSchema);
  const rpId = rpIdFor(context, req);
  const user = context.state.user(session.userId);
  const { passkeys } = context.state;
  const challenge = passkeys.issue({ purpose: 'registration', rpId, userId: session.userId, browser: browserOf(req, res) }, clientAddress(req), context.now());
  const options = await generateRegistrationOptions({
    rpName: brandName(session.wl), rpID: rpId, challenge: Buffer.from(challenge, 'base64url'),
    userID: Buffer.from(passkeys.handleOf(session.userId), 'base64url'), userName: session.userId,
    userDisplayName: user ? `${user.firstName} ${user.lastName}` : session.userId,
    attestationType: 'none',
    excludeCredentials: passkeys.ofUser(session.userId).map((passkey) => ({ id: passkey.id, transports: passkey.transports as AuthenticatorTransport[] })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  sendJson(res, 200, options);
}

async function registrationVerify(context: PasskeyContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const session = requireSession(context, req);
  const body = await readJson(req, registrationVerifyRequestSchema);
  const rpId = rpIdFor(context, req);
  const credential = body.credential as RegistrationResponseJSON;
  if (body.conditional) requireUpgradeWindow(context, session);
  else requireRecentSignIn(context, session);
  const challenge = takeChallenge(context, req, credential.response.clientDataJSON, 'registration', session.userId);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: credential, expectedChallenge: challenge, expectedOrigin: expectedOrigins(context, credential.response.clientDataJSON), expectedRPID: rpId,
      // A conditional create (the automatic upgrade right after a password sign-in, checked above from the
      // session's record) carries neither user presence nor user verification (WebAuthn L3, 5.1.3).
      requireUserPresence: !body.conditional, requireUserVerification: !body.conditional,
    });
  } catch (error) {
    throw new PasskeyRefusal(400, 'PASSKEY_REJECTED', error instanceof Error ? error.message : 'registration not verified');
  }
  const info = verification.registrationInfo;
  if (!verification.verified || !info) throw new PasskeyRefusal(400, 'PASSKEY_REJECTED', 'registration not verified');
  if (context.state.passkeys.passkeys.has(info.credential.id)) throw new PasskeyRefusal(400, 'PASSKEY_REJECTED', 'passkey already registered');
  const passkey: StoredPasskey = {
    id: info.credential.id, userId: session.userId, rpId, publicKey: info.credential.publicKey, counter: info.credential.counter,
    transports: info.credential.transports ?? [], backupEligible: info.credentialDeviceType === 'multiDevice', backedUp: info.credentialBackedUp,
    aaguid: info.aaguid, name: passkeyName(info.aaguid), createdAt: context.now(), lastUsedAt: null,
  };
  context.state.passkeys.passkeys.set(passkey.id, passkey);
  if (body.conditional) session.upgraded = true;
  const { id, name, createdAt } = summary(passkey);
  sendJson(res, 201, { id, name, createdAt });
}

/** One of the passkey calls of design.md (a credential's DELETE names it below `credentials/`). */
const isPasskeyPath = (path: string): boolean =>
  Object.values(PASSKEY_PATHS).some((call) => call === path) || path.startsWith(`${PASSKEY_PATHS.credentials}/`);

/** The passkey calls of design.md; false for other paths. */
export async function handlePasskeys(context: PasskeyContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  if (!isPasskeyPath(path)) return false;
  const method = req.method ?? 'GET';
  try {
    if (method === 'POST' && path === PASSKEY_PATHS.authenticationOptions) await authenticationOptions(context, req, res);
    else if (method === 'POST' && path === PASSKEY_PATHS.authenticationVerify) await authenticationVerify(context, req, res);
    else if (method === 'POST' && path === PASSKEY_PATHS.registrationOptions) await registrationOptions(context, req, res);
    else if (method === 'POST' && path === PASSKEY_PATHS.registrationVerify) await registrationVerify(context, req, res);
    else if (method === 'GET' && path === PASSKEY_PATHS.credentials) {
      const session = requireSession(context, req);
      sendJson(res, 200, context.state.passkeys.ofUser(session.userId).map(summary));
    } else if ((method === 'DELETE' || method === 'PATCH') && path.startsWith(`${PASSKEY_PATHS.credentials}/`)) {
      const session = requireSession(context, req);
      const body = method === 'PATCH' ? await readJson(req, passkeyRenameRequestSchema) : undefined;
      requireRecentSignIn(context, session);
      const id = decodeSegment(path.slice(`${PASSKEY_PATHS.credentials}/`.length));
      const passkey = context.state.passkeys.passkeys.get(id);
      if (!passkey || passkey.userId.toLowerCase() !== session.userId.toLowerCase()) throw new EmulatorHttpError(404, 'NOT_FOUND', 'no such passkey');
      if (body) {
        passkey.name = body.name.trim();
        sendJson(res, 200, summary(passkey));
      } else {
        context.state.passkeys.passkeys.delete(id);
        res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
      }
    } else if (method === 'POST' && path === PASSKEY_PATHS.decline) {
      const session = requireSession(context, req);
      context.state.passkeys.decline(session.userId, context.now());
      res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
    } else return false;
  } catch (error) {
    if (!(error instanceof PasskeyRefusal)) throw error;
    sendJson(res, error.status, { code: error.code, errorCode: error.code, message: error.message });
  }
  return true;
}

/** `GET /__emulator/passkeys`: every passkey held, without its key. */
export function listPasskeys(state: EmulatorState): Array<{ userId: string; id: string; rpId: string; createdAt: string; lastUsedAt: string | null; counter: number; backupEligible: boolean; backedUp: boolean }> {
  return [...state.passkeys.passkeys.values()].map((passkey) => ({
    userId: passkey.userId, id: passkey.id, rpId: passkey.rpId, createdAt: new Date(passkey.createdAt).toISOString(),
    lastUsedAt: passkey.lastUsedAt === null ? null : new Date(passkey.lastUsedAt).toISOString(), counter: passkey.counter,
    backupEligible: passkey.backupEligible, backedUp: passkey.backedUp,
  }));
}
