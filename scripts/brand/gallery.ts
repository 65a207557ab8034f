// `npm run brand:gallery [-- <wl>...]`: the sign-off sheet. Every page type and state of each brand
// (scripts/brand/gallery-states.ts), in both languages, at 390 and 1280 px wide, full page, beside the default
// brand's same page, in one static HTML file with the images inside it (preview/gallery/index.html), to send for
// approval. It builds its own copy of the site (preview/dist, scripts/brand/preview-build.ts): dist/, what ops
// deploy, is left as it is. A state that could not be pictured is in the sheet as a failure with its reason, and
// the run ends with status 1.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { chromium } from '@playwright/test';
import { listBrandKeys } from '../../src/config/brand-keys.ts';
import { DEFAULT_BRAND } from '../../src/domain/brands.ts';
import { CHROMIUM_ARGS, chromiumExecutable } from '../browsers/chromium.ts';
import { buildPreview } from './preview-build.ts';
import { cellKey, failures, renderSheet } from './gallery-sheet.ts';
import type { SheetInput } from './gallery-sheet.ts';
import { LANGUAGES, STATES, WIDTHS, shootStates } from './gallery-states.ts';
import type { ShotResult } from './gallery-states.ts';
import { serveWithEmulator } from '../server/serve-with-emulator.ts';

const root = join(import.meta.dirname, '../..');
const named = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const keys = named.length > 0 ? named : listBrandKeys(process.env['PORTAL_BRANDS_DIR'] ?? join(root, 'brands'));

const outDir = join(root, 'preview', 'gallery');
const file = join(outDir, 'index.html');
const results = new Map<string, ShotResult>();
const sheet = (complete: boolean): SheetInput => ({
  keys, defaultBrand: DEFAULT_BRAND, states: STATES, languages: LANGUAGES, widths: WIDTHS, results, complete, builtAt: new Date().toISOString(),
});

/** Writes the sheet with the pictures so far: a long run can be looked at while it goes on. */
function writeSheet(complete: boolean): void {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(file, renderSheet(sheet(complete)));
}

const built = await buildPreview(keys);
const served = await serveWithEmulator(built);
// As localhost: an IP address cannot be a WebAuthn RP ID, and on 127.0.0.1 the passkey pages go on at once.
const base = served.base.replace('//127.0.0.1:', '//localhost:');
const executablePath = chromiumExecutable();
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] });
// Each brand once: the default brand's pictures stand beside every other brand's.
const brands = [...new Set(keys.flatMap((key) => (key === DEFAULT_BRAND ? [key] : [key, DEFAULT_BRAND])))];
const total = brands.length * LANGUAGES.length * WIDTHS.length * STATES.length;
try {
  for (const brand of brands) {
    for (const language of LANGUAGES) {
      for (const width of WIDTHS) {
        await shootStates(browser, base, { brand, language }, width, STATES, { onShot: (name, result) => {
          results.set(cellKey(brand, language, width, name), result);
          process.stderr.write(`\r${String(results.size)}/${String(total)} pictures`);
        } });
        writeSheet(false);
      }
    }
  }
} finally {
  await browser.close();
  served.close();
}
writeSheet(true);
const failed = failures(sheet(true));
for (const { brand, state, language, width, reason } of failed) console.error(`\n${brand}: ${state}, ${language}, ${String(width)} px could not be taken: ${reason}`);
console.log(`\nThe sign-off sheet: ${relative(process.cwd(), file) || file} (one file, images inside: send it as it is). dist/ was not touched.`);
if (failed.length > 0) {
  console.error(`${String(failed.length)} pictures could not be taken: the sheet says which and why.`);
  process.exitCode = 1;
}
