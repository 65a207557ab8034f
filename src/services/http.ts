import ky, { isTimeoutError } from 'ky';
import type { KyInstance } from 'ky';
import { z } from 'zod/mini';
import { errorResponseSchema, refusalCodeSchema } from '../contract/recovery.ts';
import { readCookie } from '../lib/cookies.ts';
import { XSRF_ASK_TIMEOUT_MS, XSRF_COOKIE, XSRF_HEADER, XSRF_PATH, needsXsrf, xsrfRefused, xsrfToken } from '../lib/xsrf.ts';
import type { XsrfSource } from '../lib/xsrf.ts';
import { timeoutStatusCode } from './timeout-code.ts';
import { toServiceError } from './service-errors.ts';
import type { ServiceResult } from './service-errors.ts';
import type { TransitionResult } from '../domain/flows.ts';

// zod's fast path compiles validators with `new Function`, which the pages' CSP forbids.
z.config({ jitless: true });

/** One HTTP-stats record per service call (spec 7, spec 8 status rules). */
export interface HttpStat {
  method: string;
  url: string;
  status: TransitionResult;
  /** HTTP status; on a time-out 1 when the elapsed time exceeded timeoutInSeconds, else 0; -1 for other failures. */
  statusCode: number;
  elapsedMs: number;
  responseSize: number;
  startedAt: Date;
}

/** URLs never reported for POST (spec 7); they are statistics calls themselves. */
const STATS_BLACKLIST = [
  '/nxn-service/httpUsageStatus/store', '/nxn-service/stateUsageStatus/store', '/DPMonitor/rest/events', '/nxn-service/public/logDpStats',
  '/nxnDigitalPulse/DigitalPulseV2RESTEndpoint/json', '/nxn-service/logout', '/DPMonitor/rest/v1/dpevents/', '/nxnDigitalPulseSelfService/json',
  '/nxn-metrics/analytics/',
] as const;

/** Whether a call is reported to HTTP stats. */
function isReported(method: string, url: string): boolean {
  return method.toUpperCase() !== 'POST' || !STATS_BLACKLIST.some((part) => url.includes(part));
}

/** The client's environment and hooks; tests give a base URL, a fetch and a cookie reader. */
export interface ClientConfig {
  baseUrl?: string;
  fetch?: typeof fetch;
  readCookie?: (name: string) => string | null;
  reportHttpStat?: (stat: HttpStat) => void;
  now?: () => number;
}

/** One page's HTTP client: every service call of the page goes through its `call`. */
export interface HttpClient {
  call: <T>(spec: CallSpec<T>) => Promise<ServiceResult<T>>;
}

/**
 * Creates a page's client with its hooks (XSRF on same-origin state-changing calls, the time-out header, HTTP
 * stats, no retries: the XSRF repeat is a fetch of its own). Each page creates its own; nothing reconfigures it afterwards.
 */
export function createHttpClient(config: ClientConfig = {}): HttpClient {
  const cookie = config.readCookie ?? ((name: string) => (typeof document === 'undefined' ? null : readCookie(document, name)));
  /** Whether the call goes to this page's origin (the base URL in tests): only those carry the token. */
  const ours = (request: Request) => (config.baseUrl ? request.url.startsWith(config.baseUrl) : new URL(request.url).origin === location.origin);
  /** The XSRF rule (design.md, "Data flow"), only for same-origin calls that change state, as Angular's interceptor. */
  const guarded = (request: Request) => needsXsrf(request.method) && ours(request);
  const send = config.fetch ?? ((input: Request) => fetch(input));
  const http = ky.create({
    // No retries: ky keeps a clone of a call it may retry, which sends the body as a stream (unseen by tools that
    // read request bodies, and chunked on the wire). The one repeat, the XSRF hook's, is a plain fetch below.
    retry: 0,
    throwHttpErrors: false,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
    ...(config.fetch ? { fetch: config.fetch } : {}),
    hooks: {
      beforeRequest: [
        async ({ request }) => {
          if (!ours(request)) return;
          // Every call to this origin waits for the cookie on a page without one, a GET too: the service sets a
          // new token on each answer to a request without one, and a second token landing after a post read the
          // first is a 403 (seen on a first visit through Cloudflare). The cookie request itself is no call here.
          // A header the caller set is left as it is; the cookie is read as the call goes out.
          const token = await Promise.race([xsrfToken(null, source), whenAborted(request.signal)]);
          if (token && guarded(request) && !request.headers.has(XSRF_HEADER)) request.headers.set(XSRF_HEADER, token);
        },
      ],
      afterResponse: [
        // Refused for its token (the cookie expired, or arrived after the call left): once more with the token the
        // service has set since, asked for if it set none; a second refusal is the call's answer.
        async ({ request, options, response }) => {
          if (!guarded(request) || !(await xsrfRefused(response))) return;
          const token = await xsrfToken(request.headers.get(XSRF_HEADER), source);
          if (!token) return;
          const headers = new Headers(request.headers);
          headers.set(XSRF_HEADER, token);
          // By fetch itself, so no hook runs on it: never a second repeat. The same body, signal and time-out.
          return send(new Request(request.url, { method: request.method, headers, body: options.body ?? null, credentials: request.credentials, signal: request.signal }));
        },
      ],
    },
  });
  // The service's cookie call goes by fetch, past the hooks (which wait for it), with a time-out of its own.
  // Under the base URL's path in tests (as the calls' paths are), on this origin in the browser.
  const askAddress = () => (config.baseUrl ? new URL(XSRF_PATH.slice(1), config.baseUrl) : new URL(XSRF_PATH, location.href));
  const source: XsrfSource = {
    cookie: () => cookie(XSRF_COOKIE),
    ask: () => send(new Request(askAddress(), { signal: AbortSignal.timeout(XSRF_ASK_TIMEOUT_MS) })),
  };
  return { call: (spec) => call(http, config, spec) };
}

