// `npm run brand:gallery [-- <wl>...]`: the sign-off sheet. Every page type of each brand, in both languages, at
// 390 and 1280 px wide, full page, beside the default brand's same page, in one static HTML file with the images
// inside it (preview/gallery/index.html), to send for approval. It builds its own copy of the site
// (preview/dist, scripts/brand/preview-build.ts): dist/, what ops deploy, is left as it is.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { LOGIN_MESSAGES } from '../../src/lib/login-messages.ts';
import { listBrandKeys } from '../../src/config/brand-keys.ts';
import { DEFAULT_BRAND } from '../../src/domain/brands.ts';
import { LANGUAGES, languagePrefix } from '../../src/domain/languages.ts';
import { CHROMIUM_ARGS, chromiumExecutable } from '../browsers/chromium.ts';
import { buildPreview } from './preview-build.ts';
import { serveWithEmulator } from '../server/serve-with-emulator.ts';

const root = join(import.meta.dirname, '../..');
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const keys = named.length > 0 ? named : listBrandKeys(process.env['PORTAL_BRANDS_DIR'] ?? join(root, 'brands'));

/**
 * A page type or state: its path after the language prefix (`{wl}` is the brand), and what a visitor does there
 * before the picture (by names and data attributes, so it works in both languages), against the emulator.
 */
interface Shot {
  name: string;
  path: string;
  /** Steps after the page loads; each ends in the state it waits for. */
  drive?: (page: Page) => Promise<void>;
  /** Another browser than Chromium's own (the legacy-browser dialog, the phone's app sheet). */
  userAgent?: string;
}

/** Waits for `selector` to show, then gives the page a moment's quiet to paint what it fetched. */
async function shows(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor({ state: 'visible' });
  await page.waitForLoadState('networkidle');
}

/** The forgot-password request for `userId`, on to the choice of channels. */
async function requestReset(page: Page, userId: string): Promise<void> {
  await page.locator('input[name="userId"]').fill(userId);
  await page.locator('button[data-click="continue"]').click();
  await shows(page, 'button[data-click="chooseChannel"]');
}

/** The first channel chosen, on to the passcode field. */
async function chooseFirstChannel(page: Page): Promise<void> {
  await page.locator('button[data-click="chooseChannel"]').first().click();
  await shows(page, 'input[name="otp"]');
}

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

const PAGES: readonly Shot[] = [
  { name: 'Login', path: '/app/{wl}/login?SMQUERYDATA=gallery' },
  // Each message SiteMinder can send back (spec 8), and the generic one for anything else.
  ...[...LOGIN_MESSAGES, 'Something else'].map((message): Shot => ({ name: `Login: "${message}"`, path: `/app/{wl}/login?SMQUERYDATA=gallery&SMUSRMSG=${encodeURIComponent(message)}` })),
  { name: 'Login: after a password reset', path: '/app/{wl}/login?SMQUERYDATA=gallery&fromPage=FPS', drive: async (page) => {
    await page.evaluate(() => { sessionStorage.setItem('portal.passwordReset', '1'); });
    await page.reload();
    await page.waitForLoadState('networkidle');
  } },
  { name: 'Login: the support dialog', path: '/app/{wl}/login?SMQUERYDATA=gallery', drive: async (page) => {
    const open = page.locator('button.support-button');
    // A brand without support content has no support button: its picture is the page as it is.
    if ((await open.count()) === 0) return;
    await open.click();
    await shows(page, 'dialog[open]');
  } },
  { name: 'Login: the old-browser dialog (Internet Explorer)', path: '/app/{wl}/login?SMQUERYDATA=gallery', userAgent: IE11, drive: (page) => shows(page, '#legacy-browser') },
  { name: 'Login on an Android phone (the app sheet, where the brand has one)', path: '/app/{wl}/login?SMQUERYDATA=gallery', userAgent: ANDROID },
  { name: 'Forgot password', path: '/self-service/{wl}/fps' },
  { name: 'Forgot password: choose where the passcode goes', path: '/self-service/{wl}/fps', drive: (page) => requestReset(page, 'jdoe') },
  { name: 'Forgot password: enter the passcode', path: '/self-service/{wl}/fps', drive: async (page) => { await requestReset(page, 'jdoe'); await chooseFirstChannel(page); } },
  { name: 'Forgot password: a wrong passcode', path: '/self-service/{wl}/fps', drive: async (page) => {
    await requestReset(page, 'jdoe');
    await chooseFirstChannel(page);
    await page.locator('input[name="otp"]').fill('000000');
    await page.locator('button[data-click="submitCode"]').click();
    await shows(page, '[role="alert"]:not(:empty)');
  } },
  { name: 'Forgot password: an account locked at the passcode', path: '/self-service/{wl}/fps', drive: async (page) => {
    await requestReset(page, 'llocked');
    await chooseFirstChannel(page);
    await page.locator('input[name="otp"]').fill('000000');
    await page.locator('button[data-click="submitCode"]').click();
    // The flow's error step (its way back to login), or the step's own message.
    await shows(page, 'button[data-click="goToLogin"], [role="alert"]:not(:empty)');
  } },
  { name: 'Forgot password: an unknown user ID', path: '/self-service/{wl}/fps', drive: async (page) => {
    await page.locator('input[name="userId"]').fill('nobody-here');
    await page.locator('button[data-click="continue"]').click();
    await shows(page, 'button[data-click="chooseChannel"], button[data-click="goToLogin"], [role="alert"]:not(:empty)');
  } },
  { name: 'Forgot user ID', path: '/self-service/{wl}/fuid' },
  { name: 'Forgot user ID: choose where the passcode goes', path: '/self-service/{wl}/fuid', drive: async (page) => {
    await page.locator('input[name="firstName"]').fill('John');
    await page.locator('input[name="lastName"]').fill('Doe');
    await page.locator('input[name="emailId"]').fill('john.doe@example.com');
    await page.locator('button[data-click="continue"]').click();
    await shows(page, 'button[data-click="chooseChannel"], [role="alert"]:not(:empty)');
  } },
  { name: 'Change password', path: '/self-service/{wl}/fps-self-change-pw' },
  { name: 'Passkey offer', path: '/app/{wl}/passkey' },
  { name: 'Logged out', path: '/app/{wl}/logout' },
  { name: 'Session expired', path: '/app/{wl}/sessionExpired' },
  { name: 'Access denied', path: '/app/{wl}/accessDenied' },
  { name: 'System unavailable', path: '/app/{wl}/systemUnavailable' },
  { name: 'Outage', path: '/app/{wl}/sorry' },
  { name: 'System requirements', path: '/app/{wl}/systemRequirements' },
  { name: 'Terms of use', path: '/app/{wl}/termsOfUse' },
  { name: 'Cookie policy', path: '/app/{wl}/cookiePolicy' },
  { name: 'Page not found', path: '/app/{wl}/no-such-page' },
];
const LANGUAGE_ADDRESSES = LANGUAGES.map((language) => [language, languagePrefix(language)] as const);
const WIDTHS = [390, 1280] as const;

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A full-page JPEG of `url` at `width`, as a data: URL (the sheet is one file to send). */
async function shot(browser: Browser, url: string, width: number, state: Shot): Promise<string> {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 800 }, ...(state.userAgent ? { userAgent: state.userAgent } : {}) });
  try {
    // Statistics beacons are answered here: a page that sends one (a login with a message) never reaches network
    // quiet in Chromium otherwise, and a sign-off sheet counts nothing.
    await page.route((address) => /^\/(?:app\/pmg\/nxn-metrics|DPMonitor)\//.test(address.pathname), (route) => route.fulfill({ status: 204 }));
    // Each state from a fresh emulator: the passcode sends of the shots before count against no limit.
    if (state.drive) await page.request.post(new URL('/__emulator/reset', url).href);
    // Settled: its requests done, and any page that sends a visitor on (a step that needs a session) arrived.
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForLoadState('networkidle');
    await state.drive?.(page);
    const bytes = await page.screenshot({ fullPage: true, type: 'jpeg', quality: 70 });
    return `data:image/jpeg;base64,${bytes.toString('base64')}`;
  } finally {
    await page.close();
  }
}

