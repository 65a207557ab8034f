import type { PasskeySummary } from '../contract/passkeys.ts';
import { SITEMINDER_HOME } from '../contract/siteminder-paths.ts';
import { REAUTH_FROM_PAGE, RELATED_HOST_CLASS } from '../lib/passkey-support.ts';
import { isSafeRedirect } from '../lib/safe-redirect.ts';
import { creationOptionsFromJSON, credentialJSON } from '../lib/webauthn-json.ts';
import type { PasskeyService } from '../services/passkey-service.ts';
import { pagePasskeyService } from './passkey-services.ts';

/** How long the browser may take to say whether it has a platform authenticator before the offer gives up. */
const PLATFORM_CHECK_MS = 2000;

/** How a passkey creation ended when it did not store one: the browser's DOMException name, or the service's refusal. */
class CreateFailure extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

/** The browser's WebAuthn, where it has it (`'signal…' in PublicKeyCredential` throws where it does not). */
const webAuthn = (): typeof PublicKeyCredential | undefined => window.PublicKeyCredential;

/**
 * Whether this browser can use passkeys on this page at all: WebAuthn, and on a host outside the RP ID's domain
 * (marked before the first paint) the related-origins file.
 */
async function passkeysHere(): Promise<boolean> {
  const Credential = webAuthn();
  if (!Credential) return false;
  if (!document.documentElement.classList.contains(RELATED_HOST_CLASS)) return true;
  const capabilities: Record<string, boolean | undefined> = 'getClientCapabilities' in Credential ? await Credential.getClientCapabilities().catch(() => ({})) : {};
  if (capabilities['relatedOrigins'] !== true) return false;
  document.documentElement.classList.remove(RELATED_HOST_CLASS);
  return true;
}

/**
 * A passkey made by the browser and stored by the service; `conditional` for the automatic upgrade. When the
 * browser made one but the service refused it, the password manager is told to forget it
 * (`signalUnknownCredential`), or it would offer at the next sign-in a passkey that can only fail.
 */
async function createPasskey(service: PasskeyService, signal: AbortSignal | undefined, conditional: boolean): Promise<void> {
  const options = await service.registrationOptions();
  if (!options.ok) throw new CreateFailure(options.error);
  let credential: Credential | null;
  try {
    credential = await navigator.credentials.create({ publicKey: creationOptionsFromJSON(options.data), ...(conditional ? { mediation: 'conditional' as CredentialMediationRequirement } : {}), ...(signal ? { signal } : {}) });
  } catch (error) {
    throw new CreateFailure(error instanceof DOMException ? error.name : 'SERVER');
  }
  if (!(credential instanceof PublicKeyCredential)) throw new CreateFailure('NotAllowedError');
  const stored = await service.register({ credential: credentialJSON(credential), conditional });
  if (!stored.ok) {
    if ('signalUnknownCredential' in PublicKeyCredential) {
      void PublicKeyCredential.signalUnknownCredential({ rpId: options.data.rp.id ?? location.hostname, credentialId: credential.id }).catch(() => undefined);
    }
    throw new CreateFailure(stored.error);
  }
}

const reasonOf = (error: unknown): string => (error instanceof CreateFailure ? error.reason : 'SERVER');

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);
}

/**
 * A change more than 10 minutes after the sign-in (`REAUTH_REQUIRED`): through this brand's login, in this
 * page's language, and back here (TARGET), where login says why.
 */
function signInAgain(): void {
  const login = location.pathname.replace(/\/passkey$/, '/login');
  const back = location.pathname;
  location.assign(`${login}?${new URLSearchParams({ SMQUERYDATA: 'passkeys', TARGET: back, fromPage: REAUTH_FROM_PAGE }).toString()}`);
}

/**
 * The offer after a password sign-in: shown only where the browser reports a platform authenticator, with a
 * conditional create in the background where the browser has it. Create, Not now and a failure of anything go
 * on to TARGET (this origin's path, by the project's safe-redirect rule); a prompt the visitor closed stays, and
 * says that no passkey was made. A password sign-in is never held up here.
 */
