import type { BrowserContext, Page } from '@playwright/test';
import { ACTION_TIMEOUT_MS, BaseDriver } from '../base-driver.ts';
import type { Cookie, Key, WireTarget } from '../driver.ts';
import { inPage } from '../in-page.ts';
import type { PageRequest } from '../in-page.ts';

/** Chromium through Playwright: its own input and page clock, the shared locator for finding. */
export class PlaywrightDriver extends BaseDriver {
  readonly engine = 'chromium';
  readonly clock: { install(): Promise<void>; runFor(ms: number): Promise<void> };
  private readonly page: Page;
  private readonly context: BrowserContext;

  constructor(page: Page, baseUrl: string) {
    super(baseUrl);
    this.page = page;
    this.context = page.context();
    this.clock = { install: () => page.clock.install(), runFor: (ms) => page.clock.runFor(ms) };
  }

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
      await element.click({ timeout: ACTION_TIMEOUT_MS });
    } catch (error) {
      // Playwright checks the element is attached before it sends any input: detached, nothing was clicked.
      if (String(error).includes('not attached to the DOM')) return false;
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

  press(key: Key): Promise<void> {
    return this.page.keyboard.press(key);
  }

  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>> {
    return this.page.evaluate(fn as (arg: unknown) => R, arg) as Promise<Awaited<R>>;
  }

  async inject(source: string): Promise<void> {
    await this.page.evaluate(source);
  }

  async cookies(): Promise<Cookie[]> {
    return (await this.context.cookies()).map(({ name, value, expires }) => ({ name, value, expires }));
  }

  setCookie(name: string, value: string): Promise<void> {
    return this.context.addCookies([{ name, value, url: this.baseUrl }]);
  }

  clearCookies(): Promise<void> {
    return this.context.clearCookies();
  }

  close(): Promise<void> {
    return this.context.close();
  }
}
