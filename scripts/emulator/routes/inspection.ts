import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EmulatorClock } from '../clock.ts';
import { z } from 'zod/mini';
import { EmulatorHttpError, isLoopbackAddress, parseJson, readBody, sendJson } from '../http-utils.ts';
import type { RateLimiter } from '../rate-limits.ts';
import { listPasskeys } from './passkeys.ts';
import type { EmulatorState } from '../state.ts';

/** What the inspection endpoints reach: the state, the clock, the limiter, and a reset of everything. */
export interface InspectionContext {
  state: EmulatorState;
  clock: EmulatorClock;
  limiter: RateLimiter;
  reset: () => void;
}

/** The environment variable that turns the inspection endpoints on (`on`) or off (`off`) whatever the address. */
export const INSPECTION_ENV = 'EMULATOR_INSPECTION';

/**
 * Whether the inspection endpoints answer on a server bound to `bindHost` (design.md "Inspection endpoints"):
 * on a loopback address yes (`npm start`, `npm run dev` and the tests, and outside tests, use them), on any other
 * address only when asked for (`EMULATOR_INSPECTION=on`); `EMULATOR_INSPECTION=off` turns them off anywhere.
 * They hand out every passcode and temporary password and reset lockouts: a demo or staging host reachable from
 * elsewhere must not have them by accident.
 */
export function inspectionEnabled(bindHost: string, env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const asked = env[INSPECTION_ENV]?.trim().toLowerCase();
  if (asked === 'on') return true;
  if (asked === 'off') return false;
  return isLoopbackAddress(bindHost);
}

/**
 * Refuses a request another site makes (403): an Origin of another host, or `Origin: null` (a sandboxed frame,
 * a redirect across sites, a `data:` page), or Fetch Metadata saying cross-site or same-site. Without it any web
 * page a developer opened could read the outbox or reset the lockouts of their local emulator.
 */
function refuseCrossSiteInspection(req: IncomingMessage): void {
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  let sameHost: boolean;
  try {
    sameHost = origin !== undefined && new URL(origin).host === req.headers.host;
  } catch {
    sameHost = false;
  }
  if (site === 'cross-site' || site === 'same-site' || (origin !== undefined && !sameHost)) {
    throw new EmulatorHttpError(403, 'CROSS_SITE', 'inspection endpoints answer this origin only');
  }
}

/**
 * Request headers only a proxy adds: the design's Forwarded, X-Forwarded-*, Via and CF-Connecting-IP, with the
 * other client-address headers and what Cloudflare (`CF-*`) and Netlify (`X-Nf-*`) add to what they pass on.
 */
const FORWARDING_HEADER = /^(?:forwarded|via|x-forwarded-.+|x-real-ip|true-client-ip|cf-.+|x-nf-.+)$/;