/** Null once the call's deadline has passed: a wait for the cookie ends with the call's time-out, not after it. */
function whenAborted(signal: AbortSignal): Promise<null> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(null);
    signal.addEventListener('abort', () => { resolve(null); }, { once: true });
  });
}

/** How one call is made: method, path, body, time-out and the schema of its answer. */
interface CallSpec<T> {
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH';
  path: string;
  json?: unknown;
  form?: URLSearchParams;
  /** Milliseconds; false for none (the user-type check). */
  timeoutMs: number | false;
  schema: z.ZodMiniType<T>;
}

/** Makes one call, reports it to HTTP stats, validates the answer and maps failures to codes. */
async function call<T>(http: KyInstance, config: ClientConfig, spec: CallSpec<T>): Promise<ServiceResult<T>> {
  const now = config.now ?? Date.now;
  const started = now();
  const timeoutSeconds = spec.timeoutMs === false ? 0 : spec.timeoutMs / 1000;
  const report = (status: TransitionResult, statusCode: number, responseSize: number) => {
    if (config.reportHttpStat && isReported(spec.method, spec.path)) {
      config.reportHttpStat({ method: spec.method, url: spec.path, status, statusCode, elapsedMs: now() - started, responseSize, startedAt: new Date(started) });
    }
  };
  // One deadline for the whole exchange, headers and body: ky's time-out ends when the headers arrive, and a
  // body that stalls after them would leave the page waiting for ever. A plain setTimeout, so a page clock can
  // move it on in tests.
  const deadline = new AbortController();
  const timer = spec.timeoutMs === false ? undefined : setTimeout(() => { deadline.abort(); }, spec.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await http(spec.path.replace(/^\//, config.baseUrl ? '' : '/'), {
      method: spec.method,
      timeout: false,
      signal: deadline.signal,
      headers: { timeoutInSeconds: String(timeoutSeconds), Accept: 'application/json' },
      ...(spec.json === undefined ? {} : { json: spec.json }),
      ...(spec.form === undefined ? {} : { body: spec.form }),
    });
    text = await response.text();
  } catch (error) {
    if (deadline.signal.aborted || isTimeoutError(error)) {
      report('Failure', timeoutStatusCode(now() - started, timeoutSeconds), 0);
      return { ok: false, error: 'TIMEOUT' };
    }
    report('Failure', -1, 0);
    return { ok: false, error: 'NETWORK' };
  } finally {
    clearTimeout(timer);
  }
  report(response.ok ? 'Success' : 'Failure', response.status, text.length);
  let body: unknown;
  try {
    body = text === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, error: response.ok ? 'BAD_RESPONSE' : toServiceError(response.status, undefined) };
  }
  if (!response.ok) {
    const parsedError = errorResponseSchema.safeParse(body);
    // design.md gives refusals as `{ code, errorCode, message }`, and its passkey table as `{ code }` alone: either names it.
    const named = refusalCodeSchema.safeParse(body);
    const error = toServiceError(response.status, parsedError.success ? parsedError.data.errorCode : named.success ? named.data.code : undefined);
    // A 429 says how long to wait; the page counts it down rather than guessing.
    const retryAfterSeconds = parsedError.success ? parsedError.data.retryAfterSeconds : undefined;
    return retryAfterSeconds === undefined ? { ok: false, error } : { ok: false, error, retryAfterSeconds };
  }
  const parsed = spec.schema.safeParse(body);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, error: 'BAD_RESPONSE' };
}
