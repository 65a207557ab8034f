// `npm run brand:gallery [-- <wl>...]`: a screenshot of each page type of each brand in both
// languages, desktop and phone, gathered in test-results/gallery/index.html to look at.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { listBrandKeys } from '../../src/config/load-brands.ts';
import { CHROMIUM_ARGS, chromiumExecutable } from '../browsers/chromium.ts';
import { buildPreview } from './preview-build.ts';
import { serveWithEmulator } from '../server/serve-with-emulator.ts';

const root = join(import.meta.dirname, '../..');
const keys = process.argv.slice(2).length > 0 ? process.argv.slice(2) : listBrandKeys(join(root, 'brands'));
// Its own build (preview/dist): dist/, what ops deploy, stays as it is.
const built = await buildPreview(keys);
const outDir = join(root, 'test-results', 'gallery');
mkdirSync(outDir, { recursive: true });

const { base, close } = await serveWithEmulator(built);
const pages = ['login?SMQUERYDATA=gallery', 'sorry', 'logout', 'systemRequirements', 'cookiePolicy', 'termsOfUse'].map((page) => `/app/{wl}/${page}`)
  .concat(['/self-service/{wl}/fps', '/self-service/{wl}/fuid', '/self-service/{wl}/fps-self-change-pw']);
const executablePath = chromiumExecutable();
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] });
const rows: string[] = [];
let done = 0;
for (const key of keys) {
  for (const template of pages) {
    const path = template.replace('{wl}', key);
    const cells: string[] = [];
    for (const language of ['en-US', 'de-DE']) {
      for (const [device, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
        const page = await browser.newPage({ viewport });
        await page.goto(`${base}${language === 'de-DE' ? '/de-DE' : ''}${path}`, { waitUntil: 'load' });
        await page.waitForTimeout(300);
        const file = `${key}-${path.split('/')[3]?.split('?')[0]}-${language}-${device}.png`;
        await page.screenshot({ path: join(outDir, file) });
        await page.close();
        cells.push(`<figure><img src="${file}" alt="" loading="lazy"><figcaption>${language} ${device}</figcaption></figure>`);
      }
    }
    rows.push(`<section><h2>${key}: ${path}</h2><div class="row">${cells.join('')}</div></section>`);
    done += 1;
    process.stderr.write(`\r${done}/${keys.length * pages.length} page types`);
  }
}
await browser.close();
close();
writeFileSync(join(outDir, 'index.html'), `<!doctype html><meta charset="utf-8"><title>Brand gallery</title><style>body{font-family:system-ui;margin:1rem}.row{display:flex;gap:1rem;overflow-x:auto;align-items:flex-start}img{max-width:320px;border:1px solid #ccc}figure{margin:0}</style><h1>Brand gallery</h1>${rows.join('')}`);
console.log(`\nOpen ${join(outDir, 'index.html')}`);
