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

  /** Clicks the first shown element the locator finds, as the engine's input does; false when none is shown. */
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

  /** Retries an action until the element shows (a navigation in between is retried too). */
  protected async untilShown(target: Target, action: (wire: WireTarget) => Promise<boolean>): Promise<void> {
    const wire = toWire(target);
    const deadline = Date.now() + ACTION_TIMEOUT_MS;
    let lastError: unknown;
    while (Date.now() < deadline) {
      try {
        if (await action(wire)) return;
      } catch (error) {
        lastError = error;
      }
      await pause(100);
    }
    throw new Error(`${this.engine}: no shown ${describe(target)} within ${ACTION_TIMEOUT_MS} ms${lastError ? ` (${String(lastError)})` : ''}`);
  }

  click(target: Target): Promise<void> {
    return this.untilShown(target, (wire) => this.clickShown(wire));
  }

  fill(target: Target, value: string): Promise<void> {
    return this.untilShown(target, async (wire) => (await this.request({ op: 'fill', target: wire, value })) === true);
  }

  focus(target: Target): Promise<void> {
    return this.untilShown(target, async (wire) => (await this.request({ op: 'focus', target: wire })) === true);
  }

  blur(target: Target): Promise<void> {
    return this.untilShown(target, async (wire) => (await this.request({ op: 'blur', target: wire })) === true);
  }
}
