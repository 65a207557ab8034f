// Screenshots of pages for a person to look at: `node scripts/screenshots/pages.ts <baseUrl> <outDir> <path>...`
// Each path is taken on a desktop and a 390x844 phone viewport, in en-US and de-DE.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../browsers/chromium.ts';

const [baseUrl = 'http://localhost:4321', outDir = 'test-results/screenshots', ...paths] = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });
const executablePath = chromiumExecutable();
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] });
const viewports = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };
for (const path of paths) {
  for (const [device, viewport] of Object.entries(viewports)) {
    for (const language of ['en_US', 'de_DE']) {
      const context = await browser.newContext({ viewport, ...(device === 'phone' ? { isMobile: true, hasTouch: true } : {}) });
      await context.addCookies([{ name: 'USER_DISPLAY_LANGUAGE', value: language, url: baseUrl }]);
      const page = await context.newPage();
      await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'load' });
      await page.waitForTimeout(400);
      const name = `${path.replace(/[^\w-]+/g, '_').replace(/^_+/, '')}-${device}-${language}.png`;
      await page.screenshot({ path: join(outDir, name), fullPage: true });
      console.log(join(outDir, name));
      await context.close();
    }
  }
}
await browser.close();
