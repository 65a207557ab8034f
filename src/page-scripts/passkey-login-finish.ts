// The login page's passkey code that runs on use: the Sign in with a passkey button's ceremony, and what follows
// a passkey chosen from autofill or the button (the verify call, then on to TARGET or the refusal's message).
// Loaded on use (passkey-login.ts), so the page's script before any interaction stays within its budget, and
// these calls go through the one service client (XSRF, time-out, HTTP statistics). Built as a standalone module
// (login.astro imports its address with `?worker&url`): the login page's own module is inlined, and an inlined
// script has no Vite chunk graph to import from.
import { SITEMINDER_HOME } from '../contract/siteminder-paths.ts';
import { quietFailure } from '../lib/passkey-client.ts';
import { pagePasskeyService } from './passkey-services.ts';

/** Which message of the login page's passkey box to show (its `data-*` texts, translated at build time). */
export type PasskeyMessage = 'unknown' | 'locked' | 'fault';

/** What the page's own script (passkey-login.ts) lends this code: its box, its one ceremony, its autofill. */
export interface PasskeyLoginPage {
  box: HTMLElement;
  wl: string;
  /** Writes a message into the box's live region ('' clears it). */
  show: (message: PasskeyMessage | '') => void;
  /** Aborts the ceremony in progress (and the pending renewal), and gives the next its controller. */
  ceremony: () => AbortController;
  /** Autofill again, at once. */
  arm: () => void;
  /** Autofill again by the renewal's timer. */
  later: () => void;
  /** Passkeys cannot work here: the box hidden, autofill off. */
  hide: () => void;
  /** Marks the button busy (`aria-busy`, shown), or no longer: a busy button starts no ceremony. */
  busy: (on: boolean) => void;
}

const REFUSALS: Readonly<Record<string, PasskeyMessage>> = { PASSKEY_UNKNOWN: 'unknown', ACCOUNT_LOCKED: 'locked' };

// One silent second try per page view: a challenge that lapsed (a laptop asleep, a tab in the background) is
// answered by a fresh one, never by the fault message; a second refusal in a row is a real one. Back from the
// browser's cache is a new page view.
let retried = false;
addEventListener('pageshow', (event) => {
  if (event.persisted) retried = false;
});

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

/**
 * A chosen passkey (autofill's or the button's): verified, then on to where a password sign-in goes (TARGET), or
 * the refusal's message. Autofill comes back at once after a silent retry; after a refusal the visitor reads,
 * when they come back to the form (an authenticator that answers by itself would otherwise be asked again and
 * again), or at the latest by the renewal.
 */
export async function chosen(page: PasskeyLoginPage, credential: PublicKeyCredential, rpId = location.hostname): Promise<void> {
  // Busy until the page leaves or the refusal is said: one ceremony at a time once a passkey is chosen.
  page.busy(true);
  const answer = await finishSignIn(credential, page.wl, rpId);
  if ('redirect' in answer) {
    // The service already answers a same-origin path (its safeTarget); the page only makes sure it stays here.
    const target = new URL(answer.redirect, location.href);
    location.assign(target.origin === location.origin ? target.href : SITEMINDER_HOME);
    return;
  }
  page.busy(false);
  if (answer.code === 'PASSKEY_REJECTED' && !retried) {
    retried = true;
    page.arm();
    return;
  }
  page.show(REFUSALS[answer.code] ?? 'fault');
  page.later();
  page.box.closest('form, section')?.addEventListener('focusin', page.arm, { once: true });
}

/**
 * The Sign in with a passkey button: its options through the service client, the browser's prompt (converted by
 * hand where the browser lacks the JSON helpers), then as any chosen passkey. Cancelled or aborted says nothing;
 * anything else says the fault; autofill comes back at once after the prompt.
 */
export async function buttonSignIn(page: PasskeyLoginPage): Promise<void> {
  page.show('');
  page.busy(true);
  const { signal } = page.ceremony();
  const { dataset } = page.box;
  let picked = false;
  try {
    const options = await pagePasskeyService(page.wl).signInOptions(page.wl);
    if (!options.ok) throw new Error(options.error);
    const json = options.data;
    const publicKey = 'parseRequestOptionsFromJSON' in PublicKeyCredential ? PublicKeyCredential.parseRequestOptionsFromJSON(json) : requestOptionsByHand(json);
    // Marked while pending, so the engines' journeys can show the request never holds up a password sign-in.
    dataset['pending'] = 'optional';
    const credential = await navigator.credentials.get({ publicKey, mediation: 'optional', signal }).finally(() => {
      delete dataset['pending'];
    });
    // Aborted after the passkey was chosen (a password submit raced it): the password wins.
    if (!(credential instanceof PublicKeyCredential) || signal.aborted) return;
    picked = true;
    await chosen(page, credential, json.rpId);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'SecurityError') {
      page.hide();
      return;
    }
    // Whoever aborted it (a new ceremony, a submit that goes ahead) takes it from here.
    if (signal.aborted) return;
    if (!quietFailure(error)) page.show('fault');
    page.arm();
  } finally {
    // Until the prompt's end; a chosen passkey keeps it busy until the page leaves or says why not (chosen).
    if (!picked) page.busy(false);
  }
}
