import { label, role, testId, text, css } from './driver.ts';
import type { Device, Driver, EngineName } from './driver.ts';
import type { Emulator } from './emulator.ts';
import { count, equal, focused, hasAttribute, hasText, hasValue, hidden, hydrated, NotRun, ok, until, url, visible } from './expect.ts';
import { axeViolations } from './axe.ts';
import { installWatch, readWatch, sampleFrames } from '../e2e/support/frame-sampler.ts';

/**
 * Every user journey of issue 17, written once. Chromium runs them through Playwright
 * (tests/e2e/journeys.spec.ts), Firefox through puppeteer-core over WebDriver BiDi and WebKitGTK
 * through WebdriverIO over classic WebDriver (tests/engines/run.ts). Each journey starts on a
 * freshly reset emulator of its own origin and a driver without cookies.
 */
export interface Journey {
  name: string;
  /** A phone to start the session as; the runner opens a fresh session for it. */
  device?: (engine: EngineName) => Device;
  run(driver: Driver, emulator: Emulator): Promise<void>;
}

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
/** The call page checks every 20 s; a real wait allows for one full period and a slow answer. */
const CALL_POLL_WAIT_MS = 25_000;

const userId = label('User ID');
const password = label('Password', true);
const passcode = label('Passcode', true);

async function logIn(driver: Driver, user: string, secret: string): Promise<void> {
  await hydrated(driver);
  await driver.fill(userId, user);
  await driver.fill(password, secret);
  await driver.click(role('button', 'Log In'));
}

