import { PASSKEY_RENEW_MS } from '../contract/passkey-challenge.ts';
import { PASSKEY_SIGN_IN_OPTIONS } from '../contract/service-paths.ts';
import { SITEMINDER_HOME } from '../contract/siteminder-paths.ts';
import { passkeyCall, quietFailure } from '../lib/passkey-client.ts';
import { REAUTH_FROM_PAGE, RELATED_HOST_CLASS } from '../lib/passkey-support.ts';

/** The code that runs once a passkey was chosen (verify, the hand-made JSON): loaded on use, its address in the box's data. */
type Finish = typeof import('./passkey-login-finish.ts');

/** Which message of the login page's passkey box to show (its `data-*` texts, translated at build time). */
type PasskeyMessage = 'unknown' | 'locked' | 'fault';

const REFUSALS: Readonly<Record<string, PasskeyMessage>> = { PASSKEY_UNKNOWN: 'unknown', ACCOUNT_LOCKED: 'locked' };

/**
 * The login page's passkeys: autofill (conditional mediation) and the Sign in with a passkey button, one
 * ceremony at a time (a new one aborts the last, as SimpleWebAuthn's one abort controller does). Autofill lives
 * as long as the page is open: armed as the page loads, armed again with a fresh challenge before the service's
 * lapses (a browser keeps a conditional request pending for ever, WebAuthn L3), on pageshow (Back from the
 * browser's cache), after the button's prompt and after any failure. Only a password submit that goes ahead
 * aborts it (a refused one leaves it be). All of it runs before any interaction, inside the page's 6,800-byte
 * budget (inlined into the page: page-scripts/login-page.ts).
 */
