import type { Channel, Flow } from '../../src/domain/flows.ts';
import { PASSCODE_TTL_MS } from './passcodes.ts';
import { PasskeyStore } from './passkey-store.ts';
import { loadUsers } from './users.ts';
import type { EmulatorUser } from './users.ts';

/** A passcode bound to its transaction. */
interface Passcode {
  code: string;
  channel: Channel;
  createdAt: number;
  used: boolean;
}

/** One recovery attempt, from the channel lookup to the verified passcode. */
export interface Transaction {
  transactionId: string;
  sessionId: string;
  userId: string;
  flow: Flow;
  createdAt: number;
  /** The last call that used it; TRANSACTION_IDLE_MS later it is gone. */
  lastUsedAt: number;
  passcode: Passcode | undefined;
  /** When a passcode last went to each channel: the resend cooldown is per channel. */
  sentAt: Partial<Record<Channel, number>>;
  /** Wrong tries on this transaction; a resend does not reset them. */
  failures: number;
  verified: boolean;
  /** When the simulated callee keys the code (call channel). */
  callAnswerAt: number | undefined;
}

/**
 * A transaction expires this long after its last use (spec 9's 20 minutes). A passcode it sent counts as in use
 * until the passcode itself expires: the page's "This passcode has expired. Please request a new one." must
 * still find the transaction for that resend.
 */
const TRANSACTION_IDLE_MS = 20 * 60 * 1000;

/** When a transaction lapses. */
function transactionExpiresAt(transaction: Transaction): number {
  const passcodeLive = transaction.passcode && !transaction.passcode.used ? transaction.passcode.createdAt + PASSCODE_TTL_MS : 0;
  return Math.max(transaction.lastUsedAt, passcodeLive) + TRANSACTION_IDLE_MS;
}

/** The outbox and the recorded statistics keep this many entries, newest last (a soak must not grow them without end). */
export const MAX_RECORDS = 5000;

/** A message the emulator "sent": what a test reads instead of a real inbox or phone. */
export interface OutboxMessage {
  channel: Channel;
  to: string;
  text: string;
  code: string | null;
  at: string;
}

/** A recorded statistics payload with the endpoint it was posted to. */
export interface StatRecord {
  endpoint: string;
  payload: unknown;
  at: string;
}

/** A SiteMinder session of the emulator. */
export interface EmulatorSession {
  userId: string;
  wl: string;
  /** When the visitor signed in: the passkey windows (design.md, "Passkeys") count from here. */
  createdAt: number;
  lastUsedAt: number;
  /** How the visitor signed in: only a password sign-in opens the automatic upgrade's window. */
  method: 'password' | 'passkey';
  /** The automatic upgrade (a conditional create) was kept in this session: once per session. */
  upgraded?: boolean;
}

/** A session unused this long ends (SiteMinder's idle timeout). */
const SESSION_IDLE_MS = 30 * 60 * 1000;
/** A session ends this long after sign-in, used or not (SiteMinder's maximum timeout). */
const SESSION_MAX_MS = 8 * 60 * 60 * 1000;

/** Everything the emulator remembers; in memory, seeded from the fixture, reset on demand. */
export class EmulatorState {
  users = new Map<string, EmulatorUser>();
  transactions = new Map<string, Transaction>();
  /** Opaque principal ids handed out by fuid/lookup -> user id. */
  principals = new Map<string, string>();
  /**
   * SiteMinder session cookie -> the user, the brand they signed in with (logout returns there), when it began
   * and when it was last used. Read through useSession, which ends it after SESSION_IDLE_MS or SESSION_MAX_MS.
   */
  sessions = new Map<string, EmulatorSession>();
  outbox: OutboxMessage[] = [];
  /** Passkeys, their open challenges and the offer's declines (design.md, "Passkeys"). */
  readonly passkeys = new PasskeyStore();
  stats: StatRecord[] = [];
  /** A deploy happened under the open pages (`POST /__emulator/deploy`): their hashed scripts answer 404. */
  scriptsGone = false;
  readonly fixturePath: string;

  constructor(fixturePath: string) {
    this.fixturePath = fixturePath;
    this.reset();
  }

  /** Back to the seeded users, with nothing sent, recorded or open. */
  reset(): void {
    this.users = new Map(loadUsers(this.fixturePath).map((user) => [user.userId.toLowerCase(), user]));
    this.transactions.clear();
    this.principals.clear();
    this.sessions.clear();
    this.outbox = [];
    this.stats = [];
    this.scriptsGone = false;
    this.passkeys.reset();
  }

  /**
   * The session a cookie names, touched as used now; undefined when unknown or ended (issue 35: sessions never
   * expired). An ended session is removed, and so are ended ones at the front of the map (kept in order of last
   * use), so the map holds no session past its timeouts for long.
   */
  useSession(key: string, now: number): EmulatorSession | undefined {
    const ended = (session: EmulatorSession) => now - session.lastUsedAt >= SESSION_IDLE_MS || now - session.createdAt >= SESSION_MAX_MS;
    for (const [oldest, session] of this.sessions) {
      if (!ended(session)) break;
      this.sessions.delete(oldest);
    }
    const session = this.sessions.get(key);
    if (!session) return undefined;
    this.sessions.delete(key);
    if (ended(session)) return undefined;
    session.lastUsedAt = now;
    this.sessions.set(key, session);
    return session;
  }

  /**
   * An open transaction, touched as used now; undefined when unknown or lapsed (transactionExpiresAt). The map is
   * kept in order of last use, so lapsed ones are dropped from its front as transactions are opened and used:
   * none outlives its last use by more than the passcode's 20 minutes and the idle 20 minutes.
   */
  useTransaction(transactionId: string, now: number): Transaction | undefined {
    this.dropIdleTransactions(now);
    const transaction = this.transactions.get(transactionId);
    if (!transaction) return undefined;
    this.transactions.delete(transactionId);
    if (now >= transactionExpiresAt(transaction)) return undefined;
    transaction.lastUsedAt = now;
    this.transactions.set(transactionId, transaction);
    return transaction;
  }

  /** Opens a transaction (dropping expired ones first). */
  openTransaction(transaction: Transaction): void {
    this.dropIdleTransactions(transaction.lastUsedAt);
    this.transactions.set(transaction.transactionId, transaction);
  }

  private dropIdleTransactions(now: number): void {
    for (const [id, transaction] of this.transactions) {
      if (now < transactionExpiresAt(transaction)) return;
      this.transactions.delete(id);
    }
  }

  /** Records a message "sent", keeping the newest MAX_RECORDS. */
  send(message: OutboxMessage): void {
    this.outbox.push(message);
    if (this.outbox.length > MAX_RECORDS) this.outbox.splice(0, this.outbox.length - MAX_RECORDS);
  }

  /** A user by id, case-insensitive. */
  user(userId: string): EmulatorUser | undefined {
    return this.users.get(userId.toLowerCase());
  }
}
