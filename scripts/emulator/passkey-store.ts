import { randomBytes } from 'node:crypto';

/** A challenge lives this long after it is issued, and is used at most once (design.md, "Passkeys"). */
const CHALLENGE_TTL_MS = 2 * 60 * 1000;
/** Not now on the offer keeps it away this long. */
const OFFER_DECLINE_MS = 30 * 24 * 3600 * 1000;
/** Challenges held at once; the oldest go first (an options call needs no session, so it must not grow memory without end). */
const MAX_CHALLENGES = 10_000;

/** What a challenge was issued for, and to whom (registration only: sign-in challenges belong to nobody yet). */
export interface IssuedChallenge {
  purpose: 'authentication' | 'registration';
  issuedAt: number;
  rpId: string;
  userId?: string;
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
 * Names of authenticators by AAGUID (the passkey providers' published ids), for the list on the management
 * page; any other is "Passkey".
 */
const AAGUID_NAMES: Readonly<Record<string, string>> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain (Managed)',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
  'b84e4048-15dc-4dd0-8640-f4f60813c8af': 'NordPass',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
};

/** The name a passkey gets from its authenticator's AAGUID. */
export function passkeyName(aaguid: string): string {
  return AAGUID_NAMES[aaguid.toLowerCase()] ?? 'Passkey';
}

/** Everything the service keeps about passkeys: the passkeys, the open challenges, the user handles and the declines. */
export class PasskeyStore {
  readonly passkeys = new Map<string, StoredPasskey>();
  private readonly challenges = new Map<string, IssuedChallenge>();
  /** user id (lower case) -> the opaque user handle the authenticators hold (never the user id itself). */
  private readonly handles = new Map<string, string>();
  /** user id (lower case) -> when Not now was pressed. */
  private readonly declines = new Map<string, number>();

  reset(): void {
    this.passkeys.clear();
    this.challenges.clear();
    this.handles.clear();
    this.declines.clear();
  }

  /** A fresh challenge (32 random bytes, base64url), held by the service until used or lapsed. */
  issue(challenge: Omit<IssuedChallenge, 'issuedAt'>, now: number): string {
    for (const [key, issued] of this.challenges) {
      if (now - issued.issuedAt < CHALLENGE_TTL_MS && this.challenges.size < MAX_CHALLENGES) break;
      this.challenges.delete(key);
    }
    const value = randomBytes(32).toString('base64url');
    this.challenges.set(value, { ...challenge, issuedAt: now });
    return value;
  }

  /** Takes a challenge out (single use, whatever the verification then says); undefined when unknown, used or lapsed. */
  consume(value: string, purpose: IssuedChallenge['purpose'], now: number): IssuedChallenge | undefined {
    const issued = this.challenges.get(value);
    if (!issued) return undefined;
    this.challenges.delete(value);
    if (issued.purpose !== purpose || now - issued.issuedAt >= CHALLENGE_TTL_MS) return undefined;
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
