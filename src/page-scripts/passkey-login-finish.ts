// The login page's passkey code that runs only once the visitor chose a passkey (or pressed the button in a
// browser without WebAuthn's JSON helpers): loaded on use (passkey-login.ts), so the page's script before any
// interaction stays within its budget, and the sign-in goes through the one service client (XSRF, time-out,
// HTTP statistics). Built as a standalone module (login.astro imports its address with `?worker&url`): the
// login page's own module is inlined, and an inlined script has no Vite chunk graph to import from.
import { pagePasskeyService } from './passkey-services.ts';

const base64 = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (character) => character.charCodeAt(0));
const base64url = (buffer: ArrayBuffer | null) => buffer && btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The sign-in's options by hand where the browser lacks `parseRequestOptionsFromJSON`: only what the contract sends. */
export function requestOptionsByHand(json: PublicKeyCredentialRequestOptionsJSON): PublicKeyCredentialRequestOptions {
  return { challenge: base64(json.challenge), ...(json.rpId ? { rpId: json.rpId } : {}), userVerification: 'required' };
}

function assertionJSON(credential: PublicKeyCredential): unknown {
  if (typeof credential.toJSON === 'function') return credential.toJSON();
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id, rawId: base64url(credential.rawId), type: credential.type, clientExtensionResults: {},
    response: { clientDataJSON: base64url(response.clientDataJSON), authenticatorData: base64url(response.authenticatorData), signature: base64url(response.signature), userHandle: base64url(response.userHandle) },
  };
}

/** The chosen passkey to the service: where to go, or the refusal's code (a failed call: `SERVER`, `TIMEOUT`, …). */
export async function finishSignIn(credential: PublicKeyCredential, wl: string, rpId: string): Promise<{ redirect: string } | { code: string }> {
  const query = new URLSearchParams(location.search);
  const answer = await pagePasskeyService(wl).signIn({ wl, SMQUERYDATA: query.get('SMQUERYDATA') ?? '', TARGET: query.get('TARGET') ?? '', credential: assertionJSON(credential) });
  if (answer.ok) return answer.data;
  // The password manager stops offering a passkey the service no longer holds.
  if (answer.error === 'PASSKEY_UNKNOWN' && 'signalUnknownCredential' in PublicKeyCredential) {
    void PublicKeyCredential.signalUnknownCredential({ rpId, credentialId: credential.id }).catch(() => undefined);
  }
  return { code: answer.error };
}
