import { passkeyListSchema } from '../contract/passkeys.ts';
import type { PasskeySummary } from '../contract/passkeys.ts';
import { PASSKEY_PATHS } from '../contract/service-paths.ts';
import { SITEMINDER_HOME } from '../contract/siteminder-paths.ts';
import { passkeyCall, quietFailure } from '../lib/passkey-client.ts';
import { isSafeRedirect } from '../lib/safe-redirect.ts';
import { creationOptionsFromJSON, credentialJSON } from '../lib/webauthn-json.ts';

/** How long the browser may take to say whether it has a platform authenticator before the offer gives up. */
const PLATFORM_CHECK_MS = 2000;

/** A passkey made by the browser and stored by the service; `conditional` for the automatic upgrade. */
async function createPasskey(signal: AbortSignal | undefined, conditional: boolean): Promise<{ rpId: string; userId: string }> {
  const options = await passkeyCall('POST', PASSKEY_PATHS.registrationOptions, {}, signal);
  if (!options.ok) throw new Error(`registration options ${options.status}`);
  const json = (await options.json()) as PublicKeyCredentialCreationOptionsJSON;
  const credential = await navigator.credentials.create({ publicKey: creationOptionsFromJSON(json), ...(conditional ? { mediation: 'conditional' as CredentialMediationRequirement } : {}), ...(signal ? { signal } : {}) });
  if (!(credential instanceof PublicKeyCredential)) throw new Error('no credential');
  const stored = await passkeyCall('POST', PASSKEY_PATHS.registrationVerify, { credential: credentialJSON(credential), conditional });
  if (stored.status !== 201) throw new Error(`registration verify ${stored.status}`);
  return { rpId: json.rp.id ?? location.hostname, userId: json.user.id };
}

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);
}

/**
 * The offer after a password sign-in: shown only where the browser reports a platform authenticator, with a
 * conditional create in the background where the browser has it. Every way out goes on to TARGET (this
 * origin's path, by the project's safe-redirect rule): Create, Not now, a failure of anything. A password
 * sign-in is never held up here.
 */
async function offer(panel: HTMLElement, target: string): Promise<void> {
  let left = false;
  const goOn = () => {
    if (left) return;
    left = true;
    location.replace(target);
  };
  const Credential = window.PublicKeyCredential as typeof PublicKeyCredential | undefined;
  const platform = Credential && 'isUserVerifyingPlatformAuthenticatorAvailable' in Credential
    ? await withTimeout(Credential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false), PLATFORM_CHECK_MS, false)
    : false;
  if (!Credential || !platform) {
    goOn();
    return;
  }
  const buttons = Array.from(panel.querySelectorAll<HTMLButtonElement>('button[data-action]'));
  const busy = (button: HTMLButtonElement) => {
    for (const each of buttons) each.disabled = true;
    button.setAttribute('aria-busy', 'true');
    button.textContent = panel.dataset['continuing'] ?? '';
  };
  let upgrade: AbortController | undefined;
  for (const button of buttons) {
    button.addEventListener('click', () => {
      upgrade?.abort();
      busy(button);
      const done = button.dataset['action'] === 'create'
        ? createPasskey(undefined, false)
        : passkeyCall('POST', PASSKEY_PATHS.decline, {});
      void done.then(goOn, goOn);
    });
  }
  panel.setAttribute('data-ready', '');
  const capabilities: Record<string, boolean | undefined> = 'getClientCapabilities' in Credential ? await Credential.getClientCapabilities().catch(() => ({})) : {};
  if (capabilities['conditionalCreate']) {
    upgrade = new AbortController();
    // The automatic upgrade: the password manager makes the passkey without a prompt; when it does, on to TARGET.
    createPasskey(upgrade.signal, true).then(goOn, () => undefined);
  }
}

function formatDate(iso: string | null, language: string, never: string): string {
  return iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : never;
}

