// The page types and states of the sign-off sheet (scripts/brand/gallery.ts), how a visitor reaches each against the
// emulator, and the picture of one: by names, data attributes and test hooks, never by English words, so every
// brand and both languages are driven alike. A state that cannot be reached is a failure with its reason, never a
// picture of whatever page the visitor was left on (a passkey page that moved on to login looked like a login).
import type { Browser, Page } from '@playwright/test';
import { LOGIN_MESSAGES } from '../../src/lib/login-messages.ts';
import { LANGUAGES, languagePrefix } from '../../src/domain/languages.ts';
import type { Language } from '../../src/domain/languages.ts';
import { STATS_ENDPOINTS, USAGE_STORE_PATHS } from '../../src/contract/statistics-paths.ts';

const STATISTICS_PATHS: readonly string[] = [...Object.values(STATS_ENDPOINTS), ...USAGE_STORE_PATHS];

/** What a state's steps know of the picture being taken. */
export interface Visit {
  /** The brand key in the address. */
  brand: string;
  language: Language;
}

/**
 * A page type or state: its path after the language prefix (`{wl}` is the brand), and what a visitor does there
 * before the picture, against the emulator.
 */
export interface Shot {
  name: string;
  /** Where the visitor starts (the state `from` names started there too). */
  path: string;
  /** Steps after the page loads (or after the state of `from`); each ends in the state it waits for. */
  drive?: (page: Page, visit: Visit) => Promise<void>;
  /**
   * The state, listed before this one, whose page this one goes on from: one browser and one emulator for the
   * chain, so a sign-in, a passkey or a passcode is made once per brand, language and width, not once per picture.
   */
  from?: string;
  /** Another browser than Chromium's own (the legacy-browser dialog, the phone's app sheet). */
  userAgent?: string;
  /** A platform authenticator in the browser (Chromium's virtual one), as a phone or a laptop has: the passkey pages. */
  authenticator?: boolean;
  /** Where the picture is taken, when the visitor was sent on from `path` (a path after the language prefix). */
  lands?: string;
}

/**
 * How long one step waits for what it expects (a page, a field, a message) before the state is called a failure:
 * set on each browser, as a browser made inside a Playwright test would otherwise wait without end.
 */
const STEP_TIMEOUT_MS = 30_000;

export interface ShootOptions {
  /** Told of each state as it is pictured or fails. */
  onShot?: (name: string, result: ShotResult) => void;
  /** Each step's wait, STEP_TIMEOUT_MS unless given. */
  timeout?: number;
}

/** The first line of an error, as the sheet says why a state could not be pictured. */
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** Waits for `selector` to show, then gives the page a moment's quiet to paint what it fetched. */
async function shows(page: Page, selector: string): Promise<void> {
  try {
    await page.locator(selector).first().waitFor({ state: 'visible' });
  } catch (error) {
    // Said as the sheet's reason: what never showed, and where the visitor was instead.
    throw new Error(`${selector} never showed on ${new URL(page.url()).pathname} (${reasonOf(error)})`, { cause: error });
  }
  await page.waitForLoadState('networkidle');
}

interface OutboxMessage { to: string; text: string; code: string | null }

/** The emulator's outbox (its inspection endpoint on the page's own origin), newest last. */
async function outbox(page: Page): Promise<OutboxMessage[]> {
  const answer = await page.request.get(new URL('/__emulator/outbox', page.url()).href);
  return ((await answer.json()) as { messages: OutboxMessage[] }).messages;
}

/** The newest passcode sent: the step that asks for it shows once the send is answered, so it is there. */
async function lastCode(page: Page): Promise<string> {
  const code = (await outbox(page)).filter((message) => message.code).at(-1)?.code;
  if (!code) throw new Error('no passcode in the emulator\'s outbox');
  return code;
}

/** The forgot-password request for `userId`, on to the choice of channels. */
async function requestReset(page: Page, userId: string): Promise<void> {
  await page.locator('input[name="userId"]').fill(userId);
  await page.locator('button[data-click="continue"]').click();
  await shows(page, 'button[data-click="chooseChannel"]');
}

/** The first channel chosen, on to the passcode field. */
async function chooseFirstChannel(page: Page): Promise<void> {
  await page.locator('button[data-click="chooseChannel"]').first().click();
  await shows(page, 'input[name="otp"]');
}

/** The passcode the emulator sent, keyed in and sent. */
async function enterSentCode(page: Page): Promise<void> {
  await page.locator('input[name="otp"]').fill(await lastCode(page));
  await page.locator('button[data-click="submitCode"]').click();
}

/** The change-password form (its island wakes on the first key: what was typed is kept and checked then). */
async function changePasswordReady(page: Page): Promise<void> {
  await shows(page, 'input[name="NEWPASSWORD"]');
}

