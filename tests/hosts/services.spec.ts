import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { PlaywrightDriver } from '../journeys/adapters/playwright.ts';
import { Emulator } from '../journeys/emulator.ts';
import { journeys } from '../journeys/journeys.ts';
import { SERVICE_HOST_PORTS, SERVICES_PORTS } from './hosts.ts';
import type { ServiceHost } from './hosts.ts';
import { forgedAddressesHitTheLimit, spellingsReachNothing } from './spellings.ts';

// Sign-in and recovery from a first visit through each host (projects nginx-services, cloudflare-services,
// netlify-services): the pages come from the host, static as on every real deploy, the form posts and the
// islands' calls go to the host's origin, and the host's own mechanism (nginx: proxy_pass; Cloudflare:
// _worker.js; Netlify: proxy rewrites) sends them to the emulator the host was given (serve-hosts.ts). The test
// reads passcodes from that emulator directly: through the host, its inspection endpoints answer nothing.
//
// Issue 41: no page answer sets the XSRF cookie on these hosts, so a browser without cookies must get it from
// the service before its first post. Each journey runs in ROUNDS fresh browsers (a race shows in some, not all)
// and fails on any 403 answer and on any message the journey does not expect.

const host = () => test.info().project.name.replace(/-services$/, '') as ServiceHost;
const emulatorBase = () => `http://127.0.0.1:${String(SERVICES_PORTS[host()])}`;

// One file, in order, in one worker: every test resets and changes the one emulator of its host.
test.describe.configure({ mode: 'default', timeout: 90_000 });

/** Fresh browsers per journey: the issue saw forgot password fail in 1 or 2 of 5. */
const ROUNDS = 5;

/**
 * The journeys of a first visit, with the messages each shows on purpose (anything else fails it). Login is the
 * passkey round below: a password sign-in from a fresh browser, then autofill from another.
 */
const COLD: ReadonlyArray<{ name: string; expected: readonly string[] }> = [
  { name: 'forgot password by e-mail: passcode, temporary password, new password, the toast once, and sign in with it', expected: [] },
  { name: 'forgot user id: name and e-mail, passcode, the INFO step and the e-mail with the id', expected: [] },
  { name: 'first-time user: the temporary password becomes one of their own', expected: [] },
  { name: 'change password: the rules checklist, a refused reuse (ISB_USRUP06), then the success toast on login', expected: ['You cannot reuse any of your previous 12 passwords.'] },
];

/**
 * What a fresh browser met: every 403 answer (method and path) and every message it showed (an element with
 * role alert, visible, its text), watched on every page from its first script on, at each DOM change.
 */
async function watchFirstVisit(context: BrowserContext): Promise<{ refusals: string[]; messages: string[] }> {
  const seen = { refusals: [] as string[], messages: [] as string[] };
  context.on('response', (response) => {
    if (response.status() === 403) seen.refusals.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  await context.exposeBinding('__reportMessage', (_source, message: string) => {
    if (!seen.messages.includes(message)) seen.messages.push(message);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __reportMessage: (message: string) => void }).__reportMessage;
    const look = () => {
      for (const alert of document.querySelectorAll('[role="alert"]')) {
        const message = alert.textContent.replace(/\s+/g, ' ').trim();
        if (message && alert.checkVisibility()) report(message);
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return seen;
}

/** A fresh browser (no cookies) that reports what it met. */
async function freshBrowser(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; seen: Awaited<ReturnType<typeof watchFirstVisit>>; elsewhere: string[]; unanswered: Set<string> }> {
  const context = await browser.newContext({ baseURL });
  const seen = await watchFirstVisit(context);
  const page = await context.newPage();
  // Every request the page makes goes to the host's origin: nothing reaches the emulator but through it.
  const elsewhere: string[] = [];
  // The page's own files the runtime was asked for and never answered (see the journeys' test below).
  const unanswered = new Set<string>();
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL)) elsewhere.push(request.url());
    if (new URL(request.url()).pathname.startsWith('/_astro/')) unanswered.add(request.url());
  });
  page.on('response', (response) => unanswered.delete(response.url()));
  // A request the page itself gave up (it went on to the next page) is no runtime's silence.
  page.on('requestfailed', (request) => unanswered.delete(request.url()));
  expect(await context.cookies()).toEqual([]);
  return { context, page, seen, elsewhere, unanswered };
}

