import { keyOf, LruMap, MAX_TRACKED_KEYS } from './bounded-keys.ts';

/** Wrong passwords for one user id within LOCKOUT_WINDOW_MS that lock it (a SiteMinder password policy). */
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
/** How long a locked user id refuses every login, the right password too. */
export const LOCKOUT_MS = 15 * 60 * 1000;

/**
 * The SMUSRMSG of a refused login of a locked user id. It is not in spec 8's catalogue on purpose: the page
 * shows the catalogue's last line, "You may have entered the wrong User ID or password or your account may
 * be locked.", as a SiteMinder policy server's lock message does.
 */
export const LOCKED_SMUSRMSG = 'Account Locked';

interface LoginFailures {
  /** Times of the wrong passwords inside the window, oldest first. */
  failures: number[];
  lockedUntil: number;
}

/**
 * Login lockout per user id. Unknown user ids are counted and locked alike, so the lock message says nothing
 * about whether an account exists; the ids held are bounded (MAX_TRACKED_KEYS, least recently used evicted).
 */
export class LoginLockout {
  private readonly users: LruMap<LoginFailures>;

  constructor(maxKeys: number = MAX_TRACKED_KEYS) {
    this.users = new LruMap(maxKeys);
  }

  /** Whether the user id is locked now. */
  isLocked(userId: string, now: number): boolean {
    const entry = this.users.peek(keyOf(userId));
    return entry !== undefined && now < entry.lockedUntil;
  }

  /** Counts a wrong password; true when it locks the user id. */
  fail(userId: string, now: number): boolean {
    this.users.dropExpired((entry) => now >= entry.lockedUntil && (entry.failures.at(-1) ?? 0) <= now - LOCKOUT_WINDOW_MS);
    const key = keyOf(userId);
    const failures = [...(this.users.peek(key)?.failures ?? []).filter((at) => now - at < LOCKOUT_WINDOW_MS), now];
    const locked = failures.length >= LOCKOUT_FAILURES;
    // Once locked the count starts again, so the lock ends LOCKOUT_MS after it began.
    this.users.set(key, locked ? { failures: [], lockedUntil: now + LOCKOUT_MS } : { failures, lockedUntil: 0 });
    return locked;
  }

  /** A good login clears the count. */
  succeed(userId: string): void {
    this.users.delete(keyOf(userId));
  }

  reset(): void {
    this.users.clear();
  }
}
