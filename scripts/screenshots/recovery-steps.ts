// `npm run screenshots:recovery [-- <wl>]`: walks the recovery flows against an in-process emulator
// and takes a screenshot of every step (request, field errors, channel choice with its spinner and
// call error, verify by e-mail, SMS and call, wrong code, the same channel chosen again, ERROR,
// INFO, first-time user, change password with a service error, the support dialog) in en-US and
// de-DE, desktop and phone, into test-results/recovery-steps/index.html for a person to look at.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../browsers/chromium.ts';
import { ensureBuilt } from '../server/ensure-built.ts';
import { serveWithEmulator } from '../server/serve-with-emulator.ts';
import { DEFAULT_BRAND } from '../../src/domain/brands.ts';
import { LANGUAGES, languagePrefix } from '../../src/domain/languages.ts';

const root = join(import.meta.dirname, '..', '..');
const wl = process.argv[2] ?? DEFAULT_BRAND;
ensureBuilt();
const outDir = join(root, 'test-results', 'recovery-steps');
mkdirSync(outDir, { recursive: true });

const { base, emulator, close } = await serveWithEmulator();

/** The newest passcode the emulator sent. */
const lastCode = () => emulator.state.outbox.filter((message) => message.code).at(-1)?.code ?? '';
// Every island on the page has hydrated (Astro drops `ssr` from each): a page may have several.
const hydrated = (page: Page) => page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);

/** The forgot-password request step, filled in and sent. */
async function requestPassword(page: Page, prefix: string, userId: string): Promise<void> {
  await page.goto(`${base}${prefix}/self-service/${wl}/fps`);
  await hydrated(page);
  await page.locator('input[name=userId]').fill(userId);
  await page.locator('button[data-click=continue]').click();
}