async function offer(panel: HTMLElement, target: string): Promise<void> {
  let left = false;
  const goOn = () => {
    if (left) return;
    left = true;
    location.replace(target);
  };
  const Credential = webAuthn();
  const platform = Credential && 'isUserVerifyingPlatformAuthenticatorAvailable' in Credential && await passkeysHere()
    ? await withTimeout(Credential.isUserVerifyingPlatformAuthenticatorAvailable().catch(() => false), PLATFORM_CHECK_MS, false)
    : false;
  if (!Credential || !platform) {
    goOn();
    return;
  }
  const service = pagePasskeyService(document.body.dataset['brand'] ?? '');
  const alert = panel.querySelector<HTMLElement>('[role="alert"]');
  const status = panel.querySelector<HTMLElement>('[role="status"]');
  const buttons = Array.from(panel.querySelectorAll<HTMLButtonElement>('button[data-action]'));
  const labels = buttons.map((button) => button.textContent);
  let busy = false;
  // The pressed button keeps the focus (aria-disabled, never disabled: a disabled button drops it to the body);
  // its new label is announced by the status region, present from the first paint.
  const hold = (pressed: HTMLButtonElement | undefined) => {
    busy = pressed !== undefined;
    buttons.forEach((button, index) => {
      button.toggleAttribute('aria-disabled', busy);
      button.toggleAttribute('aria-busy', button === pressed);
      button.textContent = button === pressed ? panel.dataset['continuing'] ?? '' : labels[index] ?? '';
    });
    if (status) status.textContent = pressed ? panel.dataset['continuing'] ?? '' : '';
  };
  let upgrade: AbortController | undefined;
  for (const button of buttons) {
    button.addEventListener('click', () => {
      if (busy) return;
      upgrade?.abort();
      hold(button);
      if (alert) alert.textContent = '';
      if (button.dataset['action'] !== 'create') {
        void service.decline().then(goOn, goOn);
        return;
      }
      createPasskey(service, undefined, false).then(goOn, (error: unknown) => {
        // The visitor closed the prompt: say so here, and let them try again or choose Not now.
        if (reasonOf(error) !== 'NotAllowedError') {
          goOn();
          return;
        }
        hold(undefined);
        if (alert) alert.textContent = panel.dataset['cancelled'] ?? '';
      });
    });
  }
  panel.setAttribute('data-ready', '');
  const capabilities: Record<string, boolean | undefined> = 'getClientCapabilities' in Credential ? await Credential.getClientCapabilities().catch(() => ({})) : {};
  if (capabilities['conditionalCreate']) {
    upgrade = new AbortController();
    // The automatic upgrade: the password manager makes the passkey without a prompt; when it does, on to TARGET.
    createPasskey(service, upgrade.signal, true).then(goOn, () => undefined);
  }
}

function formatDate(iso: string | null, language: string, never: string): string {
  return iso ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : never;
}

/** What Your passkeys says when a change did not go through, by the browser's or the service's reason. */
const CHANGE_MESSAGES: Readonly<Partial<Record<string, string>>> = {
  InvalidStateError: 'exists',
  NotAllowedError: 'cancelled',
  AbortError: 'cancelled',
};

