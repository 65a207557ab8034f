import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page, Request } from '@playwright/test';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { requestsSoFarSeen } from './support/sampling.ts';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../scripts/browsers/chromium.ts';

// Passkeys (issue 36) in Chromium with its virtual authenticator over CDP. Its own origin and emulator
// (project "passkeys"): the tests enrol passkeys and read the emulator's statistics.
freshEmulatorForEachTest();

const LOGIN = '/app/nxn/login?SMQUERYDATA=q1&TARGET=%2Fapps%2Fhome%3Ffrom%3Dpasskey';
const HOME = /\/apps\/home\?from=passkey$/;
const UNKNOWN = 'This passkey is no longer registered for your account. Log in with your User ID and password; you can then create a new passkey.';

/** A platform authenticator that holds passkeys and verifies its user, as a phone or laptop would. */
async function addAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

async function passwordSignIn(page: Page): Promise<void> {
  await page.goto(LOGIN);
  await page.getByLabel('User ID').fill('jdoe');
  await page.getByLabel('Password', { exact: true }).fill('Summer#2026');
  await page.getByRole('button', { name: 'Log In' }).click();
}

async function heldPasskeys(page: Page): Promise<Array<{ userId: string; id: string; lastUsedAt: string | null; counter: number }>> {
  return (await (await page.request.get('/__emulator/passkeys')).json()) as Array<{ userId: string; id: string; lastUsedAt: string | null; counter: number }>;
}

/** Signs in with the password and creates a passkey on the offer; ends signed in at TARGET. */
async function enrol(page: Page): Promise<void> {
  await passwordSignIn(page);
  await expect(page).toHaveURL(/\/app\/nxn\/passkey\?TARGET=/);
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();
  expect(await heldPasskeys(page)).toHaveLength(1);
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/login/logout.html');
  await expect(page).toHaveURL(/\/app\/nxn\/logout$/);
}

async function signInMethods(page: Page): Promise<string[]> {
  const { records } = (await (await page.request.get('/__emulator/stats')).json()) as { records: Array<{ endpoint: string; payload: { method?: string } }> };
  return records.filter((record) => record.endpoint === 'service:sign-in').map((record) => record.payload.method ?? '');
}

/** Samples, from the first script of every page on, whether the offer ever showed: kept in sessionStorage. */
async function sampleOffer(page: Page): Promise<() => Promise<string | null>> {
  await page.addInitScript(() => {
    if (!location.pathname.endsWith('/passkey')) return;
    const sample = () => {
      const heading = document.getElementById('passkey-offer-heading');
      if (heading && heading.getBoundingClientRect().height > 0 && getComputedStyle(heading).visibility === 'visible') sessionStorage.setItem('offerSeen', 'yes');
    };
    const timer = setInterval(sample, 5);
    addEventListener('pagehide', () => clearInterval(timer));
    new MutationObserver(sample).observe(document, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => sessionStorage.getItem('offerSeen'));
}

test('enrol on the offer, then sign in by autofill to TARGET, recorded as a passkey sign-in', async ({ page }) => {
  await addAuthenticator(page);
  // Without a passkey Chromium's virtual authenticator rejects the conditional request at once: nothing shows,
  // checked once that request has ended.
  await page.addInitScript(() => {
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options) => get(options).finally(() => { sessionStorage.setItem('requestEnded', 'yes'); });
  });
  await page.goto(LOGIN);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('requestEnded'))).toBe('yes');
  await expect(page.locator('#passkey-signin .passkey-signin__message')).toHaveText('');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await enrol(page);
  await signOut(page);
  // The autofill request starts as the page loads; the virtual authenticator answers it with the passkey.
  await page.goto(LOGIN);
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();
  expect(await signInMethods(page)).toEqual(['password', 'passkey']);
  const [held] = await heldPasskeys(page);
  expect(held?.lastUsedAt).not.toBeNull();
});

test('the user id field offers passkeys in autofill, and the request starts before any interaction', async ({ page }) => {
  await page.addInitScript(() => {
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options) => {
      (window as unknown as { mediations: unknown[] }).mediations = [...((window as unknown as { mediations?: unknown[] }).mediations ?? []), options?.mediation];
      return get(options);
    };
  });
  await page.goto(LOGIN);
  await expect(page.getByLabel('User ID')).toHaveAttribute('autocomplete', 'username webauthn');
  await expect.poll(() => page.evaluate(() => (window as unknown as { mediations?: unknown[] }).mediations)).toEqual(['conditional']);
  // React still waits for engagement.
  await expect(page.locator('#login-form')).not.toHaveAttribute('data-hydrated', 'true');
});

