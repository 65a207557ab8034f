import { EmulatorHttpError } from './http-utils.ts';

/** What is counted: channel and user lookups, passcode sends, passcode checks, password-change attempts. */
export type RateLimitedAction = 'lookup' | 'send' | 'verify' | 'passwordChange';

/** At most `limit` actions per `windowMs`, per key. */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Per action, a limit per user id and one per client (the visitor's address). */
export type RateLimitPolicy = Record<RateLimitedAction, { perUser: RateLimit; perClient: RateLimit }>;

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
};

/**
 * Another passcode to the same channel of a transaction is refused until this long after the last one sent
 * there, whether asked as a resend or by choosing that channel again (the page counts a resend's wait down).
 * Another channel of the same transaction is not held back: after "Return to previous page" a visitor may
 * rightly pick another way to be reached; every code still counts against the per-user cap.
 */
export const RESEND_COOLDOWN_MS = 30_000;

/** Sliding-window counters; `consume` records an action or refuses it with 429 and the seconds to wait. */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private readonly policy: RateLimitPolicy;

  constructor(policy: RateLimitPolicy = DEFAULT_RATE_LIMITS) {
    this.policy = policy;
  }

  consume(action: RateLimitedAction, keys: { user?: string | undefined; client: string }, now: number): void {
    const { perUser, perClient } = this.policy[action];
    const buckets: Array<[string, RateLimit]> = [[`${action}|client|${keys.client}`, perClient]];
    if (keys.user) buckets.push([`${action}|user|${keys.user.toLowerCase()}`, perUser]);
    let wait = 0;
    for (const [key, limit] of buckets) {
      const recent = (this.hits.get(key) ?? []).filter((at) => now - at < limit.windowMs);
      this.hits.set(key, recent);
      if (recent.length >= limit.limit) wait = Math.max(wait, (recent[0] ?? now) + limit.windowMs - now);
    }
    if (wait > 0) throw tooManyRequests(wait);
    for (const [key] of buckets) this.hits.get(key)?.push(now);
  }

  reset(): void {
    this.hits.clear();
  }
}

/** The 429 answer: the page shows a message and, for a resend, counts the seconds down. */
export function tooManyRequests(waitMs: number): EmulatorHttpError {
  return new EmulatorHttpError(429, 'TOO_MANY_REQUESTS', 'too many requests', undefined, Math.max(1, Math.ceil(waitMs / 1000)));
}