/** Each walk drives one flow by its language-free hooks (names and data-click) and shoots each step. */
type Shoot = (name: string) => Promise<void>;
const walks: Record<string, (page: Page, prefix: string, shoot: Shoot) => Promise<void>> = {
  async passwordByEmail(page, prefix, shoot) {
    await page.goto(`${base}${prefix}/self-service/${wl}/fps`);
    await hydrated(page);
    await shoot('fps-request');
    await page.locator('input[name=userId]').fill('j doe');
    await page.locator('input[name=userId]').blur();
    await shoot('fps-request-field-error');
    await page.locator('input[name=userId]').fill('jdoe');
    // Hold the passcode send a moment to see the centred spinner and the disabled buttons.
    await page.route('**/fps/generate-otp', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.locator('button[data-click=continue]').click();
    await page.locator('button[data-click=chooseChannel]').first().waitFor();
    await shoot('otp-choice');
    await page.locator('button[data-click=chooseChannel][data-click-value=email]').click();
    await page.locator('.spinner').waitFor();
    await shoot('otp-sending');
    await page.locator('input[name=otp]').waitFor();
    await shoot('verify-email');
    await page.locator('input[name=otp]').fill('000000');
    await page.locator('button[data-click=submitCode]').click();
    await page.getByRole('alert').waitFor();
    await shoot('verify-wrong-code');
    await page.locator('input[name=otp]').fill(lastCode());
    await page.locator('button[data-click=submitCode]').click();
    await page.waitForURL(/fps-self-change-pw/);
    await hydrated(page);
    await page.locator('input[name=NEWPASSWORD]').fill('Fresh#St');
    await shoot('change-password');
  },
  async smsAndCall(page, prefix, shoot) {
    await requestPassword(page, prefix, 'jdoe');
    await page.locator('button[data-click=chooseChannel][data-click-value=sms]').click();
    await page.locator('input[name=otp]').waitFor();
    await shoot('verify-sms');
    // The same channel again within the cooldown leads back to the code already sent.
    await page.locator('button[data-click=back]').click();
    await page.locator('button[data-click=chooseChannel][data-click-value=sms]').click();
    await page.getByRole('alert').waitFor();
    await shoot('verify-already-sent');
    await page.locator('button[data-click=back]').click();
    await page.locator('button[data-click=chooseChannel][data-click-value=call]').click();
    await page.locator('input.call-code').waitFor();
    await shoot('verify-call');
  },
  async callError(page, prefix, shoot) {
    await requestPassword(page, prefix, 'nocall');
    await page.locator('button[data-click=chooseChannel][data-click-value=call]').click();
    await page.locator('input.call-code').waitFor();
    await page.locator('button[data-click=submitCode]').click();
    await page.getByRole('alert').waitFor();
    await shoot('otp-call-error');
  },
  async locked(page, prefix, shoot) {
    await requestPassword(page, prefix, 'llocked');
    await page.locator('button[data-click=chooseChannel][data-click-value=email]').click();
    await page.locator('input[name=otp]').waitFor();
    await page.locator('input[name=otp]').fill(lastCode());
    await page.locator('button[data-click=submitCode]').click();
    await page.locator('button[data-click=goToLogin]').waitFor();
    await shoot('error-step');
  },
  async forgotUserId(page, prefix, shoot) {
    await page.goto(`${base}${prefix}/self-service/${wl}/fuid`);
    await hydrated(page);
    await page.locator('input[name=firstName]').fill('Jo*hn');
    await page.locator('input[name=emailId]').fill('john@example');
    await page.locator('input[name=lastName]').click();
    await shoot('fuid-request-field-errors');
    await page.locator('input[name=firstName]').fill('No');
    await page.locator('input[name=lastName]').fill('Body');
    await page.locator('input[name=emailId]').fill('no.body@example.com');
    await page.locator('button[data-click=continue]').click();
    await page.getByRole('alert').waitFor();
    await shoot('fuid-lookup-failed');
    await page.locator('input[name=firstName]').fill('John');
    await page.locator('input[name=lastName]').fill('Doe');
    await page.locator('input[name=emailId]').fill('john.doe@example.com');
    await page.locator('button[data-click=continue]').click();
    await page.locator('button[data-click=chooseChannel][data-click-value=email]').click();
    await page.locator('input[name=otp]').waitFor();
    await page.locator('input[name=otp]').fill(lastCode());
    await page.locator('button[data-click=submitCode]').click();
    await page.locator('a[data-click=backToLogin]').waitFor();
    await shoot('fuid-info');
  },
  async firstTimeUser(page, prefix, shoot) {
    await page.goto(`${base}${prefix}/self-service/${wl}/fps?FTUF=Y`);
    await hydrated(page);
    await shoot('ftu-request');
    await page.goto(`${base}${prefix}/self-service/${wl}/fps-self-change-pw?uid=mstaff&uti=internal&FTUF=N&SMPWERR=ISB_USRUP06`);
    await hydrated(page);
    await shoot('change-password-internal-reused');
    await page.goto(`${base}${prefix}/self-service/${wl}/fps`);
    await hydrated(page);
    const support = page.locator('.support-button');
    if (await support.count()) {
      await support.click();
      await page.locator('#support-dialog[open]').waitFor();
      await shoot('support-dialog');
    }
  },
};

const executablePath = chromiumExecutable();
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] });
const shots = new Map<string, string[]>();
for (const language of LANGUAGES) {
  for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
    // Every combination starts from the seeded users (the rate limits would stop a fourth run).
    emulator.reset();
    for (const [walk, run] of Object.entries(walks)) {
      const context = await browser.newContext({ viewport, ...(device === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
      const page = await context.newPage();
      const shoot: Shoot = async (name) => {
        await page.waitForTimeout(150);
        const file = `${name}-${language}-${device}.png`;
        await page.screenshot({ path: join(outDir, file), fullPage: true });
        shots.set(name, [...(shots.get(name) ?? []), file]);
      };
      try {
        await run(page, languagePrefix(language), shoot);
      } catch (error) {
        console.error(`${walk} (${language}, ${device}) stopped: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        process.exitCode = 1;
      }
      await context.close();
    }
    process.stderr.write(`${language} ${device} done\n`);
  }
}
await browser.close();
close();
const sections = [...shots].map(([name, files]) =>
  `<section><h2>${name}</h2><div class="row">${files.map((file) => `<figure><img src="${file}" alt="" loading="lazy"><figcaption>${file}</figcaption></figure>`).join('')}</div></section>`);
writeFileSync(join(outDir, 'index.html'), `<!doctype html><meta charset="utf-8"><title>Recovery steps</title><style>body{font-family:system-ui;margin:1rem}.row{display:flex;gap:1rem;overflow-x:auto;align-items:flex-start}img{max-width:320px;border:1px solid #ccc}figure{margin:0}</style><h1>Recovery steps of ${wl}</h1>${sections.join('')}`);
console.log(`${[...shots.values()].flat().length} screenshots. Open ${join(outDir, 'index.html')}`);