/** Forgot user id for John Doe, by name and e-mail, to the INFO step: lookup, e-mail passcode, verify. */
async function recoverJohnDoesUserId(driver: Driver, emulator: Emulator): Promise<void> {
  await driver.goto('/self-service/nxn/fuid');
  await hydrated(driver);
  await driver.fill(label('First name'), 'John');
  await driver.fill(label('Last name'), 'Doe');
  await driver.fill(label('E-mail address'), 'john.doe@example.com');
  await driver.click(role('button', 'Continue'));
  await choose(driver, /Option #1 Email/);
  await enterCode(driver, await emulator.codeSentTo('john.doe@example.com'));
  await visible(driver, role('heading', 'Your User ID is on its way'));
}

/**
 * Never on this page: watched from the moment the driver hands the loaded page over, through every island
 * waking (engaged, as a visitor would) and 30 frames more, at each frame and DOM change. A retrying count of
 * 0 would pass before an island could show it. (Before the load event only Chromium can watch: the e2e specs.)
 */
async function neverShown(driver: Driver, selector: string): Promise<void> {
  await driver.evaluate(installWatch, selector);
  await hydrated(driver);
  const last = await driver.evaluate(sampleFrames, { selector, frames: 30 });
  const seen = await driver.evaluate(readWatch, null);
  equal([last.sightings, seen?.sightings, seen?.first], [0, 0, null], `${selector} seen (after waking: ${String(last.first)}), watched`);
}

/** From the request step to the channel choice of forgot password (or first-time user with `?FTUF=Y`). */
async function requestPassword(driver: Driver, user: string, query = ''): Promise<void> {
  await driver.goto(`/self-service/nxn/fps${query}`);
  await hydrated(driver);
  await driver.fill(userId, user);
  await driver.click(role('button', 'Continue'));
  await visible(driver, text('Option #1'));
}

/**
 * Chooses a channel and waits for the send's outcome (the code field, the call code or a message),
 * so a passcode read from the outbox next is this send's, not an earlier one.
 */
async function choose(driver: Driver, option: RegExp): Promise<void> {
  await driver.click(role('button', option));
  await until(async () => Promise.all([driver.probe(passcode), driver.probe(label('Code to key in')), driver.probe(role('alert'))]),
    (probes) => probes.some((probe) => probe.visible), `the outcome of choosing ${String(option)}`);
}

async function enterCode(driver: Driver, code: string): Promise<void> {
  await driver.fill(passcode, code);
  await driver.click(role('button', 'Submit'));
}

async function changePassword(driver: Driver, current: string, next: string): Promise<void> {
  await url(driver, /fps-self-change-pw/);
  await hydrated(driver);
  await driver.fill(label('Temporary or current password'), current);
  await driver.fill(label('New password', true), next);
  await driver.fill(label('Confirm new password'), next);
  await driver.click(role('button', 'Change password'));
}

async function expectNoAxeViolation(driver: Driver, step: string): Promise<void> {
  equal(await axeViolations(driver), [], `axe on ${step}`);
}

export const journeys: Journey[] = [
  // First on purpose: no island chunk is in the browser's cache yet (the engines' runs keep one browser for
  // every journey), so the deploy's 404s are what the page meets, as a visitor's first visit would.
  {
    name: 'a deploy under the open forgot-password page: the wizard says so in the page’s language, and Reload gets the new page',
    async run(driver, emulator) {
      await driver.goto('/de-DE/self-service/nxn/fps');
      await emulator.deploy();
      // The visitor's first touch wakes the wizard, whose chunks the deploy replaced.
      await driver.fill(label('Benutzerkennung'), 'jdoe');
      await hasText(driver, role('alert'), /^Diese Seite konnte nicht vollständig geladen werden\. Bitte prüfen Sie Ihre Verbindung und laden Sie die Seite neu\.\s*Neu laden$/);
      await hasValue(driver, label('Benutzerkennung'), 'jdoe');
      await emulator.reset();
      await driver.click(role('button', 'Neu laden'));
      await count(driver, role('alert'), 0);
      await driver.fill(label('Benutzerkennung'), 'jdoe');
      await driver.click(role('button', 'Weiter'));
      await visible(driver, text('Option Nr. 1'));
    },
  },
  {
    // Issues 30 and 34, in each engine: a paste before the island wakes is a change as typing is, Log In is
    // disabled from the first paint and says why, and an Enter in the invalid form is refused with the messages.
    name: 'a paste before the login form wakes counts as typing: "j doe" then Tab says "Please enter without spaces", Log In says why it is disabled, and Enter is refused aloud',
    async run(driver) {
      const logInButton = css('#login-form button[type="submit"]');
      await driver.goto('/app/nxn/login?SMQUERYDATA=paste');
      await hasAttribute(driver, logInButton, 'aria-disabled', 'true');
      const asleepThroughout = await driver.evaluate((pasted) => {
        const island = document.querySelector('astro-island[component-url*="/LoginForm."]');
        const asleep = () => island?.hasAttribute('ssr') ?? false;
        const before = asleep();
        document.querySelector<HTMLInputElement>('#login-form input[name="USER"]')?.focus();
        // The browser's own edit, as a paste or a password manager's fill is (an input event, no keys).
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        document.execCommand('insertText', false, pasted);
        // The Tab: the password field takes the focus, User ID is left.
        document.querySelector<HTMLInputElement>('#login-form input[name="PASSWRD"]')?.focus();
        return before && asleep();
      }, 'j doe');
      ok(asleepThroughout, 'the login form was still asleep through the paste and the Tab');
      await hasText(driver, css('.field__error'), 'Please enter without spaces');
      await hasAttribute(driver, userId, 'aria-invalid', 'true');
      await hasAttribute(driver, logInButton, 'aria-disabled', 'true');
      await hasAttribute(driver, logInButton, 'aria-describedby', /-why \S+-user-label \S+-password-label$/);
      await driver.press('Enter');
      await hasText(driver, testId('refusal'), 'User ID: Please enter without spaces. Password: Password is required.');
      await focused(driver, userId);
    },
  },
  {
    name: 'sign in with good credentials reaches /apps/home',
    async run(driver) {
      await driver.goto('/app/nxn/login?SMQUERYDATA=journey');
      await logIn(driver, 'jdoe', 'Summer#2026');
      await url(driver, /\/apps\/home$/);
      await visible(driver, role('heading', 'Signed in as jdoe'));
    },
  },
  {
    name: 'a pending passkey autofill request never stands in the way of a password sign-in',
    async run(driver) {
      await driver.goto('/app/nxn/login?SMQUERYDATA=journey&TARGET=%2Fapps%2Fhome');
      // Where the engine has passkey autofill, the page's conditional request is pending before the visitor types.
      const autofill = await driver.evaluate(async () => {
        const credential = (window as unknown as { PublicKeyCredential?: typeof PublicKeyCredential }).PublicKeyCredential;
        return Boolean(credential && 'parseRequestOptionsFromJSON' in credential && 'isConditionalMediationAvailable' in credential && await credential.isConditionalMediationAvailable());
      }, null);
      // Without autofill there is no pending request to stand in the way: the journey checks nothing there, and
      // says so (it passed by this name in WebKitGTK, checking nothing; the password sign-in has journeys of its own).
      if (!autofill) throw new NotRun('the engine has no passkey autofill (conditional mediation)');
      await until(() => driver.evaluate(() => document.getElementById('passkey-signin')?.dataset['pending'] ?? '', null), (pending) => pending === 'conditional', 'the pending autofill request');
      await logIn(driver, 'jdoe', 'Summer#2026');
      await url(driver, /\/apps\/home$/);
      await visible(driver, role('heading', 'Signed in as jdoe'));
    },
  },
  {
    name: 'sign in with bad credentials comes back with the SMUSRMSG banner, and unknown messages read the catalogue text',
    async run(driver) {
      await driver.goto('/app/cwa/login?SMQUERYDATA=q1');
      await logIn(driver, 'jdoe', 'Wrong#Password1');
      await url(driver, /\/app\/cwa\/login\?.*SMUSRMSG=Invalid/);
      await hasText(driver, role('alert'), 'Invalid Credentials');
      await driver.goto(`/app/nxn/login?SMQUERYDATA=q&SMUSRMSG=${encodeURIComponent('Session Expired. Please login again')}`);
      await hasText(driver, role('alert'), 'Session Expired. Please login again');
      await driver.goto(`/app/nxn/login?SMQUERYDATA=q&SMUSRMSG=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
      await hasText(driver, role('alert'), 'You may have entered the wrong User ID or password or your account may be locked.');
      await count(driver, css('img[src="x"]'), 0);
    },
  },
  {
    name: 'forgot password by e-mail: passcode, temporary password, new password, the toast once, and sign in with it',
    async run(driver, emulator) {
      await requestPassword(driver, 'jdoe');
      await visible(driver, text('j******e@example.com'));
      await choose(driver, /Option #1 Email/);
      await hasAttribute(driver, passcode, 'autocomplete', 'one-time-code');
      await enterCode(driver, await emulator.codeSentTo('john.doe@example.com'));
      await url(driver, /fps-self-change-pw/);
      await changePassword(driver, await emulator.temporaryPasswordFor('john.doe@example.com'), 'Fresh#Start2027');
      await url(driver, /\/app\/nxn\/login\?.*fromPage=FPS/);
      await hasText(driver, testId('success-toast'), /Password has been reset successfully\./);
      // Once: the same address again shows none.
      await driver.reload();
      await neverShown(driver, '[data-testid="success-toast"]');
      await logIn(driver, 'jdoe', 'Fresh#Start2027');
      await visible(driver, role('heading', 'Signed in as jdoe'));
    },
  },
  {
    name: 'forgot password by SMS: last 4 digits, show the passcode, submit',
    async run(driver, emulator) {
      await requestPassword(driver, 'jdoe');
      await choose(driver, /Option #2 SMS/);
      await visible(driver, text('+***0147'));
      await hasAttribute(driver, passcode, 'type', 'password');
      await driver.click(role('button', 'Show passcode'));
      await hasAttribute(driver, passcode, 'type', 'text');
      await enterCode(driver, await emulator.codeSentTo('201-555-0147'));
      await url(driver, /fps-self-change-pw\?uid=jdoe&uti=external&FTUF=N/);
    },
  },
  {
    name: 'forgot password by SMS with the code pasted as the SMS groups it ("278 210"): nothing is cut, and it verifies',
    async run(driver, emulator) {
      await requestPassword(driver, 'jdoe');
      await choose(driver, /Option #2 SMS/);
      const code = await emulator.codeSentTo('201-555-0147');
      const grouped = `${code.slice(0, 3)} ${code.slice(3)}`;
      await driver.focus(passcode);
      // The browser's own edit, as a paste is: a maxlength would cut it, as it once cut "278 210" to "278 21".
      await driver.evaluate((pasted) => {
        // eslint-disable-next-line @typescript-eslint/no-deprecated
        document.execCommand('insertText', false, pasted);
      }, grouped);
      await hasValue(driver, passcode, grouped);
      await driver.blur(passcode);
      await count(driver, css('.field__error'), 0);
      await count(driver, css('button[type="submit"]:disabled'), 0);
      await driver.click(role('button', 'Submit'));
      await url(driver, /fps-self-change-pw\?uid=jdoe&uti=external&FTUF=N/);
    },
  },
  {
    name: 'forgot password by call: the code shows read-only, the callee answers, and the 20-second check moves on',
    async run(driver, emulator) {
      if (driver.clock) await driver.clock.install();
      await requestPassword(driver, 'jdoe');
      await choose(driver, /Option #3 Call/);
      const code = label('Code to key in');
      await hasAttribute(driver, code, 'readonly', '');
      await hasValue(driver, code, /^\d{6}$/);
      await emulator.answerCalls();
      // Where the driver has a page clock, time moves on, 5 s at a time until the check has come: its timer starts
      // once the passcode step's chunk has arrived, which under load can be after one 20 s run had gone by (the
      // check then never came). Elsewhere the page's own 20 s poll runs for real.
      const clock = driver.clock;
      const changePassword = /fps-self-change-pw/;
      if (clock) {
        await until(async () => {
          const at = await driver.url();
          if (!changePassword.test(at)) await clock.runFor(5_000);
          return at;
        }, (at) => changePassword.test(at), 'the call check to move on to change password', CALL_POLL_WAIT_MS);
      } else await url(driver, changePassword, CALL_POLL_WAIT_MS);
    },
  },
  {
    name: 'first-time user: the temporary password becomes one of their own',
    async run(driver, emulator) {
      await requestPassword(driver, 'newuser', '?FTUF=Y');
      await choose(driver, /Option #1 Email/);
      await enterCode(driver, await emulator.codeSentTo('nina.new@example.com'));
      await url(driver, /fps-self-change-pw\?.*FTUF=Y/);
      await changePassword(driver, 'Welcome#2026', 'Own#Keys2027');
      await url(driver, /\/app\/nxn\/login/);
      await logIn(driver, 'newuser', 'Own#Keys2027');
      await visible(driver, role('heading', 'Signed in as newuser'));
    },
  },
  {
    name: 'forgot user id: name and e-mail, passcode, the INFO step and the e-mail with the id',
    async run(driver, emulator) {
      await recoverJohnDoesUserId(driver, emulator);
      await visible(driver, text('J******e@example.com'));
      const last = (await emulator.outbox()).at(-1);
      equal([last?.to, last?.text], ['john.doe@example.com', 'Your User ID is jdoe.'], 'the user id e-mail');
    },
  },
  {
    name: 'change password: the rules checklist, a refused reuse (ISB_USRUP06), then the success toast on login',
    async run(driver, emulator) {
      await requestPassword(driver, 'jdoe');
      await choose(driver, /Option #1 Email/);
      await enterCode(driver, await emulator.codeSentTo('john.doe@example.com'));
      await url(driver, /fps-self-change-pw/);
      const temporary = await emulator.temporaryPasswordFor('john.doe@example.com');
      await changePassword(driver, temporary, 'Summer#2026');
      await url(driver, /SMPWERR=ISB_USRUP06/);
      await hasText(driver, role('alert'), 'You cannot reuse any of your previous 12 passwords.');
      await hydrated(driver);
      await driver.fill(label('Temporary or current password'), temporary);
      await driver.fill(label('New password', true), 'short');
      await hasText(driver, css('li[data-rule="length"]'), /At least 8 characters \(not met yet\)/);
      await hasText(driver, css('li[data-rule="upper"]'), /\(not met yet\)/);
      await hasAttribute(driver, role('button', 'Change password'), 'aria-disabled', 'true');
      await driver.fill(label('New password', true), 'Brand#New2027');
      await hasText(driver, css('li[data-rule="length"]'), /\(met\)/);
      await hasText(driver, css('li[data-rule="match"]'), /\(not met yet\)/);
      await driver.fill(label('Confirm new password'), 'Brand#New2027');
      await hasText(driver, css('li[data-rule="match"]'), /\(met\)/);
      await driver.click(role('button', 'Change password'));
      await url(driver, /\/app\/nxn\/login\?.*fromPage=FPS/);
      await hasText(driver, testId('success-toast'), /Password has been reset successfully\.\s*Please proceed to login\./);
      await driver.reload();
      await neverShown(driver, '[data-testid="success-toast"]');
    },
  },
  {
    name: 'Cancel keeps the brand and the language: back through SiteMinder to brightpath529\'s login, and to summit\'s German one',
    async run(driver) {
      await driver.goto('/app/brightpath529/login?SMQUERYDATA=journey');
      await driver.click(role('link', 'Forgot Password'));
      await hydrated(driver);
      // Another tab visited harbor meanwhile: the way back follows this page's brand, not the cookie that left.
      await driver.setCookie('WL_KEY', 'harbor');
      await driver.click(role('button', 'Cancel'));
      await url(driver, /\/app\/brightpath529\/login\?SMQUERYDATA=[\w-]{16}&TARGET=%2Fapps%2Fhome$/);
      await hasAttribute(driver, css('body'), 'data-brand', 'brightpath529');
      await visible(driver, role('heading', 'Log in to your account'));
      // Straight to a German recovery page, with no language cookie: Cancel ends on the German login.
      await driver.goto('/de-DE/self-service/summit/fps');
      await hydrated(driver);
      await driver.click(role('button', 'Abbrechen'));
      await url(driver, /\/app\/summit\/login\?SMQUERYDATA=[\w-]{16}&TARGET=%2Fapps%2Fhome$/);
      await hasAttribute(driver, css('html'), 'lang', 'de-DE');
      await hasAttribute(driver, css('body'), 'data-brand', 'summit');
      await visible(driver, role('heading', 'Melden Sie sich bei Ihrem Konto an'));
    },
  },
  {
    name: 'the cookie bar keeps its choice for a year and stays away once accepted',
    async run(driver) {
      await driver.goto('/app/nxn/login?SMQUERYDATA=q');
      const bar = role('region', 'Cookie notice');
      await visible(driver, bar);
      await hydrated(driver);
      await driver.click(role('button', 'Accept and close'));
      await hidden(driver, bar);
      const cookie = await until(() => driver.cookies(), (cookies) => cookies.some((entry) => entry.name === 'EU_COOKIE'), 'the EU_COOKIE cookie');
      const consent = cookie.find((entry) => entry.name === 'EU_COOKIE');
      equal(consent?.value, 'true', 'EU_COOKIE');
      ok((consent?.expires ?? 0) * 1000 - Date.now() > 364 * 86_400_000, `EU_COOKIE lasts a year (expires ${String(consent?.expires)})`);
      // Away on the next visit, its island woken all the same (the page hides it before the first paint, which
      // layout-stability.spec.ts samples from the first frame in Chromium).
      await driver.reload();
      await neverShown(driver, '[data-testid="cookie-bar"]');
    },
  },
  {
    name: 'the footer language switch remembers the choice and keeps page and query',
    async run(driver) {
      await driver.goto('/app/nxn/sorry?keep=1');
      await driver.click(role('link', 'Deutsch'));
      await url(driver, /\/de-DE\/app\/nxn\/sorry\?keep=1$/);
      await hasText(driver, role('heading'), /nicht verfügbar/);
      const cookies = await driver.cookies();
      equal(cookies.find((entry) => entry.name === 'USER_DISPLAY_LANGUAGE')?.value, 'de_DE', 'USER_DISPLAY_LANGUAGE');
      await driver.goto('/app/nxn/sorry');
      await hasAttribute(driver, css('html'), 'lang', 'de-DE');
      await driver.click(role('link', 'English'));
      await url(driver, /\/app\/nxn\/sorry$/);
      await hasAttribute(driver, css('html'), 'lang', 'en-US');
    },
  },
  {
    name: 'the support dialog opens, closes with Escape and gives the focus back',
    async run(driver) {
      await driver.goto('/app/nxn/sorry');
      const button = role('button', 'Support', true);
      await driver.click(button);
      const dialog = role('dialog', 'Need help signing in?');
      await visible(driver, dialog);
      await driver.press('Escape');
      await hidden(driver, dialog);
      await focused(driver, button);
    },
  },
  {
    name: 'the mobile sheet offers the Android app once per session, on the harbor brand only',
    device: () => ({ width: 390, height: 844, userAgent: ANDROID }),
    async run(driver) {
      await driver.goto('/app/harbor/login?SMQUERYDATA=q');
      const sheet = testId('mobile-sheet');
      await visible(driver, sheet);
      await hasAttribute(driver, role('link', 'Open the app'), 'href', 'https://play.example/harbor');
      await driver.click(role('button', 'Not now'));
      await hidden(driver, sheet);
      await driver.reload();
      await neverShown(driver, '[data-testid="mobile-sheet"]');
      await driver.goto('/app/nxn/login?SMQUERYDATA=q');
      await neverShown(driver, '[data-testid="mobile-sheet"]');
    },
  },
  {
    name: 'the mobile sheet offers the iPhone app on an iPhone',
    device: () => ({ width: 390, height: 844, userAgent: IPHONE }),
    async run(driver) {
      await driver.goto('/app/harbor/login?SMQUERYDATA=q');
      await visible(driver, testId('mobile-sheet'));
      await hasAttribute(driver, role('link', 'Open the app'), 'href', 'https://apps.example/harbor');
    },
  },
  {
    name: 'forgot user id by keyboard alone: each step takes the focus, Enter moves on, ending on the INFO step',
    async run(driver, emulator) {
      await driver.goto('/self-service/nxn/fuid');
      await hydrated(driver);
      await driver.focus(label('First name'));
      await driver.type('John');
      await driver.press('Tab');
      await driver.type('Doe');
      await driver.press('Tab');
      await driver.type('john.doe@example.com');
      await driver.press('Tab');
      await focused(driver, role('button', 'Continue'));
      await driver.press('Enter');
      await focused(driver, role('heading', 'Send passcode'));
      await driver.press('Tab');
      await focused(driver, role('button', /Option #1 Email/));
      await driver.press('Enter');
      await focused(driver, role('heading', 'Passcode', true));
      await driver.press('Tab');
      await focused(driver, passcode);
      await driver.type(await emulator.codeSentTo('john.doe@example.com'));
      await driver.press('Enter');
      await focused(driver, role('heading', 'Your User ID is on its way'));
      await driver.press('Tab');
      await focused(driver, role('link', 'Back to login'));
    },
  },
  {
    name: 'axe finds no violation on the login page and on each recovery step',
    async run(driver, emulator) {
      await driver.goto('/app/nxn/login?SMQUERYDATA=a11y&SMUSRMSG=Invalid%20Credentials');
      await hydrated(driver);
      await visible(driver, role('alert'));
      await expectNoAxeViolation(driver, 'login with the banner');
      await driver.goto('/self-service/nxn/fps');
      await hydrated(driver);
      await driver.fill(userId, 'a b');
      await driver.blur(userId);
      await visible(driver, text('enter valid userId'));
      await expectNoAxeViolation(driver, 'request with a field error');
      await requestPassword(driver, 'jdoe');
      await expectNoAxeViolation(driver, 'channel choice');
      await choose(driver, /Option #1 Email/);
      await enterCode(driver, '000000');
      await visible(driver, role('alert'));
      await expectNoAxeViolation(driver, 'verify with an error');
      await driver.click(role('button', 'Return to previous page'));
      await choose(driver, /Option #3 Call/);
      await visible(driver, label('Code to key in'));
      await expectNoAxeViolation(driver, 'verify by call');
      await requestPassword(driver, 'llocked');
      await choose(driver, /Option #1 Email/);
      await enterCode(driver, await emulator.codeSentTo('lena.locked@example.com'));
      await visible(driver, role('heading', 'ERROR'));
      await expectNoAxeViolation(driver, 'error step');
      await recoverJohnDoesUserId(driver, emulator);
      await expectNoAxeViolation(driver, 'info step');
      await driver.goto('/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N&SMPWERR=ISB_USRUP06');
      await hydrated(driver);
      await visible(driver, role('alert'));
      await expectNoAxeViolation(driver, 'change password with an error');
      await driver.click(role('button', 'Support', true));
      await visible(driver, role('dialog'));
      await expectNoAxeViolation(driver, 'the open support dialog');
    },
  },
];