/** Fills the change-password form: the temporary password from the emulator's e-mail, a new one twice. */
async function fillChangePassword(page: Page, next: string, confirm = next): Promise<void> {
  const mail = (await outbox(page)).at(-1)?.text ?? '';
  const temporary = /temporary password is (\S+)\./.exec(mail)?.[1];
  if (!temporary) throw new Error('no temporary password in the emulator\'s last e-mail');
  await page.locator('input[name="PASSWORD"]').fill(temporary);
  await page.locator('input[name="NEWPASSWORD"]').fill(next);
  await page.locator('input[name="CONFIRMPASSWORD"]').fill(confirm);
}

/** A password sign-in of the emulator's jdoe on the brand's login page (the submit's own hooks). */
async function signIn(page: Page): Promise<void> {
  await page.locator('input[name="USER"]').fill('jdoe');
  await page.locator('input[name="PASSWRD"]').fill('Summer#2026');
  await page.locator('button[data-click="logIn"]').click();
}

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
/** jdoe's password before the reset: the emulator's history refuses it (ISB_USRUP06). */
const PREVIOUS_PASSWORD = 'Summer#2026';
const NEW_PASSWORD = 'Gallery#2026a';

export const STATES: readonly Shot[] = [
  { name: 'Login', path: '/app/{wl}/login?SMQUERYDATA=gallery' },
  // Each message SiteMinder can send back (spec 8), and the generic one for anything else.
  ...[...LOGIN_MESSAGES, 'Something else'].map((message): Shot => ({ name: `Login: "${message}"`, path: `/app/{wl}/login?SMQUERYDATA=gallery&SMUSRMSG=${encodeURIComponent(message)}` })),
  { name: 'Login: the support dialog', path: '/app/{wl}/login?SMQUERYDATA=gallery', drive: async (page) => {
    const open = page.locator('button.support-button');
    // A brand without support content has no support button: its picture is the page as it is.
    if ((await open.count()) === 0) return;
    await open.click();
    await shows(page, 'dialog[open]');
  } },
  { name: 'Login: the old-browser dialog (Internet Explorer)', path: '/app/{wl}/login?SMQUERYDATA=gallery', userAgent: IE11, drive: (page) => shows(page, '#legacy-browser') },
  { name: 'Login on an Android phone (the app sheet, where the brand has one)', path: '/app/{wl}/login?SMQUERYDATA=gallery', userAgent: ANDROID },
  // The passkey pages need a host name (an IP address cannot be a WebAuthn RP ID) and a platform authenticator;
  // without either the offer goes on at once, as it should for such a visitor.
  { name: 'Passkey offer (after a password sign-in)', path: '/app/{wl}/login?SMQUERYDATA=gallery', authenticator: true, lands: '/app/{wl}/passkey', drive: async (page) => {
    await signIn(page);
    await shows(page, '.passkey-page--offer[data-ready]');
  } },
  { name: 'Your passkeys (signed in, one passkey)', path: '/app/{wl}/login?SMQUERYDATA=gallery', from: 'Passkey offer (after a password sign-in)', lands: '/app/{wl}/passkey', drive: async (page, { brand, language }) => {
    await page.locator('.passkey-page--offer button[data-action="create"]').click();
    // The offer goes on to TARGET (SiteMinder's home) once the passkey is made.
    await page.waitForURL((address) => address.pathname.startsWith('/apps/home'));
    await page.goto(new URL(`${languagePrefix(language)}/app/${brand}/passkey`, page.url()).href);
    await shows(page, '.passkey-list__item .passkey-list__actions');
  } },
  { name: 'Your passkeys: rename', path: '/app/{wl}/login?SMQUERYDATA=gallery', from: 'Your passkeys (signed in, one passkey)', lands: '/app/{wl}/passkey', drive: async (page) => {
    await page.locator('.passkey-list__actions button').first().click();
    await shows(page, 'dialog.passkey-rename[open]');
  } },
  { name: 'Forgot password', path: '/self-service/{wl}/fps' },
  { name: 'Forgot password: choose where the passcode goes', path: '/self-service/{wl}/fps', drive: (page) => requestReset(page, 'jdoe') },
  { name: 'Forgot password: enter the passcode', path: '/self-service/{wl}/fps', from: 'Forgot password: choose where the passcode goes', drive: chooseFirstChannel },
  { name: 'Forgot password: a wrong passcode', path: '/self-service/{wl}/fps', from: 'Forgot password: enter the passcode', drive: async (page) => {
    await page.locator('input[name="otp"]').fill('000000');
    await page.locator('button[data-click="submitCode"]').click();
    await shows(page, '[role="alert"]:not(:empty)');
  } },
  // After the passcode: the temporary password is e-mailed and the visitor chooses a new one (design.md).
  { name: 'Forgot password: choose a new password', path: '/self-service/{wl}/fps', from: 'Forgot password: a wrong passcode', lands: '/self-service/{wl}/fps-self-change-pw', drive: async (page) => {
    await enterSentCode(page);
    await changePasswordReady(page);
  } },
  { name: 'Change password: the previous password refused, rules not met', path: '/self-service/{wl}/fps', from: 'Forgot password: choose a new password', lands: '/self-service/{wl}/fps-self-change-pw', drive: async (page) => {
    await fillChangePassword(page, PREVIOUS_PASSWORD);
    await page.locator('button[data-click="changePassword"]').click();
    // SiteMinder sends the visitor back with SMPWERR=ISB_USRUP06, which the page says.
    await page.waitForURL((address) => address.searchParams.get('SMPWERR') === 'ISB_USRUP06');
    await changePasswordReady(page);
    await shows(page, 'form [role="alert"]');
    // A new password on its way: the checklist shows the rules it meets and those it does not yet.
    await page.locator('input[name="NEWPASSWORD"]').fill('gallery');
    await shows(page, '.rules__item--met');
  } },
  { name: 'Forgot password: done (back at login, the success message)', path: '/self-service/{wl}/fps', from: 'Change password: the previous password refused, rules not met', lands: '/app/{wl}/login', drive: async (page) => {
    await fillChangePassword(page, NEW_PASSWORD);
    await page.locator('.rules__item:not(.rules__item--met)').first().waitFor({ state: 'detached' });
    await page.locator('button[data-click="changePassword"]').click();
    await shows(page, '[data-testid="success-toast"]');
  } },
  { name: 'Forgot password: an account locked at the passcode', path: '/self-service/{wl}/fps', drive: async (page) => {
    await requestReset(page, 'llocked');
    await chooseFirstChannel(page);
    await page.locator('input[name="otp"]').fill('000000');
    await page.locator('button[data-click="submitCode"]').click();
    // The flow's error step (its way back to login), or the step's own message.
    await shows(page, 'button[data-click="goToLogin"], [role="alert"]:not(:empty)');
  } },
  { name: 'Forgot password: an unknown user ID', path: '/self-service/{wl}/fps', drive: async (page) => {
    await page.locator('input[name="userId"]').fill('nobody-here');
    await page.locator('button[data-click="continue"]').click();
    await shows(page, 'button[data-click="chooseChannel"], button[data-click="goToLogin"], [role="alert"]:not(:empty)');
  } },
  { name: 'Forgot user ID', path: '/self-service/{wl}/fuid' },
  { name: 'Forgot user ID: choose where the passcode goes', path: '/self-service/{wl}/fuid', drive: async (page) => {
    await page.locator('input[name="firstName"]').fill('John');
    await page.locator('input[name="lastName"]').fill('Doe');
    await page.locator('input[name="emailId"]').fill('john.doe@example.com');
    await page.locator('button[data-click="continue"]').click();
    await shows(page, 'button[data-click="chooseChannel"]');
  } },
  { name: 'Forgot user ID: the user ID sent', path: '/self-service/{wl}/fuid', from: 'Forgot user ID: choose where the passcode goes', drive: async (page) => {
    await chooseFirstChannel(page);
    await enterSentCode(page);
    await shows(page, 'a[data-click="backToLogin"]');
  } },
  { name: 'Change password', path: '/self-service/{wl}/fps-self-change-pw' },
  { name: 'Logged out', path: '/app/{wl}/logout' },
  { name: 'Session expired', path: '/app/{wl}/sessionExpired' },
  { name: 'Access denied', path: '/app/{wl}/accessDenied' },
  { name: 'System unavailable', path: '/app/{wl}/systemUnavailable' },
  { name: 'Outage', path: '/app/{wl}/sorry' },
  { name: 'System requirements', path: '/app/{wl}/systemRequirements' },
  { name: 'Terms of use', path: '/app/{wl}/termsOfUse' },
  { name: 'Cookie policy', path: '/app/{wl}/cookiePolicy' },
  { name: 'Page not found', path: '/app/{wl}/no-such-page' },
];

