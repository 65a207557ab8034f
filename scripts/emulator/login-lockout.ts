import { keyOf, LruMap, MAX_TRACKED_KEYS } from './bounded-keys.ts';

/** Wrong passwords for one user id within LOCKOUT_WINDOW_MS that lock it (a SiteMinder password policy). */
export const LOCKOUT_FAILURES = 5;
const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
/** How long a locked user id refuses every login, the right password too. */
const LOCKOUT_MS = 15 * 60 * 1000;

/**
 * The SMUSRMSG of a refused login of a locked user id. It is not in spec 8's catalogue on purpose: the page
 * shows the catalogue's last line, "You may have entered the wrong User ID or password or your account may
 * be locked.", as a SiteMinder policy server's lock message does.
 */
export const LOCKED_SMUSRMSG = 'Account Locked';

/**
 * The SMUSRMSG of a sign-in refused because the client made too many (rate-limits.ts `signIn`): not in the
 * catalogue either, so the page shows its generic message.
 */
export const CLIENT_LIMITED_SMUSRMSG = 'Too Many Attempts';

/** The SMPWERR of a password change for a locked user id: the same whatever password was given. */
export const LOCKED_SMPWERR = 'ACCOUNT_LOCKED';

interface LoginFailures {
  /** Times of the wrong passwords inside the window, oldest first. */
  failures: number[];
  lockedUntil: number;
}

/**
 * Login lockout per user id, for the sign-in form and the password-change form alike. The counts of accounts
 * the service holds are never evicted (issue 35: 10,000 failed sign-ins with junk ids pushed a locked victim
 * out of a shared least-recently-used map and unlocked it): they are bounded by the accounts themselves, and
 * an entry goes only once its window and lock are over. Unknown user ids are counted and locked alike, so the
 * lock message says nothing about whether an account exists; those are held in a bounded map of their own
 * (MAX_TRACKED_KEYS, least recently used evicted), where an eviction frees no account.
 */
export class LoginLockout {
  private readonly accounts = new LruMap<LoginFailures>(Number.POSITIVE_INFINITY);
  private readonly unknown: LruMap<LoginFailures>;
  private readonly isAccount: (userId: string) => boolean;

  /** `isAccount` says whether the service holds a user id (the emulator: its users). */
  constructor(isAccount: (userId: string) => boolean, maxUnknownKeys: number = MAX_TRACKED_KEYS) {
    this.isAccount = isAccount;
    this.unknown = new LruMap(maxUnknownKeys);
  }

  private mapOf(userId: string): LruMap<LoginFailures> {
    return this.isAccount(userId) ? this.accounts : this.unknown;
  }

  /** Whether the user id is locked now. */
  isLocked(userId: string, now: number): boolean {
    const entry = this.mapOf(userId).peek(keyOf(userId));
    return entry !== undefined && now < entry.lockedUntil;
  }

  /** Counts a wrong password; true when it locks the user id. */
  fail(userId: string, now: number): boolean {
    const over = (entry: LoginFailures) => now >= entry.lockedUntil && (entry.failures.at(-1) ?? 0) <= now - LOCKOUT_WINDOW_MS;
    this.accounts.dropExpired(over);
    this.unknown.dropExpired(over);
    const users = this.mapOf(userId);
    const key = keyOf(userId);
    const failures = [...(users.peek(key)?.failures ?? []).filter((at) => now - at < LOCKOUT_WINDOW_MS), now];
    const locked = failures.length >= LOCKOUT_FAILURES;
    // Once locked the count starts again, so the lock ends LOCKOUT_MS after it began.
    users.set(key, locked ? { failures: [], lockedUntil: now + LOCKOUT_MS } : { failures, lockedUntil: 0 });
    return locked;
  }

  /** A good login clears the count. */
  succeed(userId: string): void {
    this.mapOf(userId).delete(keyOf(userId));
  }

  /** How many user ids are held (the soak bench and the tests watch it stay bounded). */
  get size(): number {
    return this.accounts.size + this.unknown.size;
  }

  reset(): void {
    this.accounts.clear();
    this.unknown.clear();
  }
}
