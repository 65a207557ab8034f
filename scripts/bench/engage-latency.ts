// `npm run bench:engage [-- runs]`: how long a visitor on a mid-range phone waits, from the first key they
// press in a form until its island has woken and taken what they typed (islands hydrate on engagement,
// `client:engage`). Headless Chromium against dist/ served with the emulator, a fresh cache each run, the
// CPU throttled 4x and the network shaped like Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up) over the DevTools protocol. Prints each page's runs, median and worst, in milliseconds.
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../browsers/chromium.ts';
import { serveWithEmulator } from '../server/serve-with-emulator.ts';

/**
 * A page, the field the visitor types into, and the mark of its island awake with the input taken: an attribute
 * only the woken island sets (`data-hydrated`, rendered once it runs), never one the static HTML or the pre-paint
 * gate can hold (`button:not([disabled])` and `form[novalidate]` did since the submits became aria-disabled, and
 * the bench timed nothing there: 6 and 7 ms). A run checks that the mark is absent until the first key.
 */
const PAGES = [
  { name: 'login', path: '/app/nxn/login?SMQUERYDATA=bench', field: 'User ID', ready: '#login-form[data-hydrated="true"]' },
  { name: 'forgot password', path: '/self-service/nxn/fps', field: 'User ID', ready: '.recovery-card form[data-hydrated="true"]' },
  { name: 'change password', path: '/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external&FTUF=N', field: 'Temporary or current password', ready: '.recovery-card form[data-hydrated="true"]' },
];
/** How long after the first key a page may go without its island's mark before the run says it never woke. */
const NEVER_MS = 30_000;

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/**
 * Milliseconds from the first keydown in the page to `ready` matching, as the page's own clock saw them; or why
 * there is nothing to time: the mark held before any key, or it never came.
 */
async function oneRun(page: Page, url: string, field: string, ready: string): Promise<number | string> {
  await page.addInitScript((selector) => {
    const marks: { firstKey?: number; ready?: number; early?: boolean } = {};
    (window as unknown as { __engage: typeof marks }).__engage = marks;
    addEventListener('keydown', () => { marks.firstKey ??= performance.now(); }, { capture: true });
    const check = () => {
      if (marks.firstKey === undefined && document.querySelector(selector)) marks.early = true;
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
  if (await page.evaluate(() => (window as unknown as { __engage: { early?: boolean } }).__engage.early === true)) {
    return `its mark (${ready}) held before the first key: the static page or the gate sets it, so it times nothing`;
  }
  // The visitor taps the field and types at once: the first key follows the tap by a few milliseconds.
  await page.getByLabel(field, { exact: true }).click();
  await page.keyboard.type('jdoe');
  const woke = await page.waitForFunction(() => (window as unknown as { __engage: { ready?: number } }).__engage.ready !== undefined, null, { timeout: NEVER_MS })
    .then(() => true, () => false);
  if (!woke) return `never woke: no ${ready} ${NEVER_MS / 1000} s after the first key`;
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
    let unmeasured = false;
    for (const { name, path, field, ready } of PAGES) {
      const times: number[] = [];
      const notes = new Set<string>();
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
        const result = await oneRun(await context.newPage(), `${served.base}${path}`, field, ready);
        if (typeof result === 'number') times.push(result);
        else notes.add(result);
        await context.close();
      }
      const sorted = [...times].sort((a, b) => a - b);
      if (times.length > 0) console.log(`${name.padEnd(16)} median ${String(sorted[Math.floor(sorted.length / 2)]).padStart(5)}  worst ${String(sorted.at(-1)).padStart(5)}  runs ${times.join(' ')}`);
      // A run with nothing to time is said, never left out silently or counted as fast.
      for (const note of notes) console.log(`${name.padEnd(16)} ${String(runs - times.length)} of ${String(runs)} runs not timed: ${note}`);
      if (notes.size > 0) unmeasured = true;
    }
    process.exitCode = unmeasured ? 1 : 0;
  } finally {
    await browser.close();
    served.close();
  }
  // Without a code: it exits with process.exitCode, 1 when a page had runs with nothing to time.
  process.exit();
}
