import type { BrowserContext, ElementHandle, Page } from '@playwright/test';
import { ACTION_TIMEOUT_MS, PageDriver } from '../base-driver.ts';
import type { Cookie, Key } from '../driver.ts';

/** Chromium through Playwright: its own input and page clock, the shared locator for finding. */
export class PlaywrightDriver extends PageDriver<ElementHandle> {
  readonly engine = 'chromium';
  readonly clock: { install(): Promise<void>; runFor(ms: number): Promise<void> };
  protected readonly page: Page;
  // Playwright checks the element is attached before it sends any input: detached, nothing was clicked.
  protected readonly detached = /not attached to the DOM/;
  private readonly context: BrowserContext;

  constructor(page: Page, baseUrl: string) {
    super(baseUrl);
    this.page = page;
    this.context = page.context();
    this.clock = { install: () => page.clock.install(), runFor: (ms) => page.clock.runFor(ms) };
  }

  protected clickElement(element: ElementHandle): Promise<void> {
    return element.click({ timeout: ACTION_TIMEOUT_MS });
  }

  press(key: Key): Promise<void> {
    return this.page.keyboard.press(key);
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
