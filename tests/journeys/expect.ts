import { ACTION_TIMEOUT_MS, pause } from './base-driver.ts';
import { describe } from './driver.ts';
import type { Driver, Matcher, Target } from './driver.ts';
import type { Probe } from './in-page.ts';

/** Retrying checks on what the page shows, like Playwright's web-first assertions, for every engine. */

const matches = (matcher: Matcher, actual: string): boolean =>
  typeof matcher === 'string' ? actual === matcher : matcher.test(actual);

/**
 * Thrown by a journey whose subject the engine does not have (passkey autofill in WebKitGTK): the runner reports
 * it as NOT RUN with the reason, never as a pass under a name that says what was checked.
 */
export class NotRun extends Error {
  override readonly name = 'NotRun';
}

/** Polls until `check` holds; the error names what was expected and what the page showed last. */
export async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = ACTION_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  for (;;) {
    try {
      last = await read();
      if (check(last)) return last;
    } catch (error) {
      // A navigation can drop an evaluation in flight; the next poll asks the new page.
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`expected ${what} within ${timeoutMs} ms; last seen: ${JSON.stringify(last)}${lastError ? `; last error: ${String(lastError)}` : ''}`);
    }
    await pause(100);
  }
}

const probing = (driver: Driver, target: Target, attribute?: string) => () => driver.probe(target, attribute);

export function visible(driver: Driver, target: Target, timeoutMs?: number): Promise<Probe> {
  return until(probing(driver, target), (probe) => probe.visible, `${describe(target)} to be visible`, timeoutMs);
}

/** Not shown: absent, or in the DOM but hidden. */
export function hidden(driver: Driver, target: Target, timeoutMs?: number): Promise<Probe> {
  return until(probing(driver, target), (probe) => !probe.visible, `${describe(target)} to be hidden`, timeoutMs);
}

export function count(driver: Driver, target: Target, expected: number): Promise<Probe> {
  return until(probing(driver, target), (probe) => probe.count === expected, `${expected} of ${describe(target)}`);
}

export function hasText(driver: Driver, target: Target, expected: Matcher): Promise<Probe> {
  return until(probing(driver, target), (probe) => probe.visible && matches(expected, probe.text), `${describe(target)} to read ${String(expected)}`);
}

export function hasValue(driver: Driver, target: Target, expected: Matcher): Promise<Probe> {
  return until(probing(driver, target), (probe) => matches(expected, probe.value ?? ''), `${describe(target)} to hold ${String(expected)}`);
}

export function hasAttribute(driver: Driver, target: Target, name: string, expected: Matcher): Promise<Probe> {
  return until(probing(driver, target, name), (probe) => probe.attribute !== null && matches(expected, probe.attribute), `${describe(target)} [${name}] to be ${String(expected)}`);
}

export function focused(driver: Driver, target: Target): Promise<Probe> {
  return until(probing(driver, target), (probe) => probe.focused, `${describe(target)} to have the focus`);
}

/** The URL (path and query) matches. */
export function url(driver: Driver, pattern: RegExp, timeoutMs?: number): Promise<string> {
  return until(() => driver.url(), (current) => pattern.test(current), `the URL to match ${String(pattern)}`, timeoutMs);
}

/**
 * The visitor has engaged every island (a focus in each, as a tap or a Tab would give; islands wake on
 * engagement, `client:engage`) and every one has hydrated (Astro drops `ssr` from an island once it has).
 * Engaged again at each poll: an island whose directive has not started yet (the page still loading) has
 * no listener for the first focus.
 */
export function hydrated(driver: Driver): Promise<Probe> {
  const engageAndCount = async () => {
    await driver.evaluate(() => {
      for (const island of document.querySelectorAll('astro-island[ssr]')) island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    }, null);
    return driver.probe({ css: 'astro-island[ssr]' });
  };
  return until(engageAndCount, (probe) => probe.count === 0, 'every island engaged and hydrated');
}

export function equal<T>(actual: T, expected: T, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected)) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

export function ok(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}
