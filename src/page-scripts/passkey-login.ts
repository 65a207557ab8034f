import { PASSKEY_SIGN_IN_OPTIONS, PASSKEY_SIGN_IN_VERIFY } from '../contract/service-paths.ts';
import { SITEMINDER_HOME } from '../contract/siteminder-paths.ts';
import { passkeyCall, quietFailure } from '../lib/passkey-client.ts';

const base64 = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (character) => character.charCodeAt(0));
const base64url = (buffer: ArrayBuffer | null) => buffer && btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * The sign-in's WebAuthn JSON by the browser's helpers, or by hand where it lacks them (the button still works
 * there). By hand only what the contract sends: a challenge, no allowCredentials, no extensions. Kept here
 * rather than in lib/webauthn-json.ts, whose creation half the login page does not need to download.
 */
function requestOptions(json: PublicKeyCredentialRequestOptionsJSON): PublicKeyCredentialRequestOptions {
  if ('parseRequestOptionsFromJSON' in PublicKeyCredential) return PublicKeyCredential.parseRequestOptionsFromJSON(json);
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

/** Which message of the login page's passkey box to show (its `data-*` texts, translated at build time). */
type PasskeyMessage = 'unknown' | 'locked' | 'fault';


const REFUSALS: Readonly<Record<string, PasskeyMessage>> = { PASSKEY_UNKNOWN: 'unknown', ACCOUNT_LOCKED: 'locked' };

/**
 * The login page's passkeys: autofill (conditional mediation) started as the page loads, where the browser
 * has it and its own JSON helpers, and the Sign in with a passkey button. A password submit or the button
 * aborts the pending autofill request first, so a password manager's passkey request never stands in the way
 * of the form. All of it runs before any interaction, inside the page's 6,800-byte budget (inlined into the page: page-scripts/login-page.ts): a lazy import()
 * would bring Vite's preload helper, which alone is most of that budget's room.
 */
export function startPasskeyLogin(box: HTMLElement | null): void {
  const Available = window.PublicKeyCredential as typeof PublicKeyCredential | undefined;
  if (!box || !Available) return;
  const Credential: typeof PublicKeyCredential = Available;
  const { dataset } = box;
  const alert = box.querySelector('.passkey-signin__message');
  const button = box.querySelector('button');
  const show = (message: PasskeyMessage | '') => {
    if (!alert) return;
    alert.textContent = message && (box.dataset[message] ?? '');
    if (message) alert.setAttribute('role', 'alert');
    else alert.removeAttribute('role');
  };
  const wl = document.body.dataset['brand'] ?? '';
  let pending: AbortController | undefined;
  const abort = () => {
    pending?.abort();
    pending = undefined;
  };

  /**
   * One passkey request, by autofill or by the button: the service's options, the browser's prompt, then the
   * assertion to the service, and on to where a password sign-in goes (TARGET), or the reason why not. A
   * request that ends without a choice (cancelled, aborted, no passkey) says nothing; only the button's own
   * failures speak.
   */
  async function signIn(mediation: CredentialMediationRequirement): Promise<void> {
    abort();
    const controller = new AbortController();
    pending = controller;
    const { signal } = controller;
    const query = new URLSearchParams(location.search);
    let stage: PasskeyMessage | '' = mediation === 'conditional' ? '' : 'fault';
    try {
      const options = await passkeyCall('POST', PASSKEY_SIGN_IN_OPTIONS, { wl }, signal);
      if (!options.ok) throw new Error(String(options.status));
      const publicKey = requestOptions((await options.json()) as PublicKeyCredentialRequestOptionsJSON);
      // Marked while pending, so the engines' journeys can show the request never holds up a password sign-in.
      dataset['pending'] = mediation;
      const credential = await navigator.credentials.get({ publicKey, mediation, signal }).finally(() => {
        delete dataset['pending'];
      });
      // Aborted after the passkey was chosen (a password submit raced it): the password wins.
      if (!(credential instanceof Credential) || signal.aborted) return;
      stage = 'fault';
      button?.setAttribute('aria-busy', 'true');
      const answer = await passkeyCall('POST', PASSKEY_SIGN_IN_VERIFY, {
        wl, SMQUERYDATA: query.get('SMQUERYDATA') ?? '', TARGET: query.get('TARGET') ?? '', credential: assertionJSON(credential),
      });
      const body = (await answer.json().catch(() => ({}))) as { redirect?: unknown; code?: unknown };
      if (answer.ok) {
        // The service already answers a same-origin path (its safeTarget); the page only makes sure it stays here.
        const target = new URL(typeof body.redirect === 'string' ? body.redirect : SITEMINDER_HOME, location.href);
        location.assign(target.origin === location.origin ? target.href : SITEMINDER_HOME);
        return;
      }
      stage = REFUSALS[String(body.code)] ?? 'fault';
      // The password manager stops offering a passkey the service no longer holds.
      if (stage === 'unknown' && 'signalUnknownCredential' in Credential) {
        void Credential.signalUnknownCredential({ rpId: publicKey.rpId ?? location.hostname, credentialId: credential.id }).catch(() => undefined);
      }
      show(stage);
    } catch (error) {
      // A request that ends without a choice (cancelled, aborted, no passkey) stays quiet.
      if (!quietFailure(error)) show(stage);
    } finally {
      button?.removeAttribute('aria-busy');
    }
  }

  document.addEventListener('submit', abort, true);
  button?.addEventListener('click', () => {
    show('');
    void signIn('optional');
  });
  // Autofill needs the browser's JSON helpers; without them the button alone (it converts by hand).
  if ('parseRequestOptionsFromJSON' in Credential && 'isConditionalMediationAvailable' in Credential) {
    void Credential.isConditionalMediationAvailable().then((available) => (available ? signIn('conditional') : undefined), () => undefined);
  }
}
