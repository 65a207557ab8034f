import type { Probe } from './in-page.ts';

/**
 * The little a journey needs from a browser, the same in every engine. Journeys find things the
 * way a visitor does (role and name, label, visible text) through one in-page locator
 * (`in-page.ts`), so Chromium, Firefox and WebKit are asked exactly the same question.
 */

/** A string matches case-insensitively as a substring (whole, with `exact`); a RegExp is tested. */
export type Matcher = string | RegExp;

export type Target =
  | { role: string; name?: Matcher; exact?: boolean }
  | { label: Matcher; exact?: boolean }
  | { text: Matcher; exact?: boolean }
  | { testId: string }
  | { css: string };

/** What the locator running in the page receives: a RegExp cannot cross into the page as such. */
export type WireMatcher = string | { source: string; flags: string };
export type WireTarget =
  | { role: string; name?: WireMatcher; exact?: boolean }
  | { label: WireMatcher; exact?: boolean }
  | { text: WireMatcher; exact?: boolean }
  | { testId: string }
  | { css: string };

export interface Cookie { name: string; value: string; /** Seconds since the epoch; -1 or absent for a session cookie. */ expires?: number }

/** A phone: its viewport and user agent; engines set them when the session starts. */
export interface Device { width: number; height: number; userAgent: string }

export type EngineName = 'chromium' | 'firefox' | 'webkit';

/** Keys as journeys press them; each adapter maps them to its engine's key codes. */
export type Key = 'Tab' | 'Shift+Tab' | 'Enter' | 'Space' | 'Escape';

export interface Driver {
  readonly engine: EngineName;
  /** The origin journeys run against, for cookies and the emulator. */
  readonly baseUrl: string;
  /** A page-side clock (Playwright's) when the engine's driver has one; journeys then move time instead of waiting. */
  readonly clock?: { install(): Promise<void>; runFor(ms: number): Promise<void> };
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  click(target: Target): Promise<void>;
  /** Replaces the value of a field, as pasting it would, and fires the input event the islands listen to. */
  fill(target: Target, value: string): Promise<void>;
  focus(target: Target): Promise<void>;
  blur(target: Target): Promise<void>;
  /** Types into whatever has the focus, key by key. */
  type(text: string): Promise<void>;
  press(key: Key): Promise<void>;
  /** What the page shows for a target right now (no waiting). */
  probe(target: Target, attribute?: string): Promise<Probe>;
  /** Runs a function in the page with one JSON argument; its result comes back as JSON. */
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>>;
  /** Runs a script's source in the page (outside the page's CSP), e.g. to inject axe-core. */
  inject(source: string): Promise<void>;
  cookies(): Promise<Cookie[]>;
  setCookie(name: string, value: string): Promise<void>;
  clearCookies(): Promise<void>;
  close(): Promise<void>;
}

export function toWire(target: Target): WireTarget {
  const wire = (matcher: Matcher): WireMatcher => (typeof matcher === 'string' ? matcher : { source: matcher.source, flags: matcher.flags });
  if ('role' in target) return { role: target.role, ...(target.name === undefined ? {} : { name: wire(target.name) }), ...(target.exact ? { exact: true } : {}) };
  if ('label' in target) return { label: wire(target.label), ...(target.exact ? { exact: true } : {}) };
  if ('text' in target) return { text: wire(target.text), ...(target.exact ? { exact: true } : {}) };
  return target;
}

export function describe(target: Target): string {
  if ('role' in target) return `${target.role} "${String(target.name ?? '')}"`;
  if ('label' in target) return `field labelled "${String(target.label)}"`;
  if ('text' in target) return `text "${String(target.text)}"`;
  if ('testId' in target) return `test id "${target.testId}"`;
  return `css "${target.css}"`;
}

/** Shorthands journeys read like prose with. */
export const role = (name: string, accessibleName?: Matcher, exact?: boolean): Target =>
  ({ role: name, ...(accessibleName === undefined ? {} : { name: accessibleName }), ...(exact ? { exact } : {}) });
export const label = (text: Matcher, exact?: boolean): Target => ({ label: text, ...(exact ? { exact } : {}) });
export const text = (value: Matcher, exact?: boolean): Target => ({ text: value, ...(exact ? { exact } : {}) });
export const testId = (id: string): Target => ({ testId: id });
export const css = (selector: string): Target => ({ css: selector });
