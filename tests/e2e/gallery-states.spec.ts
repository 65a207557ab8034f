import { expect, test } from '@playwright/test';
import { LANGUAGES } from '../../src/domain/languages.ts';
import { translationsOf } from '../../src/i18n/translations.ts';
import { withAncestors, shootStates } from '../../scripts/brand/gallery-states.ts';
import type { ShotResult } from '../../scripts/brand/gallery-states.ts';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { startFaultProxy } from './support/fault-proxy.ts';

// The sign-off sheet's states after a sign-in or a passcode (issue 44), as brand:gallery takes them: each reached in
// both languages and pictured where it should be, not on the login page a passkey page moves a visitor on to. In the
// passkeys project: the states enrol a passkey and reset the emulator. A brand that is not the default one, as a
// brand manager's is.
freshEmulatorForEachTest();
const BRAND = 'cwa';
const WIDTH = 390;

const PASSKEYS = ['Passkey offer (after a password sign-in)', 'Your passkeys (signed in, one passkey)', 'Your passkeys: rename'];
const RECOVERY = ['Forgot password: choose a new password', 'Change password: the previous password refused, rules not met', 'Forgot password: done (back at login, the success message)', 'Forgot user ID: the user ID sent'];

/** What each state showed: its path and headings, or why it could not be pictured. */
function shown(results: Map<string, ShotResult>, names: readonly string[]) {
  return names.map((name) => {
    const result = results.get(name);
    return result?.ok ? { name, path: result.landed.path, headings: result.landed.headings, image: result.image.startsWith('data:image/jpeg;base64,/9j/') } : { name, failed: result?.reason ?? 'not taken' };
  });
}

for (const language of LANGUAGES) {
  test(`the passkey offer, Your passkeys and its rename, and the recovery steps after the passcode (${language})`, async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const t = translationsOf(language);
    const prefix = language === 'en-US' ? '' : `/${language}`;
    const results = await shootStates(browser, baseURL ?? '', { brand: BRAND, language }, WIDTH, withAncestors([...PASSKEYS, ...RECOVERY]));
    expect(shown(results, PASSKEYS)).toEqual([
      // The emulator sends the visitor to the offer without a language in the address: the language cookie picks it.
      { name: PASSKEYS[0], path: `/app/${BRAND}/passkey`, headings: [t['passkey.offer.heading']], image: true },
      { name: PASSKEYS[1], path: `${prefix}/app/${BRAND}/passkey`, headings: [t['passkey.manage.heading']], image: true },
      { name: PASSKEYS[2], path: `${prefix}/app/${BRAND}/passkey`, headings: [t['passkey.manage.heading'], t['passkey.manage.renameHeading']], image: true },
    ]);
    expect(shown(results, RECOVERY)).toEqual([
      { name: RECOVERY[0], path: `${prefix}/self-service/${BRAND}/fps-self-change-pw`, headings: [t['recovery.changePassword.heading']], image: true },
      { name: RECOVERY[1], path: `/self-service/${BRAND}/fps-self-change-pw`, headings: [t['recovery.changePassword.heading']], image: true },
      { name: RECOVERY[2], path: `/app/${BRAND}/login`, headings: expect.arrayContaining([t['login.heading']]) as unknown as string[], image: true },
      { name: RECOVERY[3], path: `${prefix}/self-service/${BRAND}/fuid`, headings: [t['recovery.fuid.heading'], t['recovery.info.heading']], image: true },
    ]);
  });
}

test('a state that cannot be reached is a failure with where the visitor ended, and so is each state that goes on from it', async ({ browser, baseURL }) => {
  // The offer's wait runs its full time (10 s here) before it is called a failure.
  test.setTimeout(60_000);
  // SiteMinder's login form answers as a dead gateway does: there is no sign-in, so no offer and no Your passkeys.
  const proxy = await startFaultProxy(baseURL ?? '');
  try {
    proxy.fail('POST', /^\/login\/forms\/bg\/ProcessLogin\.fcc$/, 'server-error');
    const results = await shootStates(browser, proxy.base.replace('//127.0.0.1:', '//localhost:'), { brand: BRAND, language: 'en-US' }, WIDTH, withAncestors(PASSKEYS), { timeout: 10_000 });
    const reason = `.passkey-page--offer[data-ready] never showed on /login/forms/bg/ProcessLogin.fcc`;
    expect(shown(results, PASSKEYS)).toEqual([
      { name: PASSKEYS[0], failed: expect.stringContaining(reason) as unknown as string },
      { name: PASSKEYS[1], failed: expect.stringContaining(`needs "${PASSKEYS[0] ?? ''}", which failed: ${reason}`) as unknown as string },
      { name: PASSKEYS[2], failed: expect.stringContaining(`needs "${PASSKEYS[0] ?? ''}", which failed: ${reason}`) as unknown as string },
    ]);
  } finally {
    await proxy.close();
  }
});
