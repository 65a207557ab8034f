import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { freshEmulatorForEachTest } from './support/emulator.ts';
import { focused } from './support/focus.ts';
import { announcements, recordAnnouncements } from './support/live-regions.ts';

// Issue 43's walk of what is new this round, at 320 px, keyboard only, with a screen reader's ears
// (docs/accessibility-walk.md): login with the cookie bar, the passkey offer after a password sign-in, Your
// passkeys, a sign-in with that passkey by login's button, and the outage page, in English and German. It enrols a
// passkey: the passkeys project's emulator.
freshEmulatorForEachTest();
test.use({ viewport: { width: 320, height: 568 } });

const LANGUAGES = [
  { language: 'en-US', prefix: '' },
  { language: 'de-DE', prefix: '/de-DE' },
] as const;

/** What the walk heard and where the focus was, step by step; the focus never on the body after a key. */
class Walk {
  readonly lines: string[] = [];
  private heard = 0;
  private origin = '';
  private readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async step(what: string, tree = false): Promise<string> {
    const { label, outlined } = await focused(this.page);
    const document = await this.page.evaluate(() => ((window as unknown as { walkPage?: string }).walkPage ??= crypto.randomUUID()));
    if (document !== this.origin) [this.origin, this.heard] = [document, 0];
    const said = (await announcements(this.page)).slice(this.heard);
    this.heard += said.length;
    this.lines.push(`### ${what}`, '', `- focus: ${label}${outlined ? ' (ring drawn)' : ''}`);
    for (const { politeness, text } of said) this.lines.push(`- said (${politeness}): "${text}"`);
    if (tree) this.lines.push('', '```yaml', await this.page.locator('main').ariaSnapshot(), '```');
    this.lines.push('');
    return label;
  }

  /** Tab until `until` has the focus (or 30 presses), writing each stop; none is the body. */
  async tabTo(until: RegExp): Promise<void> {
    const stops: string[] = [];
    for (let press = 0; press < 30; press += 1) {
      await this.page.keyboard.press('Tab');
      const { label, outlined } = await focused(this.page);
      expect(label, `after ${stops.join(', ')}`).not.toBe('body');
      stops.push(`${label}${outlined ? '' : ' (no ring)'}`);
      if (until.test(label)) break;
    }
    this.lines.push(`- Tab stops: ${stops.join(' → ')}`, '');
    expect(stops.at(-1) ?? '').toMatch(until);
  }
}

for (const { language, prefix } of LANGUAGES) {
  test(`${language} at 320 px: login, the passkey offer, Your passkeys and the outage pages by keyboard`, async ({ page }) => {
    test.setTimeout(120_000);
    await recordAnnouncements(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    const walk = new Walk(page);
    walk.lines.push(`## ${language}, 320 x 568`, '');

    await page.goto(`${prefix}/app/nxn/login?SMQUERYDATA=walk&TARGET=%2Fapps%2Fhome`);
    await walk.step('Open login (the cookie bar showing)', true);
    await walk.tabTo(/^input: /);
    await page.keyboard.type('jdoe');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Summer#2026');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/app\/nxn\/passkey\?TARGET=/);
    await walk.step(`Type the user id, Tab, the password, Enter: the passkey offer`, true);
    await walk.tabTo(/^button: /);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/apps\/home$/);
    await walk.step('Enter on Create a passkey (the authenticator answers): signed in');

    await page.goto(`${prefix}/app/nxn/passkey`);
    await walk.step('Open Your passkeys', true);
    await walk.tabTo(/^button: /);

    // Signing in with that passkey by login's own button (its code loads on use). Signed out first; the
    // authenticator holds its answer while the page opens, or it would answer the page's autofill request itself
    // before any key, then answers the button's request as a visitor's touch would.
    await page.context().clearCookies();
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: false });
    await page.goto(`${prefix}/app/nxn/login?SMQUERYDATA=walk&TARGET=%2Fapps%2Fhome`);
    await walk.step('Signed out, open login again');
    await walk.tabTo(/^button: (Sign in with a passkey|Mit einem Passkey anmelden)$/);
    await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled: true });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/apps\/home$/);
    await walk.step('Enter on Sign in with a passkey (the authenticator answers): signed in');

    await page.goto(`${prefix}/app/nxn/sorry`);
    await walk.step('Open the outage page', true);
    await walk.tabTo(/^button: (Support|Hilfe)$/);

    // What nginx, Cloudflare's worker and Netlify's edge function answer a service path with while the service is
    // down (issue 41): the brand's systemUnavailable page; cwa's, as its WL_KEY cookie names it there.
    await page.goto(`${prefix}/app/cwa/systemUnavailable`);
    await walk.step('Open the page a host shows while the service is down (cwa\'s systemUnavailable)', true);
    // cwa has no support widget: the language links are the page's last stops.
    await walk.tabTo(/^a: Deutsch$/);
    await writeFile(test.info().outputPath(`walk-${language}.md`), walk.lines.join('\n'));
  });
}
