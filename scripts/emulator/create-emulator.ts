import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { cookieOf, EmulatorHttpError, requestTarget, sendJson, setCookieHeader, token } from './http-utils.ts';
import { needsXsrf, XSRF_COOKIE, XSRF_HEADER, XSRF_PATH, XSRF_REFUSAL } from '../../src/lib/xsrf.ts';
import { handleInspection } from './routes/inspection.ts';
import { handleMetrics } from './routes/metrics.ts';
import { handlePasskeys, passkeyConfigFromEnvironment } from './routes/passkeys.ts';
import type { PasskeyConfig } from './routes/passkeys.ts';
import { handleRecovery } from './routes/recovery.ts';
import { handleSiteMinder } from './routes/siteminder.ts';
import { createClock } from './clock.ts';
import { LoginLockout } from './login-lockout.ts';
import { DEFAULT_RATE_LIMITS, RateLimiter } from './rate-limits.ts';
import type { RateLimitPolicy } from './rate-limits.ts';
import { EmulatorState } from './state.ts';
import { WHITE_LABEL_TEST_GROUPS } from './white-label-test-urls.ts';

export interface EmulatorOptions {
  /** Milliseconds until the simulated callee keys a call-channel code (EMULATOR_CALL_ANSWER_MS, default 8000). */
  answerCallAfterMs?: number;
  /** The real-time base of the clock (tests of expiry inject one; `POST /__emulator/clock/advance` moves it on). */
  now?: () => number;
  /** Rate limits per user and per client (default: DEFAULT_RATE_LIMITS). */
  rateLimits?: RateLimitPolicy;
  /**
   * The host (with its port when not the default) an SMS's WebOTP line names: the site the portal runs on, as
   * configuration (EMULATOR_WEBOTP_HOST overrides it), never the request's Origin or Host. Default (undefined) `localhost`;
   * the servers that know their port pass `localhost:<port>`.
   */
  webOtpHost?: string | (() => string) | undefined;
  /** The seeded users (default fixtures/users.json). */
  fixturePath?: string;
  /**
   * Whether `/__emulator/*` answers: decided by whoever binds the server, with inspectionEnabled (loopback
   * yes, any other address only with EMULATOR_INSPECTION=on). Without it they are absent (404).
   */
  inspection: boolean;
  /** Where passkeys may be used (default EMULATOR_PASSKEY_RP_ID / EMULATOR_PASSKEY_ORIGINS, else loopback origins, RP ID the page's host). */
  passkeys?: PasskeyConfig;
  /**
   * Whether a password sign-in of a user without a passkey goes by the offer page (default true, design.md).
   * Tests of SiteMinder's own walk turn it off; the offer is tested in passkeys.test.ts.
   */
  passkeyOffer?: boolean;
}

/** The emulator: a request handler that answers service paths and says false for everything else. */
export interface Emulator {
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  reset(): void;
  readonly state: EmulatorState;
}

/** The environment variable that names the WebOTP host (design.md): `portal.example.com`, `localhost:4321`. */
const WEBOTP_HOST_ENV = 'EMULATOR_WEBOTP_HOST';

/** `host:port` as a WebOTP line writes it: the port left out when it is the scheme's default. */
export function hostWithPort(host: string, port: number): string {
  return port === 80 || port === 443 ? host : `${host}:${String(port)}`;
}

/**
 * The request's XSRF token when it is one the emulator could have issued: base64url characters, at most 64 (its
 * own are token()'s 24). Anything else (empty, another alphabet, overlong) counts as no token: refused, and replaced.
 */
function validXsrfCookie(req: IncomingMessage): string | undefined {
  const cookie = cookieOf(req, XSRF_COOKIE);
  return cookie !== undefined && /^[\w-]{1,64}$/.test(cookie) ? cookie : undefined;
}

