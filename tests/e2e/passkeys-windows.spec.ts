import { expect, test } from '@playwright/test';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { LOGIN, HOME, addAuthenticator, passwordSignIn, heldPasskeys, enrol, signOut, signInMethods, sampleLoginMessage } from './support/passkeys.ts';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../scripts/browsers/chromium.ts';
import { statistics } from './support/recovery-page.ts';

// Issue 42: autofill for as long as the page is open, changes only within their windows, and what Your passkeys
// says; split from passkeys.spec.ts, sharing its project ("passkeys"), origin and emulator, in Chromium with its
// virtual authenticator over CDP.
freshEmulatorForEachTest();

test.describe('autofill as long as the page is open (issue 42)', () => {
  test('a passkey picked after its challenge lapsed signs in, with no fault ever shown', async ({ page }) => {
    await addAuthenticator(page);
    await enrol(page);
    await signOut(page);
    const said = await sampleLoginMessage(page);
    let delayed = false;
    // The passkey is picked after the service's clock moved past its challenge's 2 minutes: the visitor left the
    // page open (the page's own timers, which would have renewed it, were asleep with the laptop).
    await page.route('**/passkey/authentication/verify', async (route) => {
      if (!delayed) {
        delayed = true;
        expect((await page.request.post('/__emulator/clock/advance', { data: { seconds: 121 } })).ok()).toBe(true);
      }
      await route.continue();
    });
    const verifies: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/passkey/authentication/verify')) verifies.push(response.status());
    });
    await page.goto(LOGIN);
    await expect(page).toHaveURL(HOME);
    // The lapsed challenge was refused, and answered by a fresh one.
    expect(verifies).toEqual([401, 200]);
    expect(await said()).toBeNull();
  });

  test('a refused submit leaves the autofill request pending; one that goes ahead aborts it', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.credentials.get = (options) => new Promise((_resolve, reject) => {
        sessionStorage.setItem('pending', String(Number(sessionStorage.getItem('pending') ?? 0) + 1));
        options?.signal?.addEventListener('abort', () => {
          sessionStorage.setItem('aborted', String(Number(sessionStorage.getItem('aborted') ?? 0) + 1));
          reject(new DOMException('aborted', 'AbortError'));
        });
      });
    });
    const counts = () => page.evaluate(() => [sessionStorage.getItem('pending'), sessionStorage.getItem('aborted')]);
    await page.goto(LOGIN);
    await expect.poll(counts).toEqual(['1', null]);
    await page.getByLabel('User ID').fill('jdoe');
    // Enter without a password: refused, with its message; the passkey request stays.
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page.getByText('Password is required').first()).toBeVisible();
    expect(await counts()).toEqual(['1', null]);
    await page.getByLabel('Password', { exact: true }).fill('Summer#2026');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(HOME);
    expect(await counts()).toEqual(['1', '1']);
  });

  test('Back to login from the back/forward cache arms the autofill again', async ({ playwright, baseURL }) => {
    // Playwright turns the back/forward cache off by default; visitors' browsers keep it on.
    const executablePath = chromiumExecutable();
    const browser = await playwright.chromium.launch({ ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS], ignoreDefaultArgs: ['--disable-back-forward-cache'] });
    try {
      const page = await browser.newPage({ ...(baseURL ? { baseURL } : {}) });
      await page.addInitScript(() => {
        navigator.credentials.get = (options) => new Promise((_resolve, reject) => {
          if (options?.mediation === 'conditional') sessionStorage.setItem('armed', String(Number(sessionStorage.getItem('armed') ?? 0) + 1));
          options?.signal?.addEventListener('abort', () => { reject(new DOMException('aborted', 'AbortError')); });
        });
      });
      const armed = () => page.evaluate(() => sessionStorage.getItem('armed'));
      await page.goto(LOGIN);
      await expect.poll(armed).toBe('1');
      await page.evaluate(() => { (window as unknown as { leftThisPage: boolean }).leftThisPage = true; });
      await page.getByRole('link', { name: 'Forgot Password' }).click();
      await expect(page).toHaveURL(/\/self-service\/nxn\/fps/);
      await page.goBack({ waitUntil: 'commit' });
      // The very page, restored from the cache, with a fresh autofill request.
      expect(await page.evaluate(() => (window as unknown as { leftThisPage?: boolean }).leftThisPage)).toBe(true);
      await expect.poll(armed).toBe('2');
    } finally {
      await browser.close();
    }
  });

  test('after the button\'s prompt is closed, autofill is armed again', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.credentials.get = (options) => new Promise((_resolve, reject) => {
        sessionStorage.setItem('mediations', `${sessionStorage.getItem('mediations') ?? ''}${String(options?.mediation)} `);
        // The button's prompt: the visitor closes it.
        if (options?.mediation !== 'conditional') reject(new DOMException('closed', 'NotAllowedError'));
        options?.signal?.addEventListener('abort', () => { reject(new DOMException('aborted', 'AbortError')); });
      });
    });
    const mediations = () => page.evaluate(() => sessionStorage.getItem('mediations'));
    await page.goto(LOGIN);
    await expect.poll(mediations).toBe('conditional ');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect.poll(mediations).toBe('conditional optional conditional ');
    await expect(page.locator('.passkey-signin__message')).toHaveText('');
  });

  test('a flood of options calls from another client leaves this page\'s challenge valid', async ({ page, baseURL }) => {
    await addAuthenticator(page);
    await enrol(page);
    await signOut(page);
    let flooded = false;
    // Between this page's challenge and its answer, the flood.
    await page.route('**/passkey/authentication/verify', async (route) => {
      if (!flooded) {
        flooded = true;
        // Another client (its own address, none of this browser's cookies) asks for more challenges than it may hold.
        const statuses: number[] = [];
        for (let index = 0; index < 300; index += 1) {
          const flood = await fetch(new URL('/portal-login-service/public/passkey/authentication/options', baseURL), {
            method: 'POST', body: JSON.stringify({ wl: 'nxn' }),
            headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': 'flood', 'X-Forwarded-For': '203.0.113.9', Cookie: 'XSRF-TOKEN=flood' },
          });
          statuses.push(flood.status);
        }
        expect(statuses).toEqual(Array.from({ length: 300 }, () => 200));
      }
      await route.continue();
    });
    const verifies: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/passkey/authentication/verify')) verifies.push(response.status());
    });
    await page.goto(LOGIN);
    // 300 calls under way before the verify goes on: more time than an expectation's default.
    await expect(page).toHaveURL(HOME, { timeout: 30_000 });
    // The first challenge held: no silent second try was needed.
    expect(verifies).toEqual([200]);
  });

  test('SecurityError (a browser that cannot use the RP ID here): no button and no message, once the request has ended', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.credentials.get = () => {
        sessionStorage.setItem('asked', 'yes');
        return Promise.reject(new DOMException('not here', 'SecurityError'));
      };
    });
    await page.goto(LOGIN);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('asked'))).toBe('yes');
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeHidden();
    await expect(page.locator('.passkey-signin__message')).toHaveText('');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('changes only within their windows (issue 42)', () => {
  test('a rename eleven minutes after the sign-in goes through login, which says why, and back', async ({ page }) => {
    await addAuthenticator(page);
    await enrol(page);
    await page.goto('/app/nxn/passkey');
    await expect(page.locator('.passkey-list__item')).toHaveCount(1);
    await expect(page.getByTestId('header-logout')).toHaveText('Log Out');
    await expect(page.getByTestId('header-login')).toHaveCount(0);
    expect((await page.request.post('/__emulator/clock/advance', { data: { seconds: 11 * 60 } })).ok()).toBe(true);
    const reauth = page.locator('#passkey-reauth');
    await page.getByRole('button', { name: 'Rename Passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename passkey' });
    await dialog.getByLabel('Passkey name').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Through login (the autofill signs in with the passkey here at once), and back to Your passkeys.
    await page.waitForURL(/\/app\/nxn\/login\?.*fromPage=passkeys/);
    await expect(page).toHaveURL(/\/app\/nxn\/passkey$/);
    expect(await signInMethods(page)).toEqual(['password', 'passkey']);
    await page.getByRole('button', { name: 'Rename Passkey' }).click();
    await dialog.getByLabel('Passkey name').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status')).toHaveText('The passkey is now called Work laptop.');
    await expect(page.getByRole('button', { name: 'Rename Work laptop' })).toBeFocused();
    expect(await reauth.count()).toBe(0);
  });

  test('login says why when a change needed a recent sign-in', async ({ page }) => {
    await page.goto('/app/nxn/login?SMQUERYDATA=passkeys&TARGET=%2Fapp%2Fnxn%2Fpasskey&fromPage=passkeys');
    await expect(page.getByRole('status').filter({ hasText: 'For your security' })).toHaveText('For your security, please log in again before you change your passkeys. You will come back to Your passkeys.');
  });
});

