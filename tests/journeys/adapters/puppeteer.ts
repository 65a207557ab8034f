import type { Browser, BrowserContext, ElementHandle, KeyInput, Page } from 'puppeteer-core';
import { BaseDriver } from '../base-driver.ts';
import type { Cookie, Device, Key, WireTarget } from '../driver.ts';
import { inPage } from '../in-page.ts';
import type { PageRequest } from '../in-page.ts';

const DESKTOP = { width: 1280, height: 720 };

/**
 * Firefox through puppeteer-core over WebDriver BiDi (Playwright's moz-firefox channel fails on
 * this ESR). Each driver is a fresh browser context: its own cookies and storage.
 */
export class PuppeteerDriver extends BaseDriver {
  readonly engine = 'firefox';
  private readonly page: Page;
  private readonly context: BrowserContext;

  private constructor(context: BrowserContext, page: Page, baseUrl: string) {
    super(baseUrl);
    this.context = context;
    this.page = page;
  }

  static async open(browser: Browser, baseUrl: string, device?: Device): Promise<PuppeteerDriver> {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(device ? { width: device.width, height: device.height, isMobile: false, hasTouch: false } : DESKTOP);
    if (device) await page.setUserAgent({ userAgent: device.userAgent });
    return new PuppeteerDriver(context, page, baseUrl);
  }

  protected async clickShown(target: WireTarget): Promise<boolean> {
    const request: PageRequest = { op: 'element', target };
    // Finding is a read: a navigation that drops it has clicked nothing.
    const handle = await this.page.evaluateHandle(inPage, request).catch(() => null);
    if (!handle) return false;
    // The in-page lookup returns an Element; puppeteer types the handle as a Node.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-arguments
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (!element) {
      await handle.dispose();
      return false;
    }
    try {
      await element.click();
    } catch (error) {
      // Puppeteer scrolls to and measures the element before it sends input: detached there, nothing was clicked.
      if (/detached|not attached|Node is either not clickable/i.test(String(error))) return false;
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

  async press(key: Key): Promise<void> {
    if (key === 'Shift+Tab') {
      await this.page.keyboard.down('Shift');
      await this.page.keyboard.press('Tab');
      await this.page.keyboard.up('Shift');
      return;
    }
    await this.page.keyboard.press(key satisfies KeyInput);
  }

  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>> {
    // puppeteer's own evaluate typing cannot carry a generic function through.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    return this.page.evaluate(fn as (arg: unknown) => R, arg) as Promise<Awaited<R>>;
  }

  async inject(source: string): Promise<void> {
    await this.page.evaluate(source);
  }

  async cookies(): Promise<Cookie[]> {
    return (await this.context.cookies()).map(({ name, value, expires }) => ({ name, value, expires }));
  }

  setCookie(name: string, value: string): Promise<void> {
    return this.context.setCookie({ name, value, domain: new URL(this.baseUrl).hostname, path: '/' });
  }

  async clearCookies(): Promise<void> {
    await this.context.deleteCookie(...(await this.context.cookies()));
  }

  close(): Promise<void> {
    return this.context.close();
  }
}
