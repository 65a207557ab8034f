import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

// What the passkey specs share (passkeys.spec.ts, passkeys-windows.spec.ts): the login address, a virtual
// platform authenticator, a password sign-in, enrolment on the offer, and reading the emulator.

export const LOGIN = '/app/nxn/login?SMQUERYDATA=q1&TARGET=%2Fapps%2Fhome%3Ffrom%3Dpasskey';
export const HOME = /\/apps\/home\?from=passkey$/;
export const UNKNOWN = 'This passkey is no longer registered for your account. Log in with your User ID and password; you can then create a new passkey.';

/** A platform authenticator that holds passkeys and verifies its user, as a phone or laptop would. */
export async function addAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

export async function passwordSignIn(page: Page): Promise<void> {
  await page.goto(LOGIN);
  await page.getByLabel('User ID').fill('jdoe');
  await page.getByLabel('Password', { exact: true }).fill('Summer#2026');
  await page.getByRole('button', { name: 'Log In' }).click();
}

export async function heldPasskeys(page: Page): Promise<Array<{ userId: string; id: string; lastUsedAt: string | null; counter: number }>> {
  return (await (await page.request.get('/__emulator/passkeys')).json()) as Array<{ userId: string; id: string; lastUsedAt: string | null; counter: number }>;
}

/** Signs in with the password and creates a passkey on the offer; ends signed in at TARGET. */
export async function enrol(page: Page): Promise<void> {
  await passwordSignIn(page);
  await expect(page).toHaveURL(/\/app\/nxn\/passkey\?TARGET=/);
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page).toHaveURL(HOME);
  await expect(page.getByRole('heading', { name: 'Signed in as jdoe' })).toBeVisible();
  expect(await heldPasskeys(page)).toHaveLength(1);
}

export async function signOut(page: Page): Promise<void> {
  await page.goto('/login/logout.html');
  await expect(page).toHaveURL(/\/app\/nxn\/logout$/);
}

export async function signInMethods(page: Page): Promise<string[]> {
  const { records } = (await (await page.request.get('/__emulator/stats')).json()) as { records: Array<{ endpoint: string; payload: { method?: string } }> };
  return records.filter((record) => record.endpoint === 'service:sign-in').map((record) => record.payload.method ?? '');
}

/** Samples, from the first script of every page on, whether the offer ever showed: kept in sessionStorage. */
export async function sampleOffer(page: Page): Promise<() => Promise<string | null>> {
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

/** Keeps, from the first script of every login page on, whether the passkey box ever said anything (sessionStorage). */
export async function sampleLoginMessage(page: Page): Promise<() => Promise<string | null>> {
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