/**
 * One first visit of a journey in a fresh browser. wrangler pages dev now and then leaves one request for a
 * static chunk unanswered for good (no error, no log; seen in 1 of about 60 visits, a different chunk each time),
 * and the page then says, rightly, that it could not finish loading. That visit is walked once more in another
 * fresh browser, and said in the report; a second such visit, and everything else, fails as it is.
 */
async function firstVisit(browser: Browser, baseURL: string, run: (driver: PlaywrightDriver, emulator: Emulator) => Promise<void>) {
  for (let attempt = 1; ; attempt += 1) {
    const emulator = new Emulator(emulatorBase());
    await emulator.reset();
    const { context, page, seen, elsewhere, unanswered } = await freshBrowser(browser, baseURL);
    const walked = await run(new PlaywrightDriver(page, baseURL), emulator).then(() => undefined, (error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    await page.screenshot({ path: test.info().outputPath(`${host()}-end-${String(attempt)}.png`), fullPage: true });
    // Read before the browser closes, which fails whatever is still pending.
    const silent = [...unanswered];
    await context.close();
    if (attempt === 1 && silent.length > 0) {
      test.info().annotations.push({ type: 'runtime', description: `${host()} never answered ${silent.join(', ')}: walked again` });
      continue;
    }
    return { seen, elsewhere, walked };
  }
}

for (const { name, expected } of COLD) {
  const journey = journeys.find((entry) => entry.name === name);
  for (let round = 1; round <= ROUNDS; round += 1) {
    test(`first visit, browser ${String(round)} of ${String(ROUNDS)}: ${name}`, async ({ browser, baseURL }) => {
      if (!journey) throw new Error(`no journey "${name}" in tests/journeys/journeys.ts`);
      const { seen, elsewhere, walked } = await firstVisit(browser, baseURL ?? '', (driver, emulator) => journey.run(driver, emulator));
      // The 403s and messages first: they say why a journey stopped.
      expect(seen.refusals, 'answers 403').toEqual([]);
      expect(seen.messages, 'messages shown').toEqual(expected);
      if (walked) throw walked;
      expect(elsewhere).toEqual([]);
    });
  }
}

/** A platform authenticator that holds passkeys and verifies its user, as a phone or laptop would (Chromium over CDP). */
async function addAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

const PASSKEY_LOGIN = '/app/nxn/login?SMQUERYDATA=cold&TARGET=%2Fapps%2Fhome%3Ffrom%3Dpasskey';

for (let round = 1; round <= ROUNDS; round += 1) {
  test(`first visit, browser ${String(round)} of ${String(ROUNDS)}: passkey autofill signs in as the login page loads`, async ({ browser, baseURL }) => {
    const emulator = new Emulator(emulatorBase());
    await emulator.reset();
    // As localhost: an IP address cannot be an RP ID (WebAuthn), so a passkey needs a host name.
    const { context, page, seen, elsewhere } = await freshBrowser(browser, (baseURL ?? '').replace('//127.0.0.1:', '//localhost:'));
    const optionsAsked: number[] = [];
    const walked = await (async () => {
      await addAuthenticator(page);
      // The passkey: a password sign-in, then the offer creates one in the authenticator.
      await page.goto(PASSKEY_LOGIN);
      await page.getByLabel('User ID').fill('jdoe');
      await page.getByLabel('Password', { exact: true }).fill('Summer#2026');
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect(page).toHaveURL(/\/app\/nxn\/passkey\?TARGET=/);
      await page.getByRole('button', { name: 'Create a passkey' }).click();
      await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();
      // The offer goes on to TARGET whatever happens; the passkey is held only if it was made.
      expect((await (await fetch(`${emulatorBase()}/__emulator/passkeys`)).json()) as unknown[]).toHaveLength(1);
      // A first visit again: no cookie at all, only the passkey. The autofill request starts as the page loads and
      // the authenticator answers it.
      await context.clearCookies();
      expect(await context.cookies()).toEqual([]);
      page.on('response', (response) => {
        if (response.url().endsWith('/passkey/authentication/options')) optionsAsked.push(response.status());
      });
      await page.goto(PASSKEY_LOGIN);
      await expect(page).toHaveURL(/\/apps\/home\?from=passkey$/);
      await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();
    })().then(() => undefined, (error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    await context.close();
    expect(seen.refusals, 'answers 403').toEqual([]);
    expect(seen.messages, 'messages shown').toEqual([]);
    if (walked) throw walked;
    // The autofill's one request for options, answered.
    expect(optionsAsked).toEqual([200]);
    expect(elsewhere).toEqual([]);
  });
}

test('the emulator\'s inspection endpoints answer nothing through the runtime, while the test reads them directly', async ({ request }) => {
  const emulator = new Emulator(emulatorBase());
  await emulator.reset();
  const direct = await request.get(`${emulatorBase()}/__emulator/outbox`);
  expect(direct.status()).toBe(200);
  expect(await direct.json()).toEqual({ messages: [] });
  for (const [method, path] of [['GET', '/__emulator/outbox'], ['GET', '/__emulator/stats'], ['GET', '/__emulator/passkeys'], ['POST', '/__emulator/reset'], ['POST', '/__emulator/calls/answer']] as const) {
    const response = await request.fetch(path, { method, maxRedirects: 0 });
    // Not found, or a static host refusing a post to a file (Cloudflare: 405): never the emulator's answer.
    expect([404, 405], `${method} ${path}: ${String(response.status())}`).toContain(response.status());
    expect(await response.text(), `${method} ${path}`).not.toMatch(/"messages"|"records"|"code"/);
  }
});

test('every metrics path of spec section 7 reaches the service through the runtime', async ({ request }) => {
  const emulator = new Emulator(emulatorBase());
  await emulator.reset();
  const paths = ['/nxn-metrics/analytics/metrics', '/app/pmg/nxn-metrics/analytics/', '/DPMonitor/rest/v1/dpevents/', '/nxn-service/public/logDpStats/PAGE_VIEW', '/nxn-service/public/clickMonitor', '/nxn-service/httpUsageStatus/store'];
  for (const path of paths) {
    const response = await request.post(path, { data: { statsType: 'NXN_USAGE_STATS', via: host() } });
    expect(response.status(), path).toBe(200);
  }
  const stats = (await (await request.get(`${emulatorBase()}/__emulator/stats`)).json()) as { records: Array<{ endpoint: string; payload: { via?: string } }> };
  expect(stats.records.map((record) => `${record.endpoint} ${record.payload.via ?? ''}`)).toEqual(paths.map((path) => `${path} ${host()}`));
});

// Issue 40 through the host (hostile-paths.spec.ts runs the same on the bundled server and the suite's other nginx): here, in the
// file whose journeys share this emulator, so nothing resets or fills its limits under them.
test('no spelling of a path reaches the emulator\'s inspection endpoints through the runtime: no outbox, no reset', async ({ request }) => {
  // Each host refuses the escaped ones itself before its proxy (nginx's `if`, Cloudflare's worker, Netlify's edge
  // function: Netlify's proxy rewrites decode escapes), whether the prefix is written or spelled with escapes.
  const answers = await spellingsReachNothing(request, SERVICE_HOST_PORTS[host()], emulatorBase(), true);
  await test.info().attach('answers', { body: answers.join('\n'), contentType: 'text/plain' });
});

test('per-client limits hold through the runtime whatever X-Forwarded-For a visitor forges', async ({ request, baseURL }) => {
  await forgedAddressesHitTheLimit(request, baseURL ?? '', emulatorBase());
});
