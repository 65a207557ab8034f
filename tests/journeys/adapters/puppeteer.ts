import type { Browser, BrowserContext, ElementHandle, KeyInput, Page } from 'puppeteer-core';
import { PageDriver } from '../base-driver.ts';
import type { Cookie, Device, Key } from '../driver.ts';

const DESKTOP = { width: 1280, height: 720 };

/**
 * Firefox through puppeteer-core over WebDriver BiDi (Playwright's moz-firefox channel fails on
 * this ESR). Each driver is a fresh browser context: its own cookies and storage.
 */
export class PuppeteerDriver extends PageDriver<ElementHandle<Node>> {
  readonly engine = 'firefox';
  protected readonly page: Page;
  // Puppeteer scrolls to and measures the element before it sends input: detached there, nothing was clicked.
  protected readonly detached = /detached|not attached|Node is either not clickable/i;
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

  protected clickElement(element: ElementHandle<Node>): Promise<void> {
    // The in-page lookup returns an Element; puppeteer types the handle as a Node.
    return (element as ElementHandle).click();
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
