import { cookieValue } from './cookies.ts';

// Cookie-to-header XSRF (spec 7; design.md, "Data flow"): the service sets the cookie, and every state-changing
// call on this origin echoes its token in the header. Pages are static on every real host, so no page answer
// sets the cookie: a page without one asks the service for it before its first state-changing call. The ky
// client's hooks (services/http.ts), the passkey calls and the statistics posts all go by xsrfToken here; the
// emulator checks with needsXsrf.
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** Where the service answers 204 with the cookie (design.md, "Data flow"). */
export const XSRF_PATH = '/portal-login-service/public/xsrf';
/** The refusal's errorCode: `403 { errorCode: "XSRF" }`. */
export const XSRF_REFUSAL = 'XSRF';

/** Whether a call of this method must carry the header: any method but GET and HEAD. */
export function needsXsrf(method: string): boolean {
  const name = method.toUpperCase();
  return name !== 'GET' && name !== 'HEAD';
}

/**
 * The page's token as the cookie holds it: raw, as the service compares it with the header (its tokens are
 * base64url); an empty value is none. The one reader (cookieValue), without getCookie's check of a constant
 * name, whose bytes the login page would carry before any interaction.
 */
const heldToken = () => cookieValue(document.cookie, XSRF_COOKIE);

/** The header a state-changing call carries, when there is a token. */
const xsrfHeader = (token: string | null): Record<string, string> => (token ? { [XSRF_HEADER]: token } : {});

/** How the page reads its cookie and asks the service for one; tests give their own. */
export interface XsrfSource {
  cookie(): string | null;
  /** The service's `GET` of XSRF_PATH; its answer sets the cookie. */
  ask(): Promise<unknown>;
}

/** How long the cookie call may take before the waiting calls go on without it (every wait ends). */
export const XSRF_ASK_TIMEOUT_MS = 10_000;

const browserSource: XsrfSource = {
  cookie: heldToken,
  // fetch's default credentials are the same origin's.
  ask: () => {
    const abort = new AbortController();
    setTimeout(() => { abort.abort(); }, XSRF_ASK_TIMEOUT_MS);
    return fetch(XSRF_PATH, { signal: abort.signal });
  },
};

/**
 * Where the one request for the cookie in flight is kept, which every call that waits shares: on the page, not
 * in this module, since the login page's inline script and each module it loads on use bundle a copy of their
 * own, and two requests in flight would set two tokens.
 */
const ASKING = Symbol.for('portal.xsrf');
const shared = globalThis as { [ASKING]?: Promise<unknown> | undefined };

/**
 * The token a state-changing call carries, read as the call goes out (never kept: the service may renew it).
 * A page without the cookie, or still holding `refused` (the token a call was just refused with), asks the
 * service first: one request however many calls wait, and none once the cookie is there. Null when the
 * service could not be asked; the call then goes without, and the service's refusal is the caller's to map.
 */
export async function xsrfToken(refused?: string | null, source: XsrfSource = browserSource): Promise<string | null> {
  const held = source.cookie();
  if (held && held !== refused) return held;
  await (shared[ASKING] ??= source.ask().catch(() => undefined).finally(() => {
    shared[ASKING] = undefined;
  }));
  return source.cookie();
}

/** Whether an answer is the service's XSRF refusal, `403 { errorCode: "XSRF" }` (it reads a copy of the body). */
export async function xsrfRefused(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body = (await response.clone().json().catch(() => null)) as { errorCode?: unknown } | null;
  return body?.errorCode === XSRF_REFUSAL;
}

/**
 * One same-origin call by fetch with the XSRF rule (design.md, "Data flow"): a state-changing method carries
 * the token, asked for first when the page has none, and a call refused with `403 XSRF` goes once more with
 * the token the service has set since; never more than once, so a service that keeps refusing cannot loop.
 * GET and HEAD carry no header, but on a page without the cookie they too wait for the one cookie request: the
 * service sets a new token on every answer to a request without one, so a GET sent beside the cookie request
 * could land its token after a post had read the other (a 403 on a first visit through Cloudflare).
 * `send` makes the call with the headers given.
 */
export async function sendWithXsrf(method: string, send: (headers: Record<string, string>) => Promise<Response>, source: XsrfSource = browserSource): Promise<Response> {
  const token = await xsrfToken(null, source);
  if (!needsXsrf(method)) return send({});
  const answer = await send(xsrfHeader(token));
  return (await xsrfRefused(answer)) ? send(xsrfHeader(await xsrfToken(token, source))) : answer;
}