export const WIDTHS = [390, 1280] as const;

/** The states named and those they go on from, in the list's order: what a run of only those needs. */
export function withAncestors(names: readonly string[]): Shot[] {
  const wanted = new Set(names);
  for (const state of [...STATES].reverse()) {
    if (wanted.has(state.name) && state.from !== undefined) wanted.add(state.from);
  }
  return STATES.filter((state) => wanted.has(state.name));
}
export { LANGUAGES };

/** What the picture showed: the address's path (said beside it in the sheet) and the headings in view. */
interface Landed { path: string; headings: string[] }
export type ShotResult = { ok: true; image: string; landed: Landed } | { ok: false; reason: string };


/**
 * Pictures of the states of `states` for one brand, language and width, from `base` (an origin whose host is a
 * name: `localhost`), each as a full-page JPEG data: URL or the reason it could not be had. A state that goes on
 * from another (`from`) keeps that one's page; when that one failed, it fails for that reason.
 */
export async function shootStates(browser: Browser, base: string, visit: Visit, width: number, states: readonly Shot[], { onShot, timeout = STEP_TIMEOUT_MS }: ShootOptions = {}): Promise<Map<string, ShotResult>> {
  const results = new Map<string, ShotResult>();
  const prefix = languagePrefix(visit.language);
  /** The page of the last state while a later one goes on from it. */
  let held: { name: string; page: Page } | undefined;
  try {
    for (const [index, state] of states.entries()) {
      let page: Page;
      let result: ShotResult;
      if (state.from !== undefined) {
        const before = results.get(state.from);
        if (held?.name !== state.from || !before?.ok) {
          // The reason of the first state of the chain that failed, not a chain of "needs".
          result = { ok: false, reason: before && !before.ok ? (before.reason.startsWith('needs "') ? before.reason : `needs "${state.from}", which failed: ${before.reason}`) : `needs "${state.from}", which was not taken` };
          results.set(state.name, result);
          onShot?.(state.name, result);
          continue;
        }
        page = held.page;
      } else {
        await held?.page.context().close();
        held = undefined;
        page = await openPage(browser, base, visit.language, width, state);
        page.context().setDefaultTimeout(timeout);
      }
      try {
        if (state.from === undefined) {
          // Each chain from a fresh emulator: the passcode sends and sign-ins of the states before count against no limit.
          if (state.drive) await page.request.post(new URL('/__emulator/reset', base).href);
          // Settled: its requests done, and any page that sends a visitor on (a step that needs a session) arrived.
          await page.goto(`${base}${prefix}${state.path.replace('{wl}', visit.brand)}`, { waitUntil: 'networkidle' });
          await page.waitForLoadState('networkidle');
        }
        await state.drive?.(page, visit);
        const landed = await landing(page, visit, state);
        const bytes = await page.screenshot({ fullPage: true, type: 'jpeg', quality: 70 });
        result = { ok: true, image: `data:image/jpeg;base64,${bytes.toString('base64')}`, landed };
      } catch (error) {
        result = { ok: false, reason: reasonOf(error) };
      }
      results.set(state.name, result);
      onShot?.(state.name, result);
      const continued = states.slice(index + 1).some((later) => later.from === state.name);
      if (result.ok && continued) {
        held = { name: state.name, page };
      } else {
        await page.context().close();
        held = undefined;
      }
    }
  } finally {
    await held?.page.context().close();
  }
  return results;
}

