// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://portal.example/self-service/nxn/fps?FTUF=Y"}
import { afterEach, expect, test, vi } from 'vitest';
import { CODE_FAILURE_TEMPLATE, codeFailureMarkup } from '../lib/code-failure-notice.ts';
import engage, { dueNow, WATCHDOG_MS } from './engage-directive.ts';
import type { EngageOptions } from './engage-directive.ts';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
  sessionStorage.clear();
});

/** An island as Astro renders it: `ssr` until hydrated, its server HTML inside. */
function island(html = '<form><input name="userId"><button type="button">Show</button><button type="submit" disabled>Continue</button></form>'): HTMLElement {
  // The page's notice, as PortalShell renders it once on a page with islands.
  if (!document.getElementById(CODE_FAILURE_TEMPLATE)) {
    const template = document.createElement('template');
    template.id = CODE_FAILURE_TEMPLATE;
    template.innerHTML = codeFailureMarkup({ message: 'This page could not finish loading.', tryAgain: 'Try again', reload: 'Reload' });
    document.body.append(template);
  }
  const element = document.createElement('astro-island');
  element.setAttribute('ssr', '');
  const box = document.createElement('div');
  // The island's server HTML, parsed by the test's own document from a fixed string.
  box.append(document.createRange().createContextualFragment(html));
  element.append(box);
  document.body.append(element);
  return element;
}

/** Astro's load: the code arrives when `arrive` is called, and its hydrate drops `ssr` (or keeps it when the code failed). */
function astroLoad(element: HTMLElement) {
  let arrive: (ok: boolean) => void = () => undefined;
  const load = vi.fn(() => new Promise<() => Promise<void>>((resolve) => {
    arrive = (ok) => { resolve(async () => { if (ok) element.removeAttribute('ssr'); }); };
  }));
  return { load, arrive: (ok = true) => { arrive(ok); } };
}

const run = (element: HTMLElement, load: () => Promise<() => Promise<void>>, value: EngageOptions | '' = '') => {
  engage(load, { name: 'Island', value: value as unknown as string }, element);
};

test('nothing loads until the visitor engages, and a focus inside the island starts it', () => {
  const element = island();
  const { load } = astroLoad(element);
  run(element, load);
  expect(load).not.toHaveBeenCalled();
  element.querySelector('input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  expect(load).toHaveBeenCalledOnce();
});

test('a click on a button before the island is awake is held and replayed once it is', async () => {
  const element = island();
  const { load, arrive } = astroLoad(element);
  run(element, load);
  const show = element.querySelector<HTMLButtonElement>('button[type=button]');
  const clicks: boolean[] = [];
  show?.addEventListener('click', () => clicks.push(element.hasAttribute('ssr')));
  show?.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
  show?.click();
  // Held: the click reached the button but was marked handled, and will come again.
  expect(clicks).toEqual([true]);
  arrive();
  await vi.waitFor(() => expect(clicks).toEqual([true, false]));
});

test('Enter in a field whose form cannot submit yet is replayed as a submit once the island is awake', async () => {
  const element = island();
  const { load, arrive } = astroLoad(element);
  run(element, load);
  const form = element.querySelector('form');
  const submits: boolean[] = [];
  form?.addEventListener('submit', (event) => { event.preventDefault(); submits.push(element.hasAttribute('ssr')); });
  element.querySelector('input')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  expect(submits).toEqual([]);
  arrive();
  await vi.waitFor(() => expect(submits).toEqual([false]));
});

test('an island whose code failed shows the page’s message with Reload, and an untouched one never does', async () => {
  vi.useFakeTimers();
  const untouched = island();
  run(untouched, astroLoad(untouched).load);
  const failing = island();
  const { load, arrive } = astroLoad(failing);
  run(failing, load);
  failing.querySelector('input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  arrive(false);
  await vi.advanceTimersByTimeAsync(0);
  const alerts = [...document.querySelectorAll('[role=alert]')];
  expect(alerts.map((alert) => alert.textContent)).toEqual(['This page could not finish loading.Reload']);
  expect(failing.contains(alerts[0] ?? null)).toBe(true);
  await vi.advanceTimersByTimeAsync(WATCHDOG_MS * 3);
  expect(document.querySelectorAll('[role=alert]')).toHaveLength(1);
});

test('code that is slower than the watchdog shows the message, which goes before React hydrates once the code comes', async () => {
  vi.useFakeTimers();
  const element = island();
  const { load, arrive } = astroLoad(element);
  run(element, load);
  element.querySelector('input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  await vi.advanceTimersByTimeAsync(WATCHDOG_MS);
  expect(element.querySelectorAll('[role=alert]')).toHaveLength(1);
  arrive();
  await vi.advanceTimersByTimeAsync(0);
  expect(element.querySelectorAll('[role=alert]')).toHaveLength(0);
  expect(element.hasAttribute('ssr')).toBe(false);
});

test('a native island says nothing when its code fails: the submit held for it goes out as the plain form', async () => {
  const element = island('<form><input name="USER"><button type="submit">Log In</button></form>');
  const { load, arrive } = astroLoad(element);
  run(element, load, { native: true });
  const form = element.querySelector('form');
  if (!form) throw new Error('no form');
  const posted = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
  element.querySelector('input')?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(submit);
  expect(submit.defaultPrevented).toBe(true);
  arrive(false);
  await vi.waitFor(() => expect(posted).toHaveBeenCalledOnce());
  expect(posted.mock.contexts[0]).toBe(form);
  expect(document.querySelectorAll('[role=alert]')).toHaveLength(0);
  // From then on the form is the plain form: a submit is no longer held.
  const later = new SubmitEvent('submit', { bubbles: true, cancelable: true });
  form.dispatchEvent(later);
  expect(later.defaultPrevented).toBe(false);
});

test('an island marked now wakes without engagement only when the page needs it', () => {
  const needed = island();
  const first = astroLoad(needed);
  run(needed, first.load, { now: { search: '[?&]FTUF=Y(&|$)' } });
  expect(first.load).toHaveBeenCalledOnce();
  const notNeeded = island();
  const second = astroLoad(notNeeded);
  run(notNeeded, second.load, { now: { search: '[?&]SMUSRMSG=' } });
  expect(second.load).not.toHaveBeenCalled();
});

test('dueNow tests the query, the user agent, the host without its trailing dot and the session', () => {
  expect(dueNow({ search: 'FTUF=Y', host: '^portal\\.example$' })).toBe(true);
  expect(dueNow({ ua: 'Android|iPhone' })).toBe(false);
  expect(dueNow({ session: 'portal.passwordReset' })).toBe(false);
  sessionStorage.setItem('portal.passwordReset', '1');
  expect(dueNow({ session: 'portal.passwordReset', search: 'FTUF' })).toBe(true);
  expect(dueNow({ noSession: 'portal.passwordReset' })).toBe(false);
});
