import type { Channel, Flow } from '../../src/domain/flows.ts';
import { loadUsers } from './users.ts';
import type { EmulatorUser } from './users.ts';

/** A passcode bound to its transaction. */
export interface Passcode {
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
  passcode: Passcode | undefined;
  /** When a passcode last went to each channel: the resend cooldown is per channel. */
  sentAt: Partial<Record<Channel, number>>;
  /** Wrong tries on this transaction; a resend does not reset them. */
  failures: number;
  verified: boolean;
  /** When the simulated callee keys the code (call channel). */
  callAnswerAt: number | undefined;
}

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

/** Everything the emulator remembers; in memory, seeded from the fixture, reset on demand. */
export class EmulatorState {
  users = new Map<string, EmulatorUser>();
  transactions = new Map<string, Transaction>();
  /** Opaque principal ids handed out by fuid/lookup -> user id. */
  principals = new Map<string, string>();
  /** SiteMinder session cookie -> user id. */
  sessions = new Map<string, string>();
  outbox: OutboxMessage[] = [];
  stats: StatRecord[] = [];
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
  }

  /** A user by id, case-insensitive. */
  user(userId: string): EmulatorUser | undefined {
    return this.users.get(userId.toLowerCase());
  }
}