/** A browser of its own for a state: its width, its language chosen (the cookie the emulator's redirects follow). */
async function openPage(browser: Browser, base: string, language: Language, width: number, state: Shot): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 800 }, ...(state.userAgent ? { userAgent: state.userAgent } : {}) });
  // The visitor's language, as the language links remember it: a page SiteMinder or the emulator sends the visitor
  // to without a language in its address (the passkey offer, login after a reset) is then in that language too.
  await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: language, url: base }]);
  const page = await context.newPage();
  // Statistics beacons are answered here: a page that sends one (a login with a message, the passkey offer) never
  // reaches network quiet in Chromium otherwise, and a sign-off sheet counts nothing.
  await page.route((address) => STATISTICS_PATHS.some((path) => address.pathname.startsWith(path)), (route) => route.fulfill({ status: 204 }));
  if (state.authenticator) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
  }
  return page;
}

/**
 * Where the page is, checked against where the state should be: its path (with or without the language prefix:
 * a page the emulator sends the visitor to follows the language cookie) and its language. Anything else is a
 * failure naming where the visitor ended up.
 */
async function landing(page: Page, { brand, language }: Visit, state: Shot): Promise<Landed> {
  const address = new URL(page.url());
  const expected = (state.lands ?? state.path).replace('{wl}', brand).split('?')[0] ?? '';
  const prefix = languagePrefix(language);
  const path = prefix !== '' && address.pathname.startsWith(`${prefix}/`) ? address.pathname.slice(prefix.length) : address.pathname;
  if (path !== expected) throw new Error(`ended on ${address.pathname}, not ${prefix}${expected}`);
  const lang = await page.locator('html').getAttribute('lang');
  if (lang !== language) throw new Error(`ended on a page in ${lang ?? 'no language'}, not ${language}`);
  const headings = (await page.locator('h1:visible, h2:visible').allTextContents()).map((text) => text.trim());
  return { path: address.pathname, headings };
}
