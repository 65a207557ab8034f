// `npm run brand:gallery [-- <wl>...]`: the sign-off sheet. Every page type of each brand, in both languages, at
// 390 and 1280 px wide, full page, beside the default brand's same page, in one static HTML file with the images
// inside it (preview/gallery/index.html), to send for approval. It builds its own copy of the site
// (preview/dist, scripts/brand/preview-build.ts): dist/, what ops deploy, is left as it is.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { listBrandKeys } from '../../src/config/brand-keys.ts';
import { DEFAULT_BRAND } from '../../src/domain/brands.ts';
import { LANGUAGES, languagePrefix } from '../../src/domain/languages.ts';
import { CHROMIUM_ARGS, chromiumExecutable } from '../browsers/chromium.ts';
import { buildPreview } from './preview-build.ts';
import { serveWithEmulator } from '../server/serve-with-emulator.ts';

const root = join(import.meta.dirname, '../..');
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const keys = named.length > 0 ? named : listBrandKeys(process.env['PORTAL_BRANDS_DIR'] ?? join(root, 'brands'));

/** The page types, by path after the language prefix; `{wl}` is the brand. */
const PAGES: ReadonlyArray<readonly [string, string]> = [
  ['Login', '/app/{wl}/login?SMQUERYDATA=gallery'],
  ['Forgot password', '/self-service/{wl}/fps'],
  ['Forgot user ID', '/self-service/{wl}/fuid'],
  ['Change password', '/self-service/{wl}/fps-self-change-pw'],
  ['Passkey offer', '/app/{wl}/passkey'],
  ['Logged out', '/app/{wl}/logout'],
  ['Session expired', '/app/{wl}/sessionExpired'],
  ['Access denied', '/app/{wl}/accessDenied'],
  ['System unavailable', '/app/{wl}/systemUnavailable'],
  ['Outage', '/app/{wl}/sorry'],
  ['System requirements', '/app/{wl}/systemRequirements'],
  ['Terms of use', '/app/{wl}/termsOfUse'],
  ['Cookie policy', '/app/{wl}/cookiePolicy'],
  ['Page not found', '/app/{wl}/no-such-page'],
];
const LANGUAGE_ADDRESSES = LANGUAGES.map((language) => [language, languagePrefix(language)] as const);
const WIDTHS = [390, 1280] as const;

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A full-page JPEG of `url` at `width`, as a data: URL (the sheet is one file to send). */
async function shot(browser: Browser, url: string, width: number): Promise<string> {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 800 } });
  try {
    // Settled: its requests done, and any page that sends a visitor on (a step that needs a session) arrived.
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForLoadState('networkidle');
    const bytes = await page.screenshot({ fullPage: true, type: 'jpeg', quality: 70 });
    return `data:image/jpeg;base64,${bytes.toString('base64')}`;
  } finally {
    await page.close();
  }
}

const outDir = join(root, 'preview', 'gallery');
const file = join(outDir, 'index.html');
const contents = PAGES.map(([name]) => name).join(', ');

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
    for (const [name, template] of PAGES) {
      const rows: string[] = [];
      for (const [language, prefix] of LANGUAGE_ADDRESSES) {
        for (const width of WIDTHS) {
          const cells: string[] = [];
          for (const brand of compared) {
            const url = `${base}${prefix}${template.replace('{wl}', brand)}`;
            cells.push(`<figure><figcaption>${escapeHtml(brand)}${brand === DEFAULT_BRAND && key !== DEFAULT_BRAND ? ' (default brand)' : ''}</figcaption><img src="${await shot(browser, url, width)}" alt="${escapeHtml(`${brand}: ${name}, ${language}, ${String(width)} px`)}" width="${String(Math.min(width, 640))}"></figure>`);
          }
          rows.push(`<h3>${language}, ${String(width)} px</h3><div class="row">${cells.join('')}</div>`);
        }
      }
      sections.push(`<section id="${escapeHtml(`${key}-${name.toLowerCase().replaceAll(' ', '-')}`)}"><h2>${escapeHtml(key)}: ${escapeHtml(name)} <code>${escapeHtml(template.replace('{wl}', key))}</code></h2>${rows.join('')}</section>`);
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
