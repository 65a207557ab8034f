import type { IncomingMessage, ServerResponse } from 'node:http';
import { XSRF_COOKIE } from '../../../src/lib/xsrf.ts';
import { brandOf, clientAddress, cookieOf, EmulatorHttpError, hostCookieName, escapeHtml, readForm, redirect, safeTarget, sendHtml, setCookieHeader, token } from '../http-utils.ts';
import { PASSWORD_HISTORY } from '../../../src/domain/password-rules.ts';
import { checkNewPassword } from '../passwords.ts';
import { CLIENT_LIMITED_SMUSRMSG, LOCKED_SMPWERR, LOCKED_SMUSRMSG } from '../login-lockout.ts';
import type { LoginLockout } from '../login-lockout.ts';
import type { RateLimitedAction, RateLimiter } from '../rate-limits.ts';
import { MAX_RECORDS } from '../state.ts';
import type { EmulatorSession, EmulatorState } from '../state.ts';
import { DEFAULT_BRAND, isBrandKey } from '../../../src/domain/brands.ts';
import { SITEMINDER_HOME, SITEMINDER_LOGIN_ACTION } from '../../../src/contract/siteminder-paths.ts';
import { WHITE_LABEL_COOKIE } from '../../../src/lib/cookies.ts';

/** What the SiteMinder routes need: the state, and the clock and limiter for password-change attempts. */
export interface SiteMinderContext {
  state: EmulatorState;
  now: () => number;
  limiter: RateLimiter;
  lockout: LoginLockout;
  /** Whether a password sign-in of a user without a passkey goes by the offer page. */
  passkeyOffer: boolean;
}

/** The `endpoint` of the statistics record of every sign-in (`GET /__emulator/stats`), `payload.method` password or passkey. */
export const SIGN_IN_RECORD = 'service:sign-in';

/** The SMPWERR of a refused attempt: not a password rule, so the page shows its generic message. */
const PASSWORD_CHANGE_RATE_LIMITED = 'TOO_MANY_REQUESTS';

/** SiteMinder's session cookie; over TLS `__Host-SMSESSION` (hostCookieName), the only name read there. */
const SESSION_COOKIE = 'SMSESSION';
const CHANGE_PASSWORD_AGENT = 'nxnportal';

/** The host of an Origin header, or undefined when it is not a URL (a browser never sends that). */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/**
 * Browsers say where a post comes from; a cross-site post to the login or password form is refused, and so
 * is an Origin that is not a URL (refused with 403, as cross-site, rather than failing with 500). The site the
 * visitor is on is the Host, or behind a proxy that cannot keep it (Cloudflare's worker fetches the service by
 * its own name) the X-Forwarded-Host it sets, as X-Forwarded-Proto says the scheme.
 *
 * `Origin: null` is what the portal's own forms send (their pages' Referrer-Policy is no-referrer, which makes
 * a browser hide the origin of a form post), but also what a sandboxed frame or a cross-site redirect sends, and
 * it passed (issue 35: login CSRF from browsers without Fetch Metadata). It is accepted only as this site's:
 * with `Sec-Fetch-Site: same-origin`, or, from a browser without Fetch Metadata, with the XSRF-TOKEN cookie,
 * which is SameSite=Strict and so never comes with a post another site makes.
 */
function refuseCrossSite(req: IncomingMessage): void {
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  const forwarded = req.headers['x-forwarded-host'];
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || (req.headers.host ?? '');
  // The browser's own word that the post comes from the page's origin, as the visitor sees it: it holds through a
  // proxy that fetches the service by another name (Netlify's rewrites pass no X-Forwarded-Host).
  if (site === 'same-origin') return;
  const opaqueButOurs = site === undefined && cookieOf(req, XSRF_COOKIE) !== undefined;
  const crossSite = site === 'cross-site' || (origin === 'null' ? !opaqueButOurs : origin !== undefined && originHost(origin) !== host);
  if (crossSite) throw new EmulatorHttpError(403, 'CROSS_SITE', 'cross-site form posts are refused');
}

function loginPage(wl: string, query: Record<string, string>): string {
  return `/app/${wl}/login?${new URLSearchParams(query).toString()}`;
}