/** Your passkeys: the list, Rename, Remove (confirmed), Create; not signed in, to login as /apps/home does. */
async function manage(panel: HTMLElement): Promise<void> {
  const data = panel.dataset;
  const service = pagePasskeyService(document.body.dataset['brand'] ?? '');
  const list = panel.querySelector<HTMLUListElement>('.passkey-list');
  const loading = panel.querySelector<HTMLElement>('.passkey-page__loading');
  const status = panel.querySelector<HTMLElement>('[role="status"]');
  const error = panel.querySelector<HTMLElement>('[role="alert"]');
  const confirm = panel.querySelector<HTMLDialogElement>('dialog.passkey-confirm');
  const renameDialog = panel.querySelector<HTMLDialogElement>('dialog.passkey-rename');
  const createButton = panel.querySelector<HTMLButtonElement>('.passkey-page__create');
  const say = (text: string, failed = false) => {
    if (status) status.textContent = failed ? '' : text;
    if (error) error.textContent = failed ? text : '';
  };
  if (!list || !confirm || !renameDialog) return;
  // Without WebAuthn here (none, or a host outside the RP ID's domain the browser cannot use): the list, no Create.
  if (!(await passkeysHere())) document.documentElement.classList.add('no-webauthn');

  /** A change that did not go through: through login when it needed a recent sign-in, else a message for its case. */
  const refused = (reason: string) => {
    if (reason === 'REAUTH_REQUIRED') {
      signInAgain();
      return;
    }
    if (reason === 'NO_SESSION') {
      location.replace(SITEMINDER_HOME);
      return;
    }
    say(data[CHANGE_MESSAGES[reason] ?? 'changeError'] ?? '', true);
  };
  let passkeys: PasskeySummary[] = [];

  /** The RP ID, the user handle and the names the password manager shows, from a registration options call (its challenge lapses unused). */
  async function account(): Promise<PublicKeyCredentialCreationOptionsJSON | undefined> {
    const options = await service.registrationOptions();
    return options.ok ? options.data : undefined;
  }

  function render(): void {
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
        detail.textContent = formatDate(value, data['lang'] ?? document.documentElement.lang, data['never'] ?? '');
        facts.append(term, detail);
      }
      text.append(name, facts);
      const actions = document.createElement('div');
      actions.className = 'passkey-list__actions';
      const action = (label: string, named: string, run: (opener: HTMLButtonElement) => void) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'button button--secondary';
        button.textContent = label;
        button.dataset['passkey'] = passkey.id;
        button.dataset['action'] = label;
        button.setAttribute('aria-label', named.replace('{{name}}', passkey.name));
        button.addEventListener('click', () => { run(button); });
        return button;
      };
      actions.append(
        action(data['rename'] ?? '', data['renameNamed'] ?? '', (opener) => { rename(passkey, opener); }),
        action(data['remove'] ?? '', data['removeNamed'] ?? '', (opener) => { confirmRemoval(passkey, opener); }),
      );
      item.append(text, actions);
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

  /** The list from the service; false when it could not be had (the reason already shown or acted on). */
  async function refresh(): Promise<boolean> {
    const answer = await service.list();
    if (!answer.ok) {
      // SiteMinder's protected page sends the visitor to login, keeping brand and language.
      if (answer.error === 'NO_SESSION') location.replace(SITEMINDER_HOME);
      else say(data['error'] ?? '', true);
      return false;
    }
    passkeys = answer.data;
    render();
    return true;
  }

  /** The button of this passkey's action after the list was drawn anew, for the focus to go back to. */
  const buttonOf = (id: string, label: string | undefined) =>
    Array.from(list.querySelectorAll<HTMLButtonElement>('button[data-passkey]')).find((button) => button.dataset['passkey'] === id && button.dataset['action'] === label);

  function rename(passkey: PasskeySummary, opener: HTMLButtonElement): void {
    if (!renameDialog) return;
    const form = renameDialog.querySelector('form');
    const field = renameDialog.querySelector('input');
    if (!form || !field) return;
    field.value = passkey.name;
    renameDialog.returnValue = '';
    renameDialog.addEventListener('close', () => {
      const name = field.value.trim();
      if (renameDialog.returnValue !== 'save' || name === '' || name === passkey.name) {
        opener.focus();
        return;
      }
      void (async () => {
        const answer = await service.rename(passkey.id, name);
        if (!answer.ok) {
          opener.focus();
          refused(answer.error);
          return;
        }
        passkeys = passkeys.map((each) => (each.id === passkey.id ? answer.data : each));
        render();
        (buttonOf(passkey.id, data['rename']) ?? createButton)?.focus();
        say((data['renamedMessage'] ?? '').replace('{{name}}', answer.data.name));
        // The password manager shows the account's current names beside its passkeys.
        const Credential = webAuthn();
        if (Credential && 'signalCurrentUserDetails' in Credential) {
          const options = await account();
          if (options) await Credential.signalCurrentUserDetails({ rpId: options.rp.id ?? location.hostname, userId: options.user.id, name: options.user.name, displayName: options.user.displayName }).catch(() => undefined);
        }
      })();
    }, { once: true });
    renameDialog.showModal();
    field.select();
  }

  function confirmRemoval(passkey: PasskeySummary, opener: HTMLButtonElement): void {
    if (!confirm) return;
    const name = confirm.querySelector('.passkey-confirm__name');
    if (name) name.textContent = passkey.name;
    confirm.returnValue = '';
    confirm.addEventListener('close', () => {
      if (confirm.returnValue !== 'remove') {
        opener.focus();
        return;
      }
      void (async () => {
        const answer = await service.remove(passkey.id);
        if (!answer.ok && answer.error !== 'NOT_FOUND') {
          opener.focus();
          refused(answer.error);
          return;
        }
        passkeys = passkeys.filter((each) => each.id !== passkey.id);
        render();
        say(data['removedMessage'] ?? '');
        createButton?.focus();
        // The password manager forgets what the service no longer accepts (where the browser can be told).
        const Credential = webAuthn();
        if (Credential && 'signalAllAcceptedCredentials' in Credential) {
          const options = await account();
          if (options) await Credential.signalAllAcceptedCredentials({ rpId: options.rp.id ?? location.hostname, userId: options.user.id, allAcceptedCredentialIds: passkeys.map((each) => each.id) }).catch(() => undefined);
        }
      })();
    }, { once: true });
    confirm.showModal();
  }

  createButton?.addEventListener('click', () => {
    // aria-disabled while it runs, never disabled: the focus stays on the button, not on the body.
    if (createButton.getAttribute('aria-disabled') === 'true') return;
    createButton.setAttribute('aria-disabled', 'true');
    createButton.setAttribute('aria-busy', 'true');
    say('');
    createPasskey(service, undefined, false)
      .then(async () => {
        if (await refresh()) say(data['createdMessage'] ?? '');
      }, (failure: unknown) => { refused(reasonOf(failure)); })
      .finally(() => {
        createButton.removeAttribute('aria-disabled');
        createButton.removeAttribute('aria-busy');
      });
  });

  await refresh();
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
    else void offer(panel, safe).catch(() => { location.replace(safe); });
    return;
  }
  const panel = root.querySelector<HTMLElement>('.passkey-page--manage');
  if (panel) void manage(panel);
}