test('the button signs in where the browser lacks the JSON helpers (no autofill there), and a replayed assertion is refused', async ({ page }) => {
  await page.addInitScript(() => {
    delete (PublicKeyCredential as unknown as Record<string, unknown>)['parseRequestOptionsFromJSON'];
  });
  await addAuthenticator(page);
  await enrol(page);
  await signOut(page);
  const verifies: Request[] = [];
  const optionsAsked: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/passkey/authentication/verify')) verifies.push(request);
    if (request.url().endsWith('/passkey/authentication/options')) optionsAsked.push(request.url());
  });
  await page.goto(LOGIN);
  // No autofill here: the page stays until the button is pressed. An autofill would ask the browser whether it can
  // (isConditionalMediationAvailable) as the page loads, then the service for options at once. Asked after the
  // page's, that question is answered after the page's; then any options request has gone out before one of ours.
  await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable());
  await requestsSoFarSeen(page);
  expect(optionsAsked).toEqual([]);
  await expect(page).toHaveURL(/\/app\/nxn\/login/);
  expect(verifies).toHaveLength(0);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(HOME);
  expect(verifies).toHaveLength(1);
  // The same assertion again, as an attacker who caught it would send it: the challenge was single use.
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const replay = await page.request.post('/portal-login-service/public/passkey/authentication/verify', {
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf }, data: verifies[0]?.postData() ?? '',
  });
  expect(replay.status()).toBe(401);
  expect(await replay.json()).toMatchObject({ code: 'PASSKEY_REJECTED', message: 'challenge not issued, already used or expired' });
});

test('Your passkeys lists, removes with a confirmation, and tells the password manager which passkeys remain', async ({ page }) => {
  await page.addInitScript(() => {
    const credential = PublicKeyCredential as unknown as Record<string, unknown>;
    credential['signalAllAcceptedCredentials'] = (options: unknown) => {
      (window as unknown as { accepted?: unknown }).accepted = options;
      return Promise.resolve();
    };
  });
  await addAuthenticator(page);
  await enrol(page);
  await page.goto('/app/nxn/passkey');
  const item = page.locator('.passkey-list__item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Passkey');
  await expect(item).toContainText('Created');
  await expect(item).toContainText('Last used');
  await expect(item).toContainText('Never');
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()).violations).toEqual([]);
  await item.getByRole('button', { name: 'Remove Passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await heldPasskeys(page)).toHaveLength(1);
  await item.getByRole('button', { name: 'Remove Passkey' }).click();
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('The passkey was removed.');
  await expect(page.locator('.passkey-list')).toContainText('You have no passkeys yet.');
  expect(await heldPasskeys(page)).toEqual([]);
  await expect.poll(() => page.evaluate(() => (window as unknown as { accepted?: unknown }).accepted)).toEqual({ rpId: 'localhost', userId: expect.any(String), allAcceptedCredentialIds: [] });
});

test('a passkey the service no longer holds is named on login, and the password manager is told', async ({ page }) => {
  await page.addInitScript(() => {
    const credential = PublicKeyCredential as unknown as Record<string, unknown>;
    credential['signalUnknownCredential'] = (options: unknown) => {
      (window as unknown as { unknown?: unknown }).unknown = options;
      return Promise.resolve();
    };
  });
  await addAuthenticator(page);
  await enrol(page);
  // Removed elsewhere (another device, the help desk): the authenticator here still offers it.
  const [held] = await heldPasskeys(page);
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  expect((await page.request.delete(`/portal-login-service/passkey/credentials/${held?.id ?? ''}`, { headers: { 'X-XSRF-TOKEN': xsrf } })).status()).toBe(204);
  await signOut(page);
  await page.goto(LOGIN);
  // Written into a live region that was in the page before its text (announced, unlike a region made live with it).
  const message = page.locator('.passkey-signin__message');
  await expect(message).toHaveAttribute('aria-live', 'assertive');
  await expect(message).toHaveText(UNKNOWN);
  await expect(page).toHaveURL(/\/app\/nxn\/login/);
  expect(await page.evaluate(() => (window as unknown as { unknown?: unknown }).unknown)).toEqual({ rpId: 'localhost', credentialId: held?.id });
});

test('Create on Your passkeys adds one to the list', async ({ page }) => {
  await addAuthenticator(page);
  await passwordSignIn(page);
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(HOME);
  await page.goto('/app/nxn/passkey');
  await expect(page.locator('.passkey-list')).toContainText('You have no passkeys yet.');
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page.getByRole('status')).toHaveText('Your passkey was created.');
  await expect(page.locator('.passkey-list__item')).toHaveCount(1);
});

test('Your passkeys without a session goes to login, as /apps/home does', async ({ page }) => {
  await page.goto('/app/nxn/passkey');
  await expect(page).toHaveURL(/\/app\/nxn\/login\?SMQUERYDATA=/);
});

test('without WebAuthn: no passkey button, and a password sign-in goes on to TARGET without showing the offer', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as unknown as Record<string, unknown>)['PublicKeyCredential'];
  });
  const offerSeen = await sampleOffer(page);
  await page.goto(LOGIN);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeHidden();
  await page.getByLabel('User ID').fill('jdoe');
  await page.getByLabel('Password', { exact: true }).fill('Summer#2026');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(HOME);
  expect(await offerSeen()).toBeNull();
});

