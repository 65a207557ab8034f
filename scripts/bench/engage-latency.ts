// `npm run bench:engage [-- runs]`: how long a visitor on a mid-range phone waits, from the first key they
// press in a form until its island has woken and taken what they typed (islands hydrate on engagement,
// `client:engage`). Headless Chromium against dist/ served with the emulator, a fresh cache each run, the
// CPU throttled 4x and the network shaped like Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up) over the DevTools protocol. Prints each page's runs, median and worst, in milliseconds.
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../browsers/chromium.ts';
import { serveWithEmulator } from '../server/serve-with-emulator.ts';

/** A page, the field the visitor types into, and what shows the island took the input. */
const PAGES = [
  { name: 'login', path: '/app/nxn/login?SMQUERYDATA=bench', field: 'User ID', ready: '#login-form[data-hydrated="true"]' },
  { name: 'forgot password', path: '/self-service/nxn/fps', field: 'User ID', ready: '.recovery-card button[type="submit"]:not([disabled])' },
  { name: 'change password', path: '/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N', field: 'Temporary or current password', ready: '.recovery-card form[novalidate]' },
];

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Milliseconds from the first keydown in the page to `ready` matching, as the page's own clock saw them. */
async function oneRun(page: Page, url: string, field: string, ready: string): Promise<number> {
  await page.addInitScript((selector) => {
    const marks: { firstKey?: number; ready?: number } = {};
    (window as unknown as { __engage: typeof marks }).__engage = marks;
    addEventListener('keydown', () => { marks.firstKey ??= performance.now(); }, { capture: true });
    const check = () => {
      if (marks.firstKey !== undefined && marks.ready === undefined && document.querySelector(selector)) marks.ready = performance.now();
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  }, ready);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(1000);
  // The visitor taps the field and types at once: the first key follows the tap by a few milliseconds.
  await page.getByLabel(field, { exact: true }).click();
  await page.keyboard.type('jdoe');
  await page.waitForFunction(() => (window as unknown as { __engage: { ready?: number } }).__engage.ready !== undefined, null, { timeout: 60_000 });
  return page.evaluate(() => {
    const marks = (window as unknown as { __engage: { firstKey: number; ready: number } }).__engage;
    return Math.round(marks.ready - marks.firstKey);
  });
}

if (import.meta.main) {
  const runs = Number(process.argv[2] ?? 5);
  const served = await serveWithEmulator();
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] });
  try {
    console.log(`First key pressed to island awake with the input taken, ms (CPU 4x, slow 4G, fresh cache, ${runs} runs, phone viewport):`);
    for (const { name, path, field, ready } of PAGES) {
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
        times.push(await oneRun(await context.newPage(), `${served.base}${path}`, field, ready));
        await context.close();
      }
      const sorted = [...times].sort((a, b) => a - b);
      console.log(`${name.padEnd(16)} median ${String(sorted[Math.floor(sorted.length / 2)]).padStart(5)}  worst ${String(sorted.at(-1)).padStart(5)}  runs ${times.join(' ')}`);
    }
  } finally {
    await browser.close();
    served.close();
  }
  process.exit(0);
}
