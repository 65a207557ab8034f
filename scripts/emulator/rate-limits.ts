import { keyOf, LruMap, MAX_TRACKED_KEYS } from './bounded-keys.ts';
import { EmulatorHttpError } from './http-utils.ts';

/** What is counted: channel and user lookups, passcode sends, passcode checks, password-change attempts, sign-ins. */
export type RateLimitedAction = 'lookup' | 'send' | 'verify' | 'passwordChange' | 'signIn';

/** At most `limit` actions per `windowMs`, per key. */
interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Per action, a limit per client (the visitor's address) and, where the action has one, per user id. */
export type RateLimitPolicy = Record<RateLimitedAction, { perUser?: RateLimit; perClient: RateLimit }>;

const MINUTE = 60_000;

/**
 * Limits of the kind a real recovery service enforces (OWASP Forgot Password / MFA cheat sheets): a few
 * passcodes per user per quarter hour, a bounded number of checks, and lookups bounded per client so user ids
 * cannot be enumerated. The per-client limits leave room for a test suite that shares one address.
 */
export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  lookup: { perUser: { limit: 20, windowMs: 15 * MINUTE }, perClient: { limit: 300, windowMs: 15 * MINUTE } },
  send: { perUser: { limit: 6, windowMs: 15 * MINUTE }, perClient: { limit: 120, windowMs: 15 * MINUTE } },
  verify: { perUser: { limit: 20, windowMs: 15 * MINUTE }, perClient: { limit: 300, windowMs: 15 * MINUTE } },
  // Every attempt counts, not only a wrong current password: any other answer also says the current one was right.
  passwordChange: { perUser: { limit: 10, windowMs: 15 * MINUTE }, perClient: { limit: 100, windowMs: 15 * MINUTE } },
  // Per user id the login lockout counts (5 wrong in 15 minutes); per client this bounds guessing across ids
  // (password spraying) and the junk ids a flood of sign-ins makes the lockout hold.
  signIn: { perClient: { limit: 200, windowMs: 15 * MINUTE } },
};

/**
 * Another passcode to the same channel of a transaction is refused until this long after the last one sent
 * there, whether asked as a resend or by choosing that channel again (the page counts a resend's wait down).
 * Another channel of the same transaction is not held back: after "Return to previous page" a visitor may
 * rightly pick another way to be reached; every code still counts against the per-user cap.
 */
export const RESEND_COOLDOWN_MS = 30_000;

/** One key's recent actions (oldest first) and the window they count in. */
interface Window {
  hits: number[];
  windowMs: number;
}

/**
 * Sliding-window counters; `consume` records an action or refuses it with 429 and the seconds to wait.
 *
 * Memory is bounded: a key exists only while it has a hit inside its window (a refused request adds no
 * hit and creates no key), expired windows are dropped as requests come in, and at most MAX_TRACKED_KEYS
 * (10,000) keys are held, each with at most `limit` timestamps and a key of at most 71 characters (long
 * ids are hashed). At the bound the least recently used key is evicted. Refusing new keys instead would let
 * anyone who floods distinct ids lock every other visitor out of recovery; eviction costs less: the flood
 * itself must pass the per-client limits (300 lookups per address per 15 minutes, so 34 addresses for
 * 10,000 keys), a key still being hit stays (a refused try touches it too), and what an evicted user key
 * gives back is a fresh window of a few passcode sends, while every passcode stays void after 5 wrong tries.
 */
export class RateLimiter {
  private readonly windows: LruMap<Window>;
  private readonly policy: RateLimitPolicy;

  constructor(policy: RateLimitPolicy = DEFAULT_RATE_LIMITS, maxKeys: number = MAX_TRACKED_KEYS) {
    this.policy = policy;
    this.windows = new LruMap(maxKeys);
  }

  /** How many keys are held (tests and the soak bench watch it stay bounded). */
  get size(): number {
    return this.windows.size;
  }

  consume(action: RateLimitedAction, keys: { user?: string | undefined; client: string }, now: number): void {
    const { perUser, perClient } = this.policy[action];
    this.windows.dropExpired((window) => (window.hits.at(-1) ?? 0) <= now - window.windowMs);
    const buckets: Array<[string, RateLimit]> = [[`${action}|client|${keyOf(keys.client)}`, perClient]];
    if (keys.user && perUser) buckets.push([`${action}|user|${keyOf(keys.user)}`, perUser]);
    let wait = 0;
    const recent = buckets.map(([key, limit]) => {
      const hits = (this.windows.peek(key)?.hits ?? []).filter((at) => now - at < limit.windowMs);
      if (hits.length >= limit.limit) wait = Math.max(wait, (hits[0] ?? now) + limit.windowMs - now);
      return hits;
    });
    buckets.forEach(([key, limit], index) => {
      const hits = recent[index] ?? [];
      if (wait === 0) hits.push(now);
      // A key at its limit is touched, so a flood of other ids cannot evict a window that is still refusing.
      if (hits.length > 0) this.windows.set(key, { hits, windowMs: limit.windowMs });
      else this.windows.delete(key);
    });
    if (wait > 0) throw tooManyRequests(wait);
  }

  reset(): void {
    this.windows.clear();
  }
}

/** The 429 answer: the page shows a message and, for a resend, counts the seconds down. */
export function tooManyRequests(waitMs: number): EmulatorHttpError {
  return new EmulatorHttpError(429, 'TOO_MANY_REQUESTS', 'too many requests', undefined, Math.max(1, Math.ceil(waitMs / 1000)));
}