test('without a platform authenticator the offer is skipped too', async ({ page }) => {
  const offerSeen = await sampleOffer(page);
  const visited: string[] = [];
  page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname));
  await passwordSignIn(page);
  await expect(page).toHaveURL(HOME);
  expect(visited).toContain('/app/nxn/passkey');
  expect(await offerSeen()).toBeNull();
});

test('Not now goes on to TARGET and is remembered: the next sign-in goes straight there', async ({ page }) => {
  await addAuthenticator(page);
  const offerSeen = await sampleOffer(page);
  await passwordSignIn(page);
  await expect(page.getByRole('heading', { name: 'Sign in faster with a passkey' })).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()).violations).toEqual([]);
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(HOME);
  expect(await offerSeen()).toBe('yes');
  expect(await heldPasskeys(page)).toEqual([]);
  await signOut(page);
  await page.evaluate(() => sessionStorage.removeItem('offerSeen'));
  const visited: string[] = [];
  page.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname));
  await passwordSignIn(page);
  await expect(page).toHaveURL(HOME);
  expect(visited).not.toContain('/app/nxn/passkey');
});

test('a password submit aborts the pending autofill request and signs in with the password', async ({ page }) => {
  // A browser whose passkey request stays pending (a password manager waiting for a choice).
  await page.addInitScript(() => {
    navigator.credentials.get = (options) => new Promise((_resolve, reject) => {
      sessionStorage.setItem('pending', String(options?.mediation));
      options?.signal?.addEventListener('abort', () => {
        sessionStorage.setItem('aborted', String(options.mediation));
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  });
  await passwordSignIn(page);
  await expect(page).toHaveURL(HOME);
  expect(await page.evaluate(() => [sessionStorage.getItem('pending'), sessionStorage.getItem('aborted')])).toEqual(['conditional', 'conditional']);
});

test('the German login page has the button in German', async ({ page, context }) => {
  await page.goto(LOGIN);
  await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: page.url() }]);
  await page.goto(LOGIN);
  await expect(page.getByRole('button', { name: 'Mit einem Passkey anmelden' })).toBeVisible();
});

test.describe('the offer page when its module never starts', () => {
  test.beforeEach(async ({ page }) => {
    // The module's chunk is lost (a redeploy under the open page, a refused request): only the inline gate runs.
    await page.route('**/_astro/**/*.js', (route) => route.abort());
    await page.route((url) => url.hostname.endsWith('evil.example'), (route) => route.abort());
  });

  /** The first navigation the offer page itself starts: where its gate sends the visitor. */
  async function gateGoesTo(page: Page, target: string): Promise<string> {
    const onward = page.waitForRequest((request) => request.isNavigationRequest() && !request.url().includes('/app/nxn/passkey'));
    await page.goto(`/app/nxn/passkey?TARGET=${target}`);
    const url = new URL((await onward).url());
    return url.origin === new URL(page.url()).origin ? url.pathname + url.search : url.href;
  }

  test('goes on to a same-origin TARGET after its watchdog', async ({ page }) => {
    const started = Date.now();
    expect(await gateGoesTo(page, '%2Fapps%2Fhome%3Ffrom%3Dgate')).toBe('/apps/home?from=gate');
    // Not before the module had its chance (OFFER_WATCHDOG_MS).
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_400);
  });

  for (const target of ['https%3A%2F%2Fevil.example%2Fapps%2Fhome%3Ffrom%3Dgate', '%2F%2Fevil.example', '%2F%250a%2Fevil.example', '%2F%5Cevil.example', 'javascript%3Aalert(1)']) {
    test(`goes to SiteMinder's home, not to the TARGET ${decodeURIComponent(target)}`, async ({ page }) => {
      expect(await gateGoesTo(page, target)).toBe('/apps/home');
    });
  }
});

/** Keeps, from the first script of every login page on, whether the passkey box ever said anything (sessionStorage). */
async function sampleLoginMessage(page: Page): Promise<() => Promise<string | null>> {
  await page.addInitScript(() => {
    if (!location.pathname.endsWith('/login')) return;
    const sample = () => {
      const text = document.querySelector('.passkey-signin__message')?.textContent;
      if (text) sessionStorage.setItem('passkeyMessage', text);
    };
    new MutationObserver(sample).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => sessionStorage.getItem('passkeyMessage'));
}

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
    await dialog.getByLabel('Name').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Through login (the autofill signs in with the passkey here at once), and back to Your passkeys.
    await page.waitForURL(/\/app\/nxn\/login\?.*fromPage=passkeys/);
    await expect(page).toHaveURL(/\/app\/nxn\/passkey$/);
    expect(await signInMethods(page)).toEqual(['password', 'passkey']);
    await page.getByRole('button', { name: 'Rename Passkey' }).click();
    await dialog.getByLabel('Name').fill('Work laptop');
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
