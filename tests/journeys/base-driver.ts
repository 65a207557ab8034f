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