/** Your passkeys: the list, Remove (confirmed), Create; not signed in, to login as /apps/home does. */
async function manage(panel: HTMLElement): Promise<void> {
  const data = panel.dataset;
  const list = panel.querySelector<HTMLUListElement>('.passkey-list');
  const loading = panel.querySelector<HTMLElement>('.passkey-page__loading');
  const status = panel.querySelector<HTMLElement>('[role="status"]');
  const error = panel.querySelector<HTMLElement>('[role="alert"]');
  const dialog = panel.querySelector<HTMLDialogElement>('dialog');
  const say = (text: string, failed = false) => {
    if (status) status.textContent = failed ? '' : text;
    if (error) error.textContent = failed ? text : '';
  };
  if (!list || !dialog) return;

  async function load(): Promise<PasskeySummary[] | undefined> {
    const answer = await passkeyCall('GET', PASSKEY_PATHS.credentials);
    if (answer.status === 401) {
      // SiteMinder's protected page sends the visitor to login, keeping brand and language.
      location.replace(SITEMINDER_HOME);
      return undefined;
    }
    if (!answer.ok) throw new Error(`credentials ${answer.status}`);
    return passkeyListSchema.parse(await answer.json());
  }

  function render(passkeys: PasskeySummary[]): void {
    if (!list) return;
    const items = passkeys.map((passkey) => {
      const item = document.createElement('li');
      item.className = 'passkey-list__item';
      const text = document.createElement('div');
      const name = document.createElement('p');
      name.className = 'passkey-list__name';
      name.textContent = passkey.name;
      const facts = document.createElement('dl');
      for (const [label, value] of [[data['createdLabel'], passkey.createdAt], [data['lastUsedLabel'], passkey.lastUsedAt]] as const) {
        const term = document.createElement('dt');
        term.textContent = label ?? '';
        const detail = document.createElement('dd');
        detail.textContent = formatDate(value, data['lang'] ?? 'en-US', data['never'] ?? '');
        facts.append(term, detail);
      }
      text.append(name, facts);
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.className = 'button button--secondary';
      remove.textContent = data['remove'] ?? '';
      remove.setAttribute('aria-label', (data['removeNamed'] ?? '').replace('{{name}}', passkey.name));
      remove.addEventListener('click', () => confirmRemoval(passkey, remove));
      item.append(text, remove);
      return item;
    });
    if (items.length === 0) {
      const empty = document.createElement('li');
      empty.textContent = data['empty'] ?? '';
      items.push(empty);
    }
    list.replaceChildren(...items);
    list.hidden = false;
    if (loading) loading.hidden = true;
  }

  async function refresh(): Promise<PasskeySummary[] | undefined> {
    const passkeys = await load();
    if (passkeys) render(passkeys);
    return passkeys;
  }

  function confirmRemoval(passkey: PasskeySummary, opener: HTMLButtonElement): void {
    if (!dialog) return;
    const name = dialog.querySelector('.passkey-confirm__name');
    if (name) name.textContent = passkey.name;
    dialog.returnValue = '';
    dialog.addEventListener('close', () => {
      if (dialog.returnValue !== 'remove') {
        opener.focus();
        return;
      }
      void (async () => {
        try {
          const answer = await passkeyCall('DELETE', `${PASSKEY_PATHS.credentials}/${encodeURIComponent(passkey.id)}`);
          if (answer.status !== 204 && answer.status !== 404) throw new Error(`delete ${answer.status}`);
          const left = await refresh();
          say(data['removedMessage'] ?? '');
          (panel.querySelector<HTMLElement>('.passkey-page__create') ?? panel).focus();
          if (left && 'signalAllAcceptedCredentials' in PublicKeyCredential) {
            // The RP ID and the user handle come with registration options (their challenge lapses unused).
            const options = await passkeyCall('POST', PASSKEY_PATHS.registrationOptions, {});
            if (options.ok) {
              const json = (await options.json()) as PublicKeyCredentialCreationOptionsJSON;
              await PublicKeyCredential.signalAllAcceptedCredentials({ rpId: json.rp.id ?? location.hostname, userId: json.user.id, allAcceptedCredentialIds: left.map((each) => each.id) });
            }
          }
        } catch {
          say(data['error'] ?? '', true);
        }
      })();
    }, { once: true });
    dialog.showModal();
  }

  panel.querySelector('.passkey-page__create')?.addEventListener('click', (event) => {
    const button = event.currentTarget as HTMLButtonElement;
    button.disabled = true;
    say('');
    createPasskey(undefined, false)
      .then(async () => {
        await refresh();
        say(data['createdMessage'] ?? '');
      })
      .catch((failure: unknown) => {
        if (!quietFailure(failure)) say(data['error'] ?? '', true);
      })
      .finally(() => {
        button.disabled = false;
      });
  });

  try {
    await refresh();
  } catch {
    say(data['error'] ?? '', true);
  }
}

/** The passkey page: the offer when the address has a TARGET, else Your passkeys. */
export function startPasskeyPage(root: Document): void {
  const query = new URLSearchParams(location.search);
  const target = query.get('TARGET');
  if (target !== null) {
    // The page's pre-paint watchdog stands down: the offer's code is here and takes it from now.
    document.documentElement.setAttribute('data-passkey-offer', 'live');
    const panel = root.querySelector<HTMLElement>('.passkey-page--offer');
    const safe = isSafeRedirect(target, location.origin) ? target : SITEMINDER_HOME;
    if (!panel) location.replace(safe);
    else void offer(panel, safe).catch(() => location.replace(safe));
    return;
  }
  const panel = root.querySelector<HTMLElement>('.passkey-page--manage');
  if (panel) void manage(panel);
}
