import { describe, toWire } from './driver.ts';
import type { Cookie, Driver, EngineName, Key, Target, WireTarget } from './driver.ts';
import { inPage } from './in-page.ts';
import type { PageRequest, Probe } from './in-page.ts';

/** How long an action waits for its element to show; the slower engines need more than Playwright's 5 s under load. */
export const ACTION_TIMEOUT_MS = 10_000;

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Everything engine-neutral about a driver: finding, waiting, filling through the shared in-page
 * locator. An adapter only supplies the engine's own primitives.
 */
export abstract class BaseDriver implements Driver {
  abstract readonly engine: EngineName;
  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /**
   * Clicks the first shown, enabled element the locator finds, as the engine's input does. False only when it
   * did nothing: no such element, or the one found left the page before the click was sent (the engine says
   * so before it dispatches anything). Any other failure is thrown: a click that may have landed is never repeated.
   */
  protected abstract clickShown(target: WireTarget): Promise<boolean>;
  protected abstract navigate(url: string): Promise<void>;
  abstract reload(): Promise<void>;
  abstract url(): Promise<string>;
  abstract type(text: string): Promise<void>;
  abstract press(key: Key): Promise<void>;
  abstract evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>>;
  abstract inject(source: string): Promise<void>;
  abstract cookies(): Promise<Cookie[]>;
  abstract setCookie(name: string, value: string): Promise<void>;
  abstract clearCookies(): Promise<void>;
  abstract close(): Promise<void>;

  goto(path: string): Promise<void> {
    return this.navigate(new URL(path, this.baseUrl).href);
  }

  protected request(request: PageRequest): Promise<ReturnType<typeof inPage>> {
    return this.evaluate(inPage, request);
  }

  async probe(target: Target, attribute?: string): Promise<Probe> {
    return (await this.request({ op: 'probe', target: toWire(target), ...(attribute ? { attribute } : {}) })) as Probe;
  }

  /**
   * Runs an action until it has acted, within ACTION_TIMEOUT_MS. Only what is safe to repeat is repeated: an
   * action that reports it did nothing (its element not shown yet, or gone before it acted), and a failed look
   * for the element (a navigation in between drops the page's answer). Once the element is shown the action
   * runs, and whatever it throws ends the step there: a click or a fill that failed half-way may have submitted,
   * and repeating it would submit twice or hide the first failure.
   */
  protected async untilActed(target: Target, action: (wire: WireTarget) => Promise<boolean>): Promise<void> {
    const wire = toWire(target);
    const deadline = Date.now() + ACTION_TIMEOUT_MS;
    let lastError: unknown;
    while (Date.now() < deadline) {
      let shown = false;
      try {
        shown = (await this.probe(target)).visible;
      } catch (error) {
        lastError = error;
      }
      if (shown && await action(wire)) return;
      await pause(100);
    }
    throw new Error(`${this.engine}: no shown ${describe(target)} within ${ACTION_TIMEOUT_MS} ms${lastError ? ` (${String(lastError)})` : ''}`);
  }

  click(target: Target): Promise<void> {
    return this.untilActed(target, (wire) => this.clickShown(wire));
  }

  /** The in-page operations find their element and act in one step; false means none was shown, so nothing was done. */
  fill(target: Target, value: string): Promise<void> {
    return this.untilActed(target, async (wire) => (await this.request({ op: 'fill', target: wire, value })) === true);
  }

  focus(target: Target): Promise<void> {
    return this.untilActed(target, async (wire) => (await this.request({ op: 'focus', target: wire })) === true);
  }

  blur(target: Target): Promise<void> {
    return this.untilActed(target, async (wire) => (await this.request({ op: 'blur', target: wire })) === true);
  }
}

/** An element handle, as Playwright and Puppeteer both give one. */
export interface EngineElement { dispose(): Promise<void> }

/** What Playwright's and Puppeteer's pages have in common, as far as the drivers use them. */
export interface EnginePage<E extends EngineElement> {
  goto(url: string): Promise<unknown>;
  reload(): Promise<unknown>;
  url(): string;
  readonly keyboard: { type(text: string): Promise<void> };
  evaluate(fn: string | ((arg: never) => unknown), arg?: unknown): Promise<unknown>;
  evaluateHandle(fn: typeof inPage, request: PageRequest): Promise<{ asElement(): E | null; dispose(): Promise<void> }>;
}

/**
 * A driver over a page of Playwright's or Puppeteer's: their pages answer the same calls, so finding, clicking,
 * navigating, typing and evaluating are written once here. The adapter gives its page, how its engine clicks an
 * element, and how its engine says the element left the page before any input was sent.
 */
export abstract class PageDriver<E extends EngineElement> extends BaseDriver {
  protected abstract readonly page: EnginePage<E>;
  /** The engine's error for an element that was gone before the click was sent: nothing was clicked. */
  protected abstract readonly detached: RegExp;
  protected abstract clickElement(element: E): Promise<void>;

  protected async clickShown(target: WireTarget): Promise<boolean> {
    const request: PageRequest = { op: 'element', target };
    // Finding is a read: a navigation that drops it has clicked nothing.
    const handle = await this.page.evaluateHandle(inPage, request).catch(() => null);
    if (!handle) return false;
    const element = handle.asElement();
    if (!element) {
      await handle.dispose();
      return false;
    }
    try {
      await this.clickElement(element);
    } catch (error) {
      if (this.detached.test(String(error))) return false;
      throw error;
    } finally {
      await element.dispose();
    }
    return true;
  }

  protected async navigate(url: string): Promise<void> {
    await this.page.goto(url);
  }

  async reload(): Promise<void> {
    await this.page.reload();
  }

  url(): Promise<string> {
    return Promise.resolve(this.page.url());
  }

  type(text: string): Promise<void> {
    return this.page.keyboard.type(text);
  }

  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>> {
    return this.page.evaluate(fn, arg) as Promise<Awaited<R>>;
  }

  async inject(source: string): Promise<void> {
    await this.page.evaluate(source);
  }
}
