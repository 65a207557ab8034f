import { PASSKEY_RENEW_MS, PASSKEY_TIMEOUT_MS } from '../contract/passkey-challenge.ts';
import { PASSKEY_SIGN_IN_OPTIONS } from '../contract/service-paths.ts';
import { passkeyOptionsCall } from '../lib/passkey-client.ts';
import { REAUTH_FROM_PAGE, RELATED_HOST_CLASS } from '../lib/passkey-support.ts';
import type { PasskeyLoginPage } from './passkey-login-finish.ts';
import type { OptionsCall } from './passkey-login-stats.ts';

/** The code that runs on use: the button's ceremony and what follows a chosen passkey (its address in the box's data). */
type Finish = typeof import('./passkey-login-finish.ts');
/** The statistics reporter of the options calls: loaded on the first interaction or a chosen passkey, its address in the box's data. */
type Stats = typeof import('./passkey-login-stats.ts');

/**
 * The login page's passkeys before any interaction: autofill (conditional mediation), one ceremony at a time
 * with the button's (a new one aborts the last, as SimpleWebAuthn's one abort controller does). Autofill lives
 * as long as the page is open: armed as the page loads, armed again with a fresh challenge before the service's
 * lapses (a browser keeps a conditional request pending for ever, WebAuthn L3), on pageshow (Back from the
 * browser's cache), after the button's prompt and after any failure. Only a password submit that goes ahead
 * aborts it (a refused one leaves it be). This runs inside the page's 6,800-byte budget (inlined into the page:
 * page-scripts/login-page.ts); the button's ceremony and everything after a choice load on use
 * (passkey-login-finish.ts), through the one service client.
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
  let autofill = false;
  let pending: AbortController | undefined;
  let renew: ReturnType<typeof setTimeout> | undefined;
  const page: PasskeyLoginPage = {
    box,
    wl: document.body.dataset['brand'] ?? '',
    show: (message) => {
      if (alert) alert.textContent = message && (dataset[message] ?? '');
    },
    ceremony: () => {
      clearTimeout(renew);
      pending?.abort();
      return (pending = new AbortController());
    },
    arm: () => {
      if (autofill) void signIn();
    },
    later: () => {
      renew = setTimeout(page.arm, PASSKEY_RENEW_MS);
    },
    hide: () => {
      box.hidden = true;
      autofill = false;
      page.ceremony();
    },
    busy: (on) => {
      if (on) button?.setAttribute('aria-busy', 'true');
      else button?.removeAttribute('aria-busy');
    },
  };
  const finish = () => import(/* @vite-ignore */ dataset['code'] ?? '') as Promise<Finish>;
  // The options calls' HTTP statistics, kept until the reporter has loaded (every call reports, as the service
  // client's do; the reporter does not fit the budget), then handed over as they end.
  const made: OptionsCall[] = [];
  let reporter: Stats | undefined;
  let loading = false;
  const report = () => reporter?.reportOptionsCalls(made.splice(0), page.wl);
  // Once at a time; a load that failed is tried again at the next interaction.
  const loadReporter = () => {
    if (loading) return;
    loading = true;
    (import(/* @vite-ignore */ dataset['stats'] ?? '') as Promise<Stats>).then((loaded) => {
      reporter = loaded;
      report();
    }, () => {
      loading = false;
    });
  };

  /**
   * Autofill: the service's options, then the browser's pending request; a passkey chosen from it goes on to
   * passkey-login-finish.ts. Before a choice nothing shows: the request renews itself, and comes back this way
   * after an options call that failed.
   */
  async function signIn(): Promise<void> {
    const controller = page.ceremony();
    const { signal } = controller;
    page.later();
    // The options with the page's plain call (its budget has no room for the service client), by the client's
    // rules: XSRF, the time-out (status 0 in the statistics: timed out), and a statistic per call.
    const started = Date.now();
    let code = -1;
    let text = '';
    let chosen = false;
    const deadline = setTimeout(() => {
      code = 0;
      controller.abort();
    }, PASSKEY_TIMEOUT_MS);
    try {
      try {
        const options = await passkeyOptionsCall(PASSKEY_SIGN_IN_OPTIONS, { wl: page.wl }, String(PASSKEY_TIMEOUT_MS / 1000), signal);
        code = options.status;
        text = await options.text();
      } finally {
        clearTimeout(deadline);
        // A call the page cancelled itself (a new ceremony, a submit) is no failure of the service's.
        if (!code || !signal.aborted) made.push([started, Date.now() - started, code, text.length]);
        report();
      }
      if (code > 299) return;
      const json = JSON.parse(text) as PublicKeyCredentialRequestOptionsJSON;
      // Marked while pending, so the engines' journeys can show the request never holds up a password sign-in.
      dataset['pending'] = 'conditional';
      const credential = await navigator.credentials.get({ publicKey: Credential.parseRequestOptionsFromJSON(json), mediation: 'conditional', signal }).finally(() => {
        delete dataset['pending'];
      });
      // Aborted after the passkey was chosen (a password submit raced it): the password wins.
      if (!(credential instanceof Credential) || signal.aborted) return;
      clearTimeout(renew);
      chosen = true;
      // Busy from the choice on: the button takes no second ceremony while this one signs in.
      page.busy(true);
      loadReporter();
      await (await finish()).chosen(page, credential, json.rpId);
    } catch (error) {
      // A browser that cannot use the RP ID here (no related-origins support): not here, so no button and no word.
      if (error instanceof DOMException && error.name === 'SecurityError') page.hide();
      // A chosen passkey whose code did not load: said, and autofill again later.
      else if (chosen) {
        page.busy(false);
        page.show('fault');
        page.later();
      }
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
      if (!event.defaultPrevented) page.ceremony();
    });
    addEventListener('pageshow', (event) => {
      // Back (or Forward) from the browser's cache: a fresh page view, with autofill armed anew.
      if (!event.persisted) return;
      page.show('');
      page.arm();
    });
    // The reporter loads once the visitor engages (the budget counts what loads before).
    for (const type of ['pointerdown', 'keydown', 'click']) addEventListener(type, loadReporter);
    // The button's ceremony loads on use, busy at once (a second press starts nothing); code that did not arrive
    // says so, the message cleared first so a second failure is announced again.
    button?.addEventListener('click', () => {
      if (button.hasAttribute('aria-busy')) return;
      page.busy(true);
      page.show('');
      void finish().then((loaded) => loaded.buttonSignIn(page), () => {
        page.busy(false);
        page.show('fault');
      });
    });
    // Autofill needs the browser's JSON helpers; without them the button alone (it converts by hand).
    if ('parseRequestOptionsFromJSON' in Credential && 'isConditionalMediationAvailable' in Credential) {
      void Credential.isConditionalMediationAvailable().then((available) => {
        autofill = available;
        page.arm();
      }, () => undefined);
    }
  };
  // On a host outside the RP ID's domain (marked before the first paint) passkeys work only where the browser
  // reads the related-origins file; elsewhere the box stays hidden and nothing is asked.
  if (!document.documentElement.classList.contains(RELATED_HOST_CLASS)) start();
  else if ('getClientCapabilities' in Credential) void Credential.getClientCapabilities().then((capabilities) => capabilities['relatedOrigins'] && start(), () => undefined);
}