/** The host name of a Host header (`localhost:4321`, `[::1]:4321`), or undefined when it is none. */
function hostName(host: string | undefined): string | undefined {
  try {
    return host ? new URL(`http://${host}`).hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses (403) a request that did not come straight from this machine (design.md, "Inspection endpoints"): one a
 * proxy passed on (any forwarding header), one from another address, or one naming another host, which is what a
 * page on another site sends after rebinding its DNS name to 127.0.0.1. With EMULATOR_INSPECTION=on (a server
 * bound elsewhere on purpose, reached by its own name) the address and the Host are free; a proxy never is.
 */
function refuseIndirectInspection(req: IncomingMessage, env: Readonly<Record<string, string | undefined>> = process.env): void {
  const refuse = (why: string) => new EmulatorHttpError(403, 'CROSS_SITE', `inspection endpoints answer only a direct request: ${why}`);
  const proxyHeader = Object.keys(req.headers).find((name) => FORWARDING_HEADER.test(name));
  if (proxyHeader !== undefined) throw refuse(`${proxyHeader} says it came through a proxy`);
  if (env[INSPECTION_ENV]?.trim().toLowerCase() === 'on') return;
  if (!isLoopbackAddress(req.socket.remoteAddress ?? '')) throw refuse('from this machine only');
  const host = hostName(req.headers.host);
  if (host === undefined || !isLoopbackAddress(host)) throw refuse('to localhost, 127.0.0.1 or [::1] only');
}

/** Most users the emulator holds; `POST /__emulator/users` refuses to go past it. */
const MAX_USERS = 50_000;

/** `POST /__emulator/users`: `count` plain external users `<prefix><n>` (the soak bench's distinct visitors). */
const generatedUsersSchema = z.strictObject({
  prefix: z.string().check(z.regex(/^[a-z][a-z0-9]{0,19}$/)),
  count: z.number().check(z.int(), z.minimum(1), z.maximum(10_000)),
});

/** The password of every generated user (emulator only, like the seeded ones). */
const GENERATED_USER_PASSWORD = 'Generated#2026';

function generateUsers(state: EmulatorState, body: z.infer<typeof generatedUsersSchema>): string[] {
  if (state.users.size + body.count > MAX_USERS) throw new EmulatorHttpError(400, 'BAD_REQUEST', `at most ${MAX_USERS} users`, 'count');
  const ids: string[] = [];
  for (let index = 0; index < body.count; index += 1) {
    const userId = `${body.prefix}${index}`;
    state.users.set(userId, {
      userId, type: 'external', password: GENERATED_USER_PASSWORD, temporary: false, firstName: 'Generated', lastName: `User${index}`,
      email: `${userId}@example.com`, cellPhone: null, businessPhone: null, channels: ['email'], behaviour: 'normal', history: [],
    });
    ids.push(userId);
  }
  return ids;
}

/** Forces a full collection when the process runs with --expose-gc (the soak bench's child does). */
function collectGarbage(): boolean {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  gc();
  return true;
}

/** Longest single clock jump, so a typo cannot push the clock years ahead. */
const MAX_ADVANCE_SECONDS = 7 * 24 * 3600;

/** The emulator's own endpoints for tests: outbox, stats, reset, a deploy, answering calls, moving the clock on, extra users, heap. */
export async function handleInspection(context: InspectionContext, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const { state, clock } = context;
  refuseCrossSiteInspection(req);
  refuseIndirectInspection(req);
  const method = req.method ?? 'GET';
  const path = url.pathname;
  const to = url.searchParams.get('to');
  if (method === 'GET' && path === '/__emulator/outbox') sendJson(res, 200, { messages: to === null ? state.outbox : state.outbox.filter((message) => message.to === to) });
  else if (method === 'GET' && path === '/__emulator/passkeys') sendJson(res, 200, listPasskeys(state));
  else if (method === 'GET' && path === '/__emulator/stats') sendJson(res, 200, { records: state.stats });
  else if (method === 'POST' && path === '/__emulator/reset') {
    context.reset();
    sendJson(res, 200, { result: 'SUCCESS' });
  } else if (method === 'POST' && path === '/__emulator/deploy') {
    // A deploy under the open pages: every hashed script (/_astro/*.js) answers 404 until the next reset.
    state.scriptsGone = true;
    sendJson(res, 200, { result: 'SUCCESS' });
  } else if (method === 'POST' && path === '/__emulator/calls/answer') {
    // The simulated callee keys every code of a call in progress now.
    let answered = 0;
    for (const transaction of state.transactions.values()) {
      if (transaction.passcode?.channel === 'call' && !transaction.passcode.used) {
        transaction.callAnswerAt = clock.now();
        answered += 1;
      }
    }
    sendJson(res, 200, { answered });
  } else if (method === 'POST' && path === '/__emulator/clock/advance') {
    // Expiry (20 minutes) and the resend cooldown, tested without waiting: {"seconds": 1201}.
    const body = parseJson(await readBody(req));
    const seconds = typeof body === 'object' && body !== null && 'seconds' in body ? body.seconds : undefined;
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_ADVANCE_SECONDS) {
      throw new EmulatorHttpError(400, 'BAD_REQUEST', `seconds must be a number above 0 and at most ${MAX_ADVANCE_SECONDS}`, 'seconds');
    }
    clock.advance(seconds * 1000);
    sendJson(res, 200, { now: new Date(clock.now()).toISOString() });
  } else if (method === 'POST' && path === '/__emulator/users') {
    const parsed = generatedUsersSchema.safeParse(parseJson(await readBody(req)));
    if (!parsed.success) throw new EmulatorHttpError(400, 'BAD_REQUEST', 'expected {"prefix": "[a-z][a-z0-9]*", "count": 1..10000}', '(body)');
    sendJson(res, 200, { userIds: generateUsers(state, parsed.data), password: GENERATED_USER_PASSWORD });
  } else if (method === 'GET' && path === '/__emulator/heap') {
    // The soak bench's memory figure: heap after a forced collection, with the sizes of what the emulator holds.
    const forcedGc = collectGarbage();
    sendJson(res, 200, {
      heapUsedBytes: process.memoryUsage().heapUsed, forcedGc, users: state.users.size, transactions: state.transactions.size,
      rateLimiterKeys: context.limiter.size, outbox: state.outbox.length, stats: state.stats.length,
    });
  } else return false;
  return true;
}
