import type { ClientDirective } from 'astro';
import { codeFailureNotice } from '../lib/code-failure-notice.ts';
import { ENGAGE_EVENTS } from '../lib/engagement.ts';
import { GATE_RELEASE } from '../lib/form-gate.ts';

/**
 * What `client:engage={...}` may say (all optional; `client:engage` alone waits for engagement inside the
 * island). Build-time data, serialised into the island's `opts`.
 */
export interface EngageOptions {
  /** A selector of elements outside the island whose engagement wakes it too (the form's card, say). */
  with?: string;
  /**
   * Wake at once, without engagement, when the page needs the island now: every given test must hold.
   * `search`, `ua` and `host` are regular expressions (case-insensitive) for the query, the user agent and the
   * host name without its trailing dot;
   * `session` names a sessionStorage key that must be '1', `noSession` one that must not be.
   */
  now?: { search?: string; ua?: string; host?: string; session?: string; noSession?: string };
  /**
   * The page works without the island (a form that posts to its server, a dialog that needs no script):
   * code that never comes shows no message, and a submit held for the island goes out as the plain form
   * would have sent it.
   */
  native?: boolean;
}

/** How long engagement (or `load`, for an island that wakes at once) may go without the island awake. */
export const WATCHDOG_MS = 8000;

/**
 * Where an island is: `asleep` until engagement (or `now`), `waking` while its code is on the way, `awake` once
 * hydrated, `failed` when its code failed or is later than the watchdog (the notice shows; it may still wake).
 */
type IslandState = 'asleep' | 'waking' | 'awake' | 'failed';

function sessionFlag(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Whether an island marked `now` is needed at once by this page view. */
export function dueNow(now: NonNullable<EngageOptions['now']>): boolean {
  const test = (pattern: string | undefined, value: string) => pattern === undefined || new RegExp(pattern, 'i').test(value);
  return test(now.search, location.search) && test(now.ua, navigator.userAgent) && test(now.host, location.hostname.replace(/\.$/, ''))
    && (now.session === undefined || sessionFlag(now.session) === '1') && (now.noSession === undefined || sessionFlag(now.noSession) !== '1');
}

/**
 * `client:engage`: the island's code (React and the component) is fetched and hydrated only when the
 * visitor engages with it (a focus, press, key or input inside it or in its `with` elements), or at once
 * when `now` says the page needs it. Until the island is awake, what the visitor does is kept: typed
 * values, the caret and the focus stay in the DOM React hydrates; a click on a button, an Enter in a field
 * whose form cannot submit yet, and a submit are held and replayed once it is awake. It is also the
 * island's watchdog: an island not awake within WATCHDOG_MS of its engagement (or of `load`), or whose
 * code failed, shows the page's code-failure notice with a Reload (src/lib/code-failure-notice.ts); a
 * `native` island instead lets its held submit go as plain HTML. An island nobody touched is never a failure. Inlined and hashed into the CSP by Astro; it writes
 * text and elements only, never markup.
 */
const engage: ClientDirective = (load, options, el) => {
  const settings = (options.value || {}) as EngageOptions;
  const zones: Element[] = [el, ...(settings.with ? Array.from(document.querySelectorAll(settings.with)) : [])];
  const held: Array<() => void> = [];
  const submits: HTMLFormElement[] = [];
  let state: IslandState = 'asleep';
  let notice: HTMLElement | undefined;

  const watch = (events: readonly string[], listener: (event: Event) => void, on: boolean, targets: Element[] = zones) => {
    for (const target of targets) for (const type of events) target[on ? 'addEventListener' : 'removeEventListener'](type, listener, true);
  };

  const giveUp = () => {
    if (state === 'awake') return;
    state = 'failed';
    // Its forms' pre-paint gates hear it: a native form is the plain HTML form again, the others hold their submit.
    for (const form of el.querySelectorAll('form')) form.dispatchEvent(new Event(GATE_RELEASE));
    if (settings.native) {
      // The plain HTML takes over: what was held for the island goes out as it would have, and nothing more is held.
      watch(holding, hold, false, [el]);
      held.length = 0;
      for (const form of submits.splice(0)) HTMLFormElement.prototype.submit.call(form);
      return;
    }
    if (notice) return;
    notice = codeFailureNotice();
    // Inside the island's own box (the card, the bar) where it has one; React never sees it: it goes before hydration.
    const box = el.firstElementChild;
    if (box) box.prepend(notice);
    else el.before(notice);
  };

  const startWatchdog = () => { setTimeout(giveUp, WATCHDOG_MS); };

  // Before the island is awake: what the visitor does is held for it.
  const hold = (event: Event) => {
    if (state === 'awake') return;
    const target = event.target instanceof Element ? event.target : null;
    if (event.type === 'submit' && target instanceof HTMLFormElement) {
      event.preventDefault();
      const submitter = (event as SubmitEvent).submitter;
      if (!submits.includes(target)) submits.push(target);
      held.push(() => { target.requestSubmit(submitter && submitter !== target ? submitter : null); });
    } else if (event.type === 'click') {
      const button = target?.closest('button[type=button], summary, [role=button]');
      if (!button) return;
      event.preventDefault();
      held.push(() => { (button as HTMLElement).click(); });
    } else if ((event as KeyboardEvent).key === 'Enter' && target instanceof HTMLInputElement && target.form) {
      // A form whose submit button is still disabled does not submit on Enter; one that can sends a submit, held above.
      const { form } = target;
      const button = form.querySelector<HTMLButtonElement | HTMLInputElement>('button[type=submit], button:not([type]), input[type=submit]');
      if (!button || button.disabled) held.push(() => { form.requestSubmit(); });
    }
  };
  const holding = ['submit', 'click', 'keydown'] as const;

  const awake = () => {
    state = 'awake';
    watch(holding, hold, false, [el]);
    submits.length = 0;
    if (!held.length) return;
    // React hydrates at once what a discrete event lands on (its selective hydration), but drops a submit on
    // HTML it has not hydrated yet: a mouseup no island handles first makes it finish, so each held event
    // then reaches its handler with the values the island took from the page.
    el.firstElementChild?.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    for (const replay of held.splice(0)) replay();
  };

  // Engagement (an event) starts the watchdog; an island woken at once is watched from `load`.
  const wake = (event?: Event) => {
    if (state !== 'asleep') return;
    state = 'waking';
    watch(ENGAGE_EVENTS, wake, false);
    if (event) startWatchdog();
    load().then(async (hydrate) => {
      // A message shown while the code was slow goes before React hydrates the HTML it sits in.
      notice?.remove();
      notice = undefined;
      await hydrate();
      // Astro leaves `ssr` on an island whose code failed to import (after its own retry).
      if (el.hasAttribute('ssr')) giveUp();
      else awake();
    }).catch(giveUp);
  };

  watch(holding, hold, true, [el]);
  if (settings.now && dueNow(settings.now)) {
    wake();
    if (document.readyState === 'complete') startWatchdog();
    else addEventListener('load', startWatchdog, { once: true });
  } else {
    watch(ENGAGE_EVENTS, wake, true);
  }
};

export default engage;