/** Creates a stateful portal-login-service emulator (design.md). */
export function createEmulator(options: EmulatorOptions): Emulator {
  const state = new EmulatorState(options.fixturePath ?? join(import.meta.dirname, 'fixtures', 'users.json'));
  const clock = createClock(options.now);
  const now = () => clock.now();
  const answerCallAfterMs = options.answerCallAfterMs ?? Number(process.env['EMULATOR_CALL_ANSWER_MS'] ?? 8000);
  const limiter = new RateLimiter(options.rateLimits ?? DEFAULT_RATE_LIMITS);
  const lockout = new LoginLockout((userId) => state.user(userId) !== undefined);
  const configuredHost = options.webOtpHost;
  const webOtpHost = () => process.env[WEBOTP_HOST_ENV] || (typeof configuredHost === 'function' ? configuredHost() : configuredHost ?? 'localhost');
  const recovery = { state, now, answerCallAfterMs, limiter, lockout, webOtpHost, passkeyOffer: options.passkeyOffer ?? true };
  const passkeys = { state, now, lockout, config: options.passkeys ?? passkeyConfigFromEnvironment() };
  const reset = () => {
    state.reset();
    limiter.reset();
    lockout.reset();
    clock.reset();
  };

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    // After `POST /__emulator/deploy` the pages already open ask for chunks a deploy replaced (tests of issue 21).
    if (state.scriptsGone && /^\/_astro\/.+\.js$/.test(path)) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not Found');
      return true;
    }
    if (path.startsWith('/portal-login-service/')) {
      // Cookie-to-header XSRF check (spec 7): the page copies the cookie (SameSite=Strict, readable by the page) into the header.
      const cookie = validXsrfCookie(req);
      if (needsXsrf(req.method ?? 'GET') && (!cookie || req.headers[XSRF_HEADER.toLowerCase()] !== cookie)) {
        throw new EmulatorHttpError(403, XSRF_REFUSAL, 'missing or wrong X-XSRF-TOKEN header');
      }
      // A static page without the cookie asks for it here before its first post (design.md, "Data flow"). The
      // answer always carries the cookie: the one the request lacked (set in handle) or the one it holds.
      if (path === XSRF_PATH && req.method === 'GET') {
        if (cookie) res.appendHeader('Set-Cookie', setCookieHeader(req, XSRF_COOKIE, cookie, { sameSite: 'Strict' }));
        res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
        return true;
      }
      return (await handlePasskeys(passkeys, req, res, path)) || (await handleRecovery(recovery, req, res, path)) || (sendJson(res, 404, { errorCode: 'NOT_FOUND', message: 'no such service path' }), true);
    }
    if (path === '/nxn-service/public/wlTestUrls' && req.method === 'GET') {
      sendJson(res, 200, WHITE_LABEL_TEST_GROUPS);
      return true;
    }
    if (await handleMetrics(state, req, res, path)) return true;
    if (path.startsWith('/__emulator/')) return options.inspection && handleInspection({ state, clock, reset, limiter }, req, res, url);
    return handleSiteMinder(recovery, req, res, url);
  }

  return {
    state,
    reset,
    async handle(req, res) {
      // Any answer to a request without a valid XSRF token sets one (design.md, "Data flow"): a page, a call, a
      // refusal. Readable by the page (not HttpOnly): it copies the token into the X-XSRF-TOKEN header.
      if (!validXsrfCookie(req)) res.appendHeader('Set-Cookie', setCookieHeader(req, XSRF_COOKIE, token(), { sameSite: 'Strict' }));
      // Paths as sent: `//x` is no host and `\` no `/`; a path a parser would rewrite is none of the emulator's.
      const url = requestTarget(req.url);
      if (!url) return false;
      try {
        return await route(req, res, url);
      } catch (thrown) {
        if (res.headersSent) return true;
        // Nothing a request carries may answer 500: a decoding error a route missed is the client's fault.
        const error = thrown instanceof URIError ? new EmulatorHttpError(400, 'BAD_REQUEST', 'malformed percent-escape') : thrown;
        if (error instanceof EmulatorHttpError) {
          const retry = error.retryAfterSeconds;
          sendJson(
            res, error.status,
            { errorCode: error.errorCode, message: error.message, ...(error.field ? { field: error.field } : {}), ...(retry === undefined ? {} : { retryAfterSeconds: retry }) },
            retry === undefined ? {} : { 'Retry-After': String(retry) },
          );
        } else {
          console.error('emulator error:', error);
          sendJson(res, 500, { errorCode: 'SERVER_ERROR', message: 'internal error' });
        }
        return true;
      }
    },
  };
}
