import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page, Request } from '@playwright/test';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { LOGIN, HOME, UNKNOWN, addAuthenticator, passwordSignIn, heldPasskeys, enrol, signOut, signInMethods, sampleOffer } from './support/passkeys.ts';
import { requestsSoFarSeen } from './support/sampling.ts';

// Passkeys (issue 36) in Chromium with its virtual authenticator over CDP. Its own origin and emulator
// (project "passkeys"): the tests enrol passkeys and read the emulator's statistics.
freshEmulatorForEachTest();

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