test.describe('Your passkeys says what happened (issue 42)', () => {
  test('a second passkey in the same password manager: it already has one here; focus stays on Create', async ({ page }) => {
    await addAuthenticator(page);
    await enrol(page);
    await page.goto('/app/nxn/passkey');
    await expect(page.locator('.passkey-list__item')).toHaveCount(1);
    const create = page.getByRole('button', { name: 'Create a passkey' });
    await create.click();
    await expect(page.getByRole('alert')).toHaveText('This password manager already has a passkey for your account here: you can sign in with it.');
    await expect(create).toBeFocused();
    expect(await heldPasskeys(page)).toHaveLength(1);
  });

  test('a closed prompt: no passkey was made, said; a create keeps the focus on Create and is announced', async ({ page }) => {
    await addAuthenticator(page);
    await passwordSignIn(page);
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page).toHaveURL(HOME);
    await page.goto('/app/nxn/passkey');
    await page.evaluate(() => {
      const create = navigator.credentials.create.bind(navigator.credentials);
      let first = true;
      navigator.credentials.create = (options) => {
        if (!first) return create(options);
        first = false;
        return Promise.reject(new DOMException('closed', 'NotAllowedError'));
      };
    });
    const button = page.getByRole('button', { name: 'Create a passkey' });
    await button.click();
    await expect(page.getByRole('alert')).toHaveText('No passkey was created: the prompt was closed before it finished.');
    await expect(button).toBeFocused();
    await button.click();
    await expect(page.getByRole('status')).toHaveText('Your passkey was created.');
    await expect(page.getByRole('alert')).toHaveText('');
    await expect(button).toBeFocused();
  });

  test('the offer: a closed prompt says so and keeps the focus; Not now still goes on', async ({ page }) => {
    await addAuthenticator(page);
    await page.addInitScript(() => {
      if (!location.pathname.endsWith('/passkey')) return;
      navigator.credentials.create = (options) => new Promise((_resolve, reject) => {
        // The automatic upgrade waits (no password manager offers it here); the button's prompt is closed.
        if ((options as { mediation?: string } | undefined)?.mediation === 'conditional') options?.signal?.addEventListener('abort', () => { reject(new DOMException('aborted', 'AbortError')); });
        else reject(new DOMException('closed', 'NotAllowedError'));
      });
    });
    await passwordSignIn(page);
    const create = page.getByRole('button', { name: 'Create a passkey' });
    await create.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('No passkey was created. You can try again, or choose Not now.');
    await expect(create).toBeFocused();
    await expect(page).toHaveURL(/\/app\/nxn\/passkey\?TARGET=/);
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page).toHaveURL(HOME);
  });

  test('a create the service refused is forgotten by the password manager', async ({ page }) => {
    await page.addInitScript(() => {
      const credential = PublicKeyCredential as unknown as Record<string, unknown>;
      credential['signalUnknownCredential'] = (options: unknown) => {
        sessionStorage.setItem('unknown', JSON.stringify(options));
        return Promise.resolve();
      };
    });
    await addAuthenticator(page);
    await passwordSignIn(page);
    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page).toHaveURL(HOME);
    await page.goto('/app/nxn/passkey');
    await page.route('**/passkey/registration/verify', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'PASSKEY_REJECTED', errorCode: 'PASSKEY_REJECTED', message: 'refused' }) }));
    await page.getByRole('button', { name: 'Create a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText('That did not work this time. Please try again.');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('unknown'))).toMatch(/^\{"rpId":"localhost","credentialId":"[\w-]+"\}$/);
  });

  test('removing in a browser without the signal methods says it was removed', async ({ page }) => {
    await addAuthenticator(page);
    await enrol(page);
    await page.addInitScript(() => {
      delete (PublicKeyCredential as unknown as Record<string, unknown>)['signalAllAcceptedCredentials'];
    });
    await page.goto('/app/nxn/passkey');
    await page.getByRole('button', { name: 'Remove Passkey' }).click();
    await page.getByRole('dialog', { name: 'Remove this passkey?' }).getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('The passkey was removed.');
    await expect(page.getByRole('alert')).toHaveText('');
    await expect(page.getByRole('button', { name: 'Create a passkey' })).toBeFocused();
  });
});

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
    await expect.poll(async () => (await statistics(request, 'NXN_HTTP_STATS')).filter((record) => record['url'] === OPTIONS).map((record) => [record['status'], record['statusCode']])).toEqual([
      ['Failure', 0],
      ['Success', 200],
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
