import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** What a test makes the authenticator or browser do differently from a well-behaved one. */
export interface Tamper {
  /** The origin the "browser" writes into clientDataJSON (a phishing site relaying the ceremony). */
  origin?: string;
  /** The RP ID whose hash the authenticator puts into authenticatorData. */
  rpId?: string;
  /** User verification (the UV flag). */
  userVerified?: boolean;
  /** User presence (the UP flag): a conditional create (WebAuthn L3) sets neither UP nor UV. */
  userPresent?: boolean;
  /** The user handle an assertion names (another user's, or none). */
  userHandle?: string | null;
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/**
 * A software passkey authenticator with one resident ES256 credential, for the service's unit tests: it makes
 * the same JSON a browser's `credential.toJSON()` gives, and can be told to misbehave (Tamper).
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;
  userHandle: string | undefined;
  readonly origin: string;
  readonly rpId: string;

  constructor(origin: string, rpId: string) {
    this.origin = origin;
    this.rpId = rpId;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x ?? '', y: jwk.y ?? '' };
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private authenticatorData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private flags(tamper: Tamper, attested: boolean): number {
    // UP 0x01, UV 0x04, BE 0x08, BS 0x10 (a synced passkey), AT 0x40.
    return (tamper.userPresent === false ? 0 : 0x01) | (tamper.userVerified === false ? 0 : 0x04) | 0x08 | 0x10 | (attested ? 0x40 : 0);
  }

  /** navigator.credentials.create() answering the options' challenge. */
  register(options: { challenge: string; user: { id: string } }, tamper: Tamper = {}): Record<string, unknown> {
    this.userHandle = options.user.id;
    const cose = isoCBOR.encode(new Map<number, number | Uint8Array>([
      [1, 2], [3, -7], [-1, 1], [-2, Buffer.from(this.publicJwk.x, 'base64url')], [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cose]);
    const authData = this.authenticatorData(tamper.rpId ?? this.rpId, this.flags(tamper, true), attested);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    return {
      id: this.id, rawId: this.id, type: 'public-key', authenticatorAttachment: 'platform', clientExtensionResults: {},
      response: { clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, tamper.origin ?? this.origin)), attestationObject: b64(attestationObject), transports: ['internal'] },
    };
  }

  /** navigator.credentials.get() answering the options' challenge. */
  assert(options: { challenge: string }, tamper: Tamper = {}): Record<string, unknown> {
    this.counter += 1;
    const authData = this.authenticatorData(tamper.rpId ?? this.rpId, this.flags(tamper, false));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tamper.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id, rawId: this.id, type: 'public-key', authenticatorAttachment: 'platform', clientExtensionResults: {},
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature), userHandle: tamper.userHandle === undefined ? this.userHandle ?? null : tamper.userHandle },
    };
  }
}
