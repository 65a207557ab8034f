import { Key as Keys, remote } from 'webdriverio';
import { BaseDriver } from '../base-driver.ts';
import type { Cookie, Device, Key, WireTarget } from '../driver.ts';
import { inPage } from '../in-page.ts';
import type { PageRequest } from '../in-page.ts';

const DESKTOP = { width: 1280, height: 720 };
const KEYS: Record<Key, string[]> = {
  'Tab': [Keys.Tab], 'Shift+Tab': [Keys.Shift, Keys.Tab], 'Enter': [Keys.Enter], 'Space': [Keys.Space], 'Escape': [Keys.Escape],
};

type Session = WebdriverIO.Browser;

export interface WebKitSessionOptions {
  /** Where WebKitWebDriver listens. */
  port: number;
  /** MiniBrowser (WebKitGTK's browser for automation). */
  binary: string;
  device?: Device;
}

/**
 * WebKitGTK through WebdriverIO over classic WebDriver: WebKitWebDriver drives MiniBrowser, one
 * session per driver process. The user agent is MiniBrowser's own setting, so a phone needs a
 * session of its own; between journeys the session's cookies and storage are cleared instead.
 */
export class WebdriverioDriver extends BaseDriver {
  readonly engine = 'webkit';
  private readonly session: Session;

  private constructor(session: Session, baseUrl: string) {
    super(baseUrl);
    this.session = session;
  }

  static async open(baseUrl: string, options: WebKitSessionOptions): Promise<WebdriverioDriver> {
    const args = ['--automation', ...(options.device ? [`--user-agent=${options.device.userAgent}`] : [])];
    // WebKitGTK's own capability is not in WebdriverIO's types, hence no excess-property check here.
    const capabilities = {
      browserName: 'MiniBrowser',
      'wdio:enforceWebDriverClassic': true,
      'webkitgtk:browserOptions': { binary: options.binary, args },
    };
    const session = await remote({ hostname: '127.0.0.1', port: options.port, logLevel: 'error', capabilities });
    const { width, height } = options.device ?? DESKTOP;
    await session.setWindowSize(width, height);
    return new WebdriverioDriver(session, baseUrl);
  }

  /** Forgets what the last journey left: cookies, and the storage of the portal's origin. */
  async forget(): Promise<void> {
    // Cookies first: with the last journey's language cookie the English page below would move on to its German
    // one, and a German page reached without a cookie sets one for the session again (issue 22).
    await this.session.deleteCookies();
    await this.goto('/app/nxn/sorry');
    await this.session.execute(() => {
      sessionStorage.clear();
      localStorage.clear();
    });
    await this.session.deleteCookies();
  }

  protected async clickShown(target: WireTarget): Promise<boolean> {
    const request: PageRequest = { op: 'element', target };
    // A returned element arrives as a WebDriver element reference, which $ takes.
    // Finding is a read: a navigation that drops it has clicked nothing.
    const reference = await this.evaluate(inPage, request).catch(() => null);
    if (!reference || typeof reference !== 'object') return false;
    try {
      await this.session.$(reference as unknown as WebdriverIO.Element).click();
    } catch (error) {
      // A stale reference is refused before WebDriver sends any input: the element left, nothing was clicked.
      if (/stale element/i.test(String(error))) return false;
      throw error;
    }
    return true;
  }

  protected async navigate(url: string): Promise<void> {
    await this.session.url(url);
  }

  reload(): Promise<void> {
    return this.session.refresh();
  }

  url(): Promise<string> {
    return this.session.getUrl();
  }

  async type(text: string): Promise<void> {
    // One action per character: WebKitGTK drops the second of two equal keys within one action
    // sequence ("618859" arrived as "61859").
    for (const character of text) await this.session.keys(character);
  }

  press(key: Key): Promise<void> {
    return this.session.keys(KEYS[key]);
  }

  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>> {
    // WebdriverIO's typing of execute's arguments is about elements; these are JSON.
    const execute = this.session.execute.bind(this.session) as unknown as (script: (arg: A) => R, arg: A) => Promise<Awaited<R>>;
    return execute(fn, arg);
  }

  async inject(source: string): Promise<void> {
    await this.session.execute(source);
  }

  async cookies(): Promise<Cookie[]> {
    return (await this.session.getCookies()).map(({ name, value, expiry }) => ({ name, value, ...(expiry === undefined ? {} : { expires: expiry }) }));
  }

  setCookie(name: string, value: string): Promise<void> {
    return this.session.setCookies({ name, value });
  }

  clearCookies(): Promise<void> {
    return this.session.deleteCookies();
  }

  close(): Promise<void> {
    return this.session.deleteSession();
  }
}