export function startPasskeyLogin(found: HTMLElement | null): void {
  const Available = window.PublicKeyCredential as typeof PublicKeyCredential | undefined;
  if (!found || !Available) return;
  const box: HTMLElement = found;
  const Credential: typeof PublicKeyCredential = Available;
  const { dataset } = box;
  // A live region in the page from the start (aria-live in the HTML): the text written into it is announced.
  const alert = box.querySelector('.passkey-signin__message');
  const button = box.querySelector('button');
  const show = (message: PasskeyMessage | '') => {
    if (alert) alert.textContent = message && (dataset[message] ?? '');
  };
  const wl = document.body.dataset['brand'] ?? '';
  let autofill = false;
  let retried = false;
  let pending: AbortController | undefined;
  let renew: ReturnType<typeof setTimeout> | undefined;
  const abort = () => {
    clearTimeout(renew);
    pending?.abort();
  };
  const arm = () => {
    if (autofill) void signIn('conditional');
  };

  /**
   * One passkey request, by autofill or by the button: the service's options, the browser's prompt, then the
   * assertion to the service, and on to where a password sign-in goes (TARGET), or the reason why not. A
   * request that ends without a choice (cancelled, aborted, no passkey) says nothing.
   */
  async function signIn(mediation: CredentialMediationRequirement): Promise<void> {
    abort();
    const controller = new AbortController();
    pending = controller;
    const { signal } = controller;
    // Autofill renews itself before its challenge lapses, and comes back this way after an options call that failed.
    if (mediation === 'conditional') renew = setTimeout(arm, PASSKEY_RENEW_MS);
    let stage: PasskeyMessage | '' = mediation === 'conditional' ? '' : 'fault';
    let chosen = false;
    // The options before any interaction with the page's plain call (its budget has no room for the service
    // client); everything after the choice through the service client, loaded then.
    const finish = () => import(/* @vite-ignore */ dataset['code'] ?? '') as Promise<Finish>;
    try {
      const options = await passkeyCall('POST', PASSKEY_SIGN_IN_OPTIONS, { wl }, signal);
      if (!options.ok) throw new Error(String(options.status));
      const json = (await options.json()) as PublicKeyCredentialRequestOptionsJSON;
      // Where the browser lacks the JSON helpers (the button only: autofill needs them), by hand.
      const publicKey = 'parseRequestOptionsFromJSON' in Credential ? Credential.parseRequestOptionsFromJSON(json) : (await finish()).requestOptionsByHand(json);
      // Marked while pending, so the engines' journeys can show the request never holds up a password sign-in.
      dataset['pending'] = mediation;
      const credential = await navigator.credentials.get({ publicKey, mediation, signal }).finally(() => {
        delete dataset['pending'];
      });
      // Aborted after the passkey was chosen (a password submit raced it): the password wins.
      if (!(credential instanceof Credential) || signal.aborted) return;
      clearTimeout(renew);
      chosen = true;
      stage = 'fault';
      button?.setAttribute('aria-busy', 'true');
      const answer = await (await finish()).finishSignIn(credential, wl, json.rpId ?? location.hostname);
      if ('redirect' in answer) {
        // The service already answers a same-origin path (its safeTarget); the page only makes sure it stays here.
        const target = new URL(answer.redirect, location.href);
        location.assign(target.origin === location.origin ? target.href : SITEMINDER_HOME);
        return;
      }
      stage = REFUSALS[answer.code] ?? 'fault';
      // One silent second try per page view: a challenge that lapsed (a laptop asleep, a tab in the background)
      // is answered by a fresh one, never by the fault message; a second refusal in a row is a real one.
      if (answer.code === 'PASSKEY_REJECTED' && !retried) {
        retried = true;
        stage = '';
      }
      throw new Error(stage);
    } catch (error) {
      // A browser that cannot use the RP ID here (no related-origins support): not here, so no button and no word.
      if (error instanceof DOMException && error.name === 'SecurityError') {
        box.hidden = true;
        autofill = false;
        abort();
        return;
      }
      // Whoever aborted it (a new ceremony, a submit that goes ahead) takes it from here.
      if (signal.aborted) return;
      // Cancelled, nothing to offer: quiet.
      if (!quietFailure(error)) show(stage);
      // Autofill again: at once after the button's prompt and after a silent retry; after a refusal the visitor
      // reads, when they come back to the form (an authenticator that answers by itself would otherwise be asked
      // again and again), or at the latest by the renewal. Before a choice it renews itself.
      if (stage && chosen) {
        renew = setTimeout(arm, PASSKEY_RENEW_MS);
        box.closest('form, section')?.addEventListener('focusin', arm, { once: true });
      } else if (chosen || mediation !== 'conditional') arm();
    } finally {
      button?.removeAttribute('aria-busy');
    }
  }

  // Sent here by Your passkeys for a change that needs a recent sign-in: the line that says why, written into
  // its live region (in the page from the start, so it is announced).
  const reauth = document.getElementById('passkey-reauth');
  if (reauth && new URLSearchParams(location.search).get('fromPage') === REAUTH_FROM_PAGE) reauth.textContent = reauth.dataset['text'] ?? '';
  const start = () => {
    document.documentElement.classList.remove(RELATED_HOST_CLASS);
    // Bubbling, after every other handler: only a submit that goes ahead (no one refused it) ends the passkey request.
    addEventListener('submit', (event) => {
      if (!event.defaultPrevented) abort();
    });
    addEventListener('pageshow', (event) => {
      // Back (or Forward) from the browser's cache: a fresh page view, with autofill armed anew.
      if (!event.persisted) return;
      retried = false;
      show('');
      arm();
    });
    button?.addEventListener('click', () => {
      show('');
      void signIn('optional');
    });
    // Autofill needs the browser's JSON helpers; without them the button alone (it converts by hand).
    if ('parseRequestOptionsFromJSON' in Credential && 'isConditionalMediationAvailable' in Credential) {
      void Credential.isConditionalMediationAvailable().then((available) => {
        autofill = available;
        arm();
      }, () => undefined);
    }
  };
  // On a host outside the RP ID's domain (marked before the first paint) passkeys work only where the browser
  // reads the related-origins file; elsewhere the box stays hidden and nothing is asked.
  if (!document.documentElement.classList.contains(RELATED_HOST_CLASS)) start();
  else if ('getClientCapabilities' in Credential) void Credential.getClientCapabilities().then((capabilities) => capabilities['relatedOrigins'] && start(), () => undefined);
}