const outDir = join(root, 'preview', 'gallery');
const file = join(outDir, 'index.html');
const contents = PAGES.map(({ name }) => name).join(', ');

/** Writes the sheet with the sections so far: a long run can be looked at while it goes on. */
function writeSheet(sections: readonly string[], complete: boolean): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(file, `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Brand sign-off: ${escapeHtml(keys.join(', '))}</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem 2rem;color:#1b1f24}h2{margin-top:3rem;border-top:1px solid #ccc;padding-top:1rem}h3{font-size:1rem;margin:1.5rem 0 .5rem}.row{display:flex;gap:1.5rem;align-items:flex-start;overflow-x:auto}figure{margin:0}figcaption{font-weight:600;margin-bottom:.25rem}img{border:1px solid #ccc;height:auto;max-width:100%}</style>
<h1>Brand sign-off: ${escapeHtml(keys.join(', '))}</h1>
<p>Built ${escapeHtml(new Date().toISOString())} from this checkout. Every page type (${escapeHtml(contents)}) in English and German, 390 px (a phone) and 1280 px wide, the whole page, beside the default brand ${DEFAULT_BRAND}.${complete ? '' : ' <strong>Incomplete: the run is still going or stopped.</strong>'}</p>
${sections.join('\n')}
</html>
`);
}

const built = await buildPreview(keys);
const { base, close } = await serveWithEmulator(built);
const executablePath = chromiumExecutable();
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] });
const sections: string[] = [];
const total = keys.length * PAGES.length;
let done = 0;
try {
  for (const key of keys) {
    const compared = key === DEFAULT_BRAND ? [key] : [key, DEFAULT_BRAND];
    for (const state of PAGES) {
      const { name, path: template } = state;
      const rows: string[] = [];
      for (const [language, prefix] of LANGUAGE_ADDRESSES) {
        for (const width of WIDTHS) {
          const cells: string[] = [];
          for (const brand of compared) {
            const url = `${base}${prefix}${template.replace('{wl}', brand)}`;
            cells.push(`<figure><figcaption>${escapeHtml(brand)}${brand === DEFAULT_BRAND && key !== DEFAULT_BRAND ? ' (default brand)' : ''}</figcaption><img src="${await shot(browser, url, width, state)}" alt="${escapeHtml(`${brand}: ${name}, ${language}, ${String(width)} px`)}" width="${String(Math.min(width, 640))}"></figure>`);
          }
          rows.push(`<h3>${language}, ${String(width)} px</h3><div class="row">${cells.join('')}</div>`);
        }
      }
      sections.push(`<section id="${escapeHtml(`${key}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`)}"><h2>${escapeHtml(key)}: ${escapeHtml(name)} <code>${escapeHtml(template.replace('{wl}', key))}</code></h2>${rows.join('')}</section>`);
      writeSheet(sections, false);
      done += 1;
      process.stderr.write(`\r${String(done)}/${String(total)} page types`);
    }
  }
} finally {
  await browser.close();
  close();
}
writeSheet(sections, true);
console.log(`\nThe sign-off sheet: ${relative(process.cwd(), file) || file} (one file, images inside: send it as it is). dist/ was not touched.`);
