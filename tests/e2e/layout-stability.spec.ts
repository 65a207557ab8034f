import { expect, test } from '@playwright/test';
import type { Page, Request } from '@playwright/test';
import { settled } from './support/hydration.ts';
import { startPieceProxy } from './support/piece-proxy.ts';
import { watched, watchEveryFrame } from './support/sampling.ts';

/** Records every layout shift from the first frame; `shiftsSoFar` reads them as "selector: value". */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as unknown as Array<{ value: number; sources: Array<{ node?: Node }> }>) {
        const nodes = entry.sources.map((source) => (source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : '?'));
        shifts.push(`${nodes.join(',')}: ${entry.value}`);
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    // Entries not yet handed to the callback are taken too, so the read never races the observer.
    (window as unknown as { shifts: () => string[] }).shifts = () => {
      record(observer.takeRecords());
      return shifts;
    };
  });
}

/**
 * The shifts once the page has settled: the fonts in, every island hydrated (engaged: they wake on engagement)
 * and two frames painted after that. Only those a person could notice: a parser that yields mid-document on a
 * loaded machine can still paint an element's box a moment before its text (a shift of a few millionths).
 */
async function noticeableShifts(page: Page): Promise<string[]> {
  await page.evaluate(async () => { await document.fonts.ready; });
  await settled(page);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: () => string[] }).shifts());
  return shifts.filter((shift) => Number(shift.split(': ')[1]) >= 0.0001);
}

/** Layout shifts while the page loads at the network's own pace. */
async function shiftsWhileLoading(page: Page, path: string): Promise<string[]> {
  await recordShifts(page);
  // Requests in flight, counted from the page's own events: Playwright's 'networkidle' now and then never
  // comes on a page whose requests have all finished (seen about once in twenty loads of the login page).
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => { inFlight.add(request); lastChange = Date.now(); });
  const finished = (request: Request) => { inFlight.delete(request); lastChange = Date.now(); };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  await page.goto(path, { waitUntil: 'load' });
  await expect.poll(() => (inFlight.size === 0 ? Date.now() - lastChange : 0), { message: 'no request in flight for 500 ms' }).toBeGreaterThanOrEqual(500);
  return noticeableShifts(page);
}

/**
 * Where a slow network or a busy parser may stop: after any element. Seen stopping there under load (once in
 * 25 loads): between the cookie bar's text and its button (the text, centred alone, moved aside), and between
 * the passkey button's icon and its label.
 */
const ELEMENT_ENDS = /<\/(?:p|svg|button|label|h1|h2|h3|a|li|ul|dl|div|section|form|header|main|footer|script|astro-island)>/g;

/** Layout shifts while the page arrives one element at a time, two frames painted after each. */
async function shiftsArrivingPieceByPiece(page: Page, baseURL: string, path: string): Promise<string[]> {
  const proxy = await startPieceProxy(baseURL, new URL(path, baseURL).pathname, ELEMENT_ENDS);
  try {
    await recordShifts(page);
    await page.goto(`${proxy.base}${path}`, { waitUntil: 'commit' });
    const pieces = await proxy.started();
    for (let piece = 1; piece < pieces; piece++) {
      await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
      proxy.sendNext();
    }
    await page.waitForLoadState('load');
    return await noticeableShifts(page);
  } finally {
    await proxy.close();
  }
}

const PAGES = ['/app/nxn/login?SMQUERYDATA=cls', '/de-DE/app/nxn/login?SMQUERYDATA=cls', '/self-service/nxn/fps', '/self-service/nxn/fps?FTUF=Y', '/self-service/nxn/fuid', '/self-service/nxn/fps-self-change-pw?uid=jdoe', '/self-service/nxn/fps-self-change-pw?uid=jdoe&uti=external', '/app/nxn/sorry', '/app/nxn/pageNotFound', '/self-service/nxn/no-such-page', '/app/nxn/termsOfUse', '/de-DE/app/brightpath529/sessionExpired'];

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const path of PAGES) {
      test(`${path} loads without a layout shift (CLS 0)`, async ({ page }) => {
        expect(await shiftsWhileLoading(page, path)).toEqual([]);
      });
      test(`${path}, painted after each element as it arrives, never shifts`, async ({ page, baseURL }) => {
        expect(await shiftsArrivingPieceByPiece(page, baseURL ?? '', path)).toEqual([]);
      });
    }
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the support button lies on neither the cookie bar\'s words nor its button, and opens the dialog while the bar shows', async ({ page }) => {
    await page.goto('/app/nxn/login?SMQUERYDATA=cls');
    const bar = page.getByTestId('cookie-bar');
    await expect(bar).toBeVisible();
    const button = page.getByRole('button', { name: 'Support' });
    // Scrolled to the page's end, where the two meet: the button lies in the room the bar keeps below its own content.
    await page.evaluate(() => { window.scrollTo(0, document.documentElement.scrollHeight); });
    const buttonBox = await button.boundingBox();
    for (const part of [bar.locator('p'), bar.getByRole('button')]) {
      const box = await part.boundingBox();
      expect(buttonBox!.y >= box!.y + box!.height || buttonBox!.y + buttonBox!.height <= box!.y || buttonBox!.x >= box!.x + box!.width, await part.innerText()).toBe(true);
    }
    await button.click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('a visitor who closed the cookie bar never sees it again, not even for a frame', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'EU_COOKIE', value: 'true', url: baseURL ?? 'http://localhost' }]);
    // Every frame from before the first paint, through the islands waking (the bar's own included), and on.
    await watchEveryFrame(page, '[data-testid="cookie-bar"]');
    await page.goto('/app/nxn/login?SMQUERYDATA=cls');
    await settled(page);
    expect(await watched(page, { frames: 30 })).toMatchObject({ sightings: 0, first: null });
  });
});