async function processLogin(context: SiteMinderContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { state, lockout } = context;
  refuseCrossSite(req);
  const form = await readForm(req);
  const wl = brandOf(req, form);
  const smQueryData = url.searchParams.get('SMQUERYDATA') || token(12);
  const target = safeTarget(url.searchParams.get('TARGET') ?? form.get('TARGET'), SITEMINDER_HOME);
  const userId = form.get('USER') ?? '';
  const user = state.user(userId);
  const password = form.get('PASSWRD') ?? '';
  const refuse = (message: string) => {
    redirect(res, loginPage(wl, { SMQUERYDATA: smQueryData, SMUSRMSG: message, SMAUTHREASON: '0', SMAUTHSTATUS: '0', TARGET: target }));
  };
  // Per client before anything else: one client's guesses across many ids (or a flood of junk ids) end here.
  if (!allowAttempt(context, req, 'signIn', undefined)) {
    refuse(CLIENT_LIMITED_SMUSRMSG);
    return;
  }
  // A locked user id fails whatever the password, the right one too, until the lock ends.
  if (lockout.isLocked(userId, context.now())) {
    refuse(LOCKED_SMUSRMSG);
    return;
  }
  if (!user || password === '' || user.password !== password) {
    refuse(userId !== '' && lockout.fail(userId, context.now()) ? LOCKED_SMUSRMSG : 'Invalid Credentials');
    return;
  }
  lockout.succeed(userId);
  if (user.temporary) {
    // A temporary password must be changed first: the SiteMinder password-change redirect.
    const query = new URLSearchParams({ SMAUTHREASON: '34', TARGET: target, smagentname: CHANGE_PASSWORD_AGENT, uti: user.type, FTUF: user.behaviour === 'firstTime' ? 'Y' : 'N', uid: user.userId });
    redirect(res, `/self-service/${wl}/fps-self-change-pw?${query.toString()}`);
    return;
  }
  const cookie = startSession(state, req, user.userId, wl, 'password', context.now());
  // Without a passkey (and no Not now in 30 days) the visitor is offered one on the way (design.md, "Passkeys").
  const next = context.passkeyOffer && state.passkeys.offers(user.userId, context.now()) ? `/app/${wl}/passkey?${new URLSearchParams({ TARGET: target }).toString()}` : target;
  redirect(res, next, [cookie]);
}

/**
 * Opens a SiteMinder session for a signed-in user, by password or by passkey alike, records the sign-in in the
 * statistics (marked with how it was made), and gives the session cookie's Set-Cookie value.
 */
export function startSession(state: EmulatorState, req: IncomingMessage, userId: string, wl: string, method: 'password' | 'passkey', now: number): string {
  const session = token();
  state.sessions.set(session, { userId, wl, createdAt: now, lastUsedAt: now, method });
  state.stats.push({ endpoint: SIGN_IN_RECORD, payload: { userId, wl, method }, at: new Date(now).toISOString() });
  if (state.stats.length > MAX_RECORDS) state.stats.shift();
  return setCookieHeader(req, hostCookieName(req, SESSION_COOKIE), session, { httpOnly: true, sameSite: 'Lax' });
}

/** The user of the request's SiteMinder session (touched as used now), or undefined when none or ended. */
export function sessionOf(state: EmulatorState, req: IncomingMessage, now: number): EmulatorSession | undefined {
  return state.useSession(cookieOf(req, hostCookieName(req, SESSION_COOKIE)) ?? '', now);
}

/**
 * SiteMinder's protected home page. Without a session it sends the visitor to the portal's root as the
 * credential collector (design.md): `/` follows the white-label and language cookies to the right login
 * page, so every way back to login (Cancel, Log In, Go To Login) keeps the visitor's brand and language.
 */
function home(context: SiteMinderContext, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const session = context.state.useSession(cookieOf(req, hostCookieName(req, SESSION_COOKIE)) ?? '', context.now());
  if (!session) {
    const query: Record<string, string> = { SMQUERYDATA: token(12), TARGET: SITEMINDER_HOME };
    const fromPage = url.searchParams.get('fromPage');
    if (fromPage && /^[A-Za-z]{1,20}$/.test(fromPage)) query['fromPage'] = fromPage;
    redirect(res, `/?${new URLSearchParams(query).toString()}`);
    return;
  }
  sendHtml(res, 200, `<!doctype html><html lang="en"><meta charset="utf-8"><title>Home</title><main><h1>Signed in as ${escapeHtml(session.userId)}</h1><p><a href="/login/logout.html">Log out</a></p></main></html>`);
}

