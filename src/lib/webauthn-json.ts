// WebAuthn's JSON forms: the browser's own helpers (PublicKeyCredential.parse*OptionsFromJSON,
// credential.toJSON()) where it has them, and hand-made stand-ins for browsers without them.

const bytes = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (character) => character.charCodeAt(0));
const text = (buffer: ArrayBuffer | null) => (buffer ? btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : null);

/** The creation options for navigator.credentials.create(). */
export function creationOptionsFromJSON(json: PublicKeyCredentialCreationOptionsJSON): PublicKeyCredentialCreationOptions {
  if ('parseCreationOptionsFromJSON' in PublicKeyCredential) return PublicKeyCredential.parseCreationOptionsFromJSON(json);
  const { challenge, user, excludeCredentials, rp, pubKeyCredParams, timeout, authenticatorSelection, attestation } = json;
  return {
    challenge: bytes(challenge), user: { ...user, id: bytes(user.id) }, rp, pubKeyCredParams, ...(timeout ? { timeout } : {}),
    ...(authenticatorSelection ? { authenticatorSelection } : {}), ...(attestation ? { attestation: attestation as AttestationConveyancePreference } : {}),
    excludeCredentials: (excludeCredentials ?? []).map((entry) => ({ type: 'public-key', id: bytes(entry.id), ...(entry.transports ? { transports: entry.transports as AuthenticatorTransport[] } : {}) })),
  };
}

/** `credential.toJSON()`, or the same JSON made by hand where the browser lacks it. */
export function credentialJSON(credential: PublicKeyCredential): unknown {
  if (typeof credential.toJSON === 'function') return credential.toJSON();
  const response = credential.response as AuthenticatorResponse & Partial<AuthenticatorAssertionResponse & AuthenticatorAttestationResponse>;
  return {
    id: credential.id, rawId: text(credential.rawId), type: credential.type, authenticatorAttachment: credential.authenticatorAttachment, clientExtensionResults: credential.getClientExtensionResults(),
    response: response.attestationObject
      ? { clientDataJSON: text(response.clientDataJSON), attestationObject: text(response.attestationObject), transports: response.getTransports?.() ?? [] }
      : { clientDataJSON: text(response.clientDataJSON), authenticatorData: text(response.authenticatorData ?? null), signature: text(response.signature ?? null), userHandle: text(response.userHandle ?? null) },
  };
}
