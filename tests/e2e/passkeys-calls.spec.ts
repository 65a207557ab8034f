import { expect, test } from '@playwright/test';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { LOGIN, HOME, addAuthenticator, enrol, signOut, signInMethods, sampleLoginMessage } from './support/passkeys.ts';
import { statistics } from './support/recovery-page.ts';

// Issue 42, split from passkeys-windows.spec.ts, sharing its project ("passkeys"), origin and emulator, in Chromium
// with its virtual authenticator over CDP.
freshEmulatorForEachTest();

// Issue 42: the passkey calls go by the service client's rules (XSRF, time-outs, HTTP statistics). The login page's
// autofill asks for its options before any interaction with its own plain call (the client does not fit the
// page's budget); the button's and every later call go through the client itself.
const OPTIONS = '/portal-login-service/public/passkey/authentication/options';

test.describe('the passkey calls report like every call (issue 42)', () => {
  test('autofill\'s options call carries the token and the time-out header, and is in the HTTP statistics once the visitor engages', async ({ page, request }) => {
    const asked = page.waitForRequest((sent) => new URL(sent.url()).pathname === OPTIONS);
    await page.goto(LOGIN);
    const headers = await (await asked).allHeaders();
    expect([headers['timeoutinseconds'], headers['accept'], Boolean(headers['x-xsrf-token'])]).toEqual(['30', 'application/json', true]);
    await page.getByLabel('User ID').click();
    await expect.poll(async () => (await statistics(request, 'NXN_HTTP_STATS')).filter((record) => record['url'] === OPTIONS)).toEqual([
      expect.objectContaining({ httpMethod: 'POST', status: 'Success', statusCode: 200, clientId: 'nxn', environment: 'MOCK' }),
    ]);
  });

  test('an options call that never answers ends at its time-out, is reported as timed out, and autofill comes back with the renewal, nothing shown', async ({ page, request }) => {
    const said = await sampleLoginMessage(page);
    await page.clock.install();
    // The first options call hangs (a service that took the request and never answered); later ones go through.
    let calls = 0;
    await page.route(`**${OPTIONS}`, async (route) => {
      calls += 1;
      if (calls > 1) await route.continue();
    });
    const failed = page.waitForEvent('requestfailed', (sent) => new URL(sent.url()).pathname === OPTIONS);
    await page.goto(LOGIN);
    await expect.poll(() => calls).toBe(1);
    await page.clock.runFor(30_000);
    expect((await failed).failure()?.errorText).toBe('net::ERR_ABORTED');
    // The renewal (100 s after the first request) asks again.
    await page.clock.runFor(70_000);
    await expect.poll(() => calls).toBe(2);
    await page.getByLabel('User ID').click();
    // Each is posted on its own, so they may arrive in either order.
    await expect.poll(async () => (await statistics(request, 'NXN_HTTP_STATS')).filter((record) => record['url'] === OPTIONS).map((record) => `${String(record['status'])} ${String(record['statusCode'])}`).sort()).toEqual([
      'Failure 0',
      'Success 200',
    ]);
    expect(await said()).toBeNull();
  });

  test('the button\'s options call goes through the service client, in the statistics at once', async ({ page, request }) => {
    // No conditional mediation here: the button is the only passkey request.
    await page.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: () => Promise.resolve(false) });
    });
    const asked = page.waitForRequest((sent) => new URL(sent.url()).pathname === OPTIONS);
    await page.goto(LOGIN);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    const headers = await (await asked).allHeaders();
    expect([headers['timeoutinseconds'], Boolean(headers['x-xsrf-token'])]).toEqual(['30', true]);
    await expect.poll(async () => (await statistics(request, 'NXN_HTTP_STATS')).filter((record) => record['url'] === OPTIONS)).toEqual([
      expect.objectContaining({ httpMethod: 'POST', status: 'Success', statusCode: 200 }),
    ]);
  });
});

test.describe('one ceremony, one cookie request (issue 42)', () => {
  test('a passkey chosen from autofill keeps the button busy: a press meanwhile starts no second prompt, verify or sign-in', async ({ page }) => {
    await addAuthenticator(page);
    await enrol(page);
    await signOut(page);
    // The code that follows a choice is slow to arrive: the visitor sees the button busy, and presses it anyway.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/passkey-login-finish-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const verifies: string[] = [];
    const options: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('/passkey/authentication/verify')) verifies.push(path);
      if (path === OPTIONS) options.push(path);
    });
    await page.goto(LOGIN);
    const button = page.getByRole('button', { name: 'Sign in with a passkey' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await button.click();
    await button.press('Enter');
    release();
    await expect(page).toHaveURL(HOME);
    expect([options.length, verifies.length]).toEqual([1, 1]);
    expect(await signInMethods(page)).toEqual(['password', 'passkey']);
  });

  test('a page without the cookie makes one cookie request, however many of its modules wait for it', async ({ page, playwright }) => {
    // As on a static host, no answer but the cookie request's sets the cookie (the bundled server's emulator sets it
    // on every answer, pages and scripts included).
    // Fetched by a client of its own: the page's route.fetch() would put the cookie in the browser's jar.
    const elsewhere = await playwright.request.newContext();
    await page.route(() => true, async (route) => {
      const response = await elsewhere.fetch(route.request());
      const headers = { ...response.headers() };
      delete headers['set-cookie'];
      await route.fulfill({ response, headers });
    });
    await page.context().clearCookies();
    await page.addInitScript(() => {
      // No autofill: the button's module is the second one to wait for the cookie.
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: () => Promise.resolve(false) });
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const asked: number[] = [];
    await page.route('**/portal-login-service/public/xsrf', async (route) => {
      asked.push(asked.length);
      if (asked.length === 1) await held;
      await route.continue();
    });
    await page.goto(LOGIN);
    await expect.poll(() => asked.length).toBe(1);
    const loaded = page.waitForResponse(/passkey-login-finish-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await loaded;
    // The button's options call waits for the request in flight: a second request would go now, unheld, and the
    // options call right after it. Sampled while it would.
    const early = await page.waitForRequest((request) => new URL(request.url()).pathname === OPTIONS, { timeout: 2000 }).then(() => true, () => false);
    release();
    const sent = await page.waitForRequest((request) => new URL(request.url()).pathname === OPTIONS);
    expect([early, asked.length, Boolean(await sent.headerValue('x-xsrf-token'))]).toEqual([false, 1, true]);
  });
});
