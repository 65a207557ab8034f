import { createHash } from 'node:crypto';

/**
 * Most keys one limiter (or the login lockout) holds. At the bound the key used least recently goes, after
 * the expired ones: see RateLimiter for why eviction rather than refusing new keys.
 */
export const MAX_TRACKED_KEYS = 10_000;

/**
 * The stored form of a caller-chosen id: short ids as they are (lower case), longer ones as their SHA-256,
 * so 10,000 keys of 8 KB ids cannot take 80 MB.
 */
export function keyOf(id: string): string {
  const lower = id.toLowerCase();
  return lower.length <= 64 ? lower : `sha256:${createHash('sha256').update(lower).digest('base64url')}`;
}

/**
 * A Map kept in least-recently-used order (a touch moves a key to the end) with at most `max` keys: inserting
 * one more evicts the key at the front, the one unused the longest.
 */
export class LruMap<V> {
  private readonly entries = new Map<string, V>();
  readonly max: number;

  constructor(max: number = MAX_TRACKED_KEYS) {
    this.max = max;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, without touching it. */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Stores a value as the most recently used, evicting the least recently used key when full. */
  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops keys from the least recently used end while `expired` says so: amortised O(1) per call. */
  dropExpired(expired: (value: V) => boolean, budget = 8): void {
    for (const [key, value] of this.entries) {
      if (budget <= 0 || !expired(value)) return;
      this.entries.delete(key);
      budget -= 1;
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