/**
 * Ends the session and shows the logout page of the brand the visitor signed in with; without a session (it
 * lapsed, or another tab ended it), of the brand the white-label cookie names, else the default brand.
 */
function logout(context: SiteMinderContext, req: IncomingMessage, res: ServerResponse): void {
  const { state } = context;
  const name = hostCookieName(req, SESSION_COOKIE);
  const key = cookieOf(req, name) ?? '';
  const cookieBrand = cookieOf(req, WHITE_LABEL_COOKIE) ?? '';
  const wl = state.useSession(key, context.now())?.wl ?? (isBrandKey(cookieBrand) ? cookieBrand : DEFAULT_BRAND);
  state.sessions.delete(key);
  redirect(res, `/app/${wl}/logout`, [setCookieHeader(req, name, '', { httpOnly: true, sameSite: 'Lax', maxAge: 0 })]);
}

/**
 * Counts a sign-in or password-change attempt against the client (clientAddress) and, where the action has a
 * per-user limit, the user id; false when refused. Without it the password form's ISB_PASSVAL01 (current
 * password wrong) would let anyone test passwords without end.
 */
function allowAttempt(context: SiteMinderContext, req: IncomingMessage, action: RateLimitedAction, userId: string | undefined): boolean {
  try {
    context.limiter.consume(action, { user: userId, client: clientAddress(req) }, context.now());
    return true;
  } catch (error) {
    if (error instanceof EmulatorHttpError && error.status === 429) return false;
    throw error;
  }
}

async function changePassword(context: SiteMinderContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const { state, lockout } = context;
  refuseCrossSite(req);
  const form = await readForm(req);
  const wl = brandOf(req, form);
  const back = (code: string) => {
    const query = new URLSearchParams(url.searchParams);
    query.set('SMPWERR', code);
    redirect(res, `/self-service/${wl}/fps-self-change-pw?${query.toString()}`);
  };
  const userId = form.get('USERNAME') ?? '';
  // Counted for unknown user ids too, before anything is checked, so nothing is learnt from a refused attempt.
  if (!allowAttempt(context, req, 'passwordChange', userId)) {
    back(PASSWORD_CHANGE_RATE_LIMITED);
    return;
  }
  // The form checks the current password as the sign-in form does, so it shares its lockout (issue 35): a locked
  // user id answers the same whatever password was given, and a wrong current password counts toward the lock.
  if (lockout.isLocked(userId, context.now())) {
    back(LOCKED_SMPWERR);
    return;
  }
  const wrongCurrentPassword = () => {
    back(userId !== '' && lockout.fail(userId, context.now()) ? LOCKED_SMPWERR : 'ISB_PASSVAL01');
  };
  const user = state.user(userId);
  if (!user) {
    wrongCurrentPassword();
    return;
  }
  const refusal = checkNewPassword({
    type: user.type, current: user.password, given: form.get('PASSWORD') ?? '', next: form.get('NEWPASSWORD') ?? '',
    confirm: form.get('CONFIRMPASSWORD') ?? '', history: user.history,
  });
  if (refusal === 'ISB_PASSVAL01') {
    wrongCurrentPassword();
    return;
  }
  if (refusal) {
    back(refusal);
    return;
  }
  lockout.succeed(userId);
  user.history = [user.password, ...user.history].slice(0, PASSWORD_HISTORY);
  user.password = form.get('NEWPASSWORD') ?? '';
  user.temporary = false;
  redirect(res, safeTarget(url.searchParams.get('TARGET'), `${SITEMINDER_HOME}?fromPage=FPS`));
}

/** SiteMinder login, logout, the signed-in home page and the password services; false for other paths. */
export async function handleSiteMinder(context: SiteMinderContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const method = req.method ?? 'GET';
  if (url.pathname === SITEMINDER_LOGIN_ACTION && method === 'POST') await processLogin(context, req, res, url);
  else if (url.pathname === SITEMINDER_HOME && method === 'GET') home(context, req, res, url);
  else if (url.pathname === '/login/logout.html' && method === 'GET') logout(context, req, res);
  else if (url.pathname === '/pw/forms/smpwservices.fcc' && method === 'POST') await changePassword(context, req, res, url);
  else return false;
  return true;
}
