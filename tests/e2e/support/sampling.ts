import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { installWatch, readWatch } from './frame-sampler.ts';
import type { FrameSamples } from './frame-sampler.ts';
import { engageIslands } from './hydration.ts';

export type { FrameSamples } from './frame-sampler.ts';

/**
 * Proving that something never shows, or shows only once: a retrying `toHaveCount(0)` passes the moment it
 * looks, before an island could have woken to show it. These watch it instead, from the first frame on.
 */

/**
 * Every document the page loads from now on is watched for `selector` from before its first script and
 * paint: each animation frame and each DOM change between frames (`frame-sampler.ts`).
 */
export async function watchEveryFrame(page: Page, selector: string): Promise<void> {
  await page.addInitScript(installWatch, selector);
}

/**
 * Every sighting of every watched document of this page, told as it happens (path and when), for a test that
 * leaves the page it watches (a post that navigates): call before `watchEveryFrame`.
 */
export async function sightingsAcrossPages(page: Page): Promise<string[]> {
  const sightings: string[] = [];
  await page.exposeFunction('portalSighting', (seen: string) => { sightings.push(seen); });
  return sightings;
}

/**
 * What the watch saw on the page's current document, once at least `frames` more animation frames have
 * passed: in real time, or, on a page whose clock is faked (`page.clock.install`), by running that clock on
 * (`clockMs`, in steps of 100 ms; the faked clock runs the page's frames too).
 */
export async function watched(page: Page, { frames = 10, clockMs }: { frames?: number; clockMs?: number } = {}): Promise<FrameSamples> {
  const start = await page.evaluate(readWatch);
  if (!start) throw new Error('no watch on this page: call watchEveryFrame before it loads');
  if (clockMs !== undefined) {
    for (let ran = 0; ran < clockMs; ran += 100) await page.clock.runFor(100);
  }
  await expect.poll(async () => (await page.evaluate(readWatch))?.frames ?? 0, { message: `${frames} more frames watched` })
    .toBeGreaterThanOrEqual(start.frames + frames);
  const seen = await page.evaluate(readWatch);
  if (!seen) throw new Error('the watched page went away');
  return seen;
}

/**
 * The island (its component's name, e.g. 'SuccessToast') has woken: every island is engaged, as a visitor's
 * focus would, and this one has hydrated (Astro drops `ssr`). Whatever it renders on waking follows within
 * frames, so a watch read after this and some frames is final for what the island decides.
 */
export async function awake(page: Page, island: string): Promise<void> {
  await engageIslands(page);
  await expect(page.locator(`astro-island[component-url*="${island}"]:not([ssr])`), `the ${island} island awake`).toBeAttached();
}

/**
 * A window for "nothing was sent", instead of a fixed wait: two turns of the page's task queue for whatever the
 * last action set going (a submit's navigation, a fetch; a message channel, which a faked clock leaves alone),
 * then a request of the page's own to an address only this test answers. Requests go out in order, so once
 * that one is seen every request the page started before it has been too.
 */
export async function requestsSoFarSeen(page: Page): Promise<void> {
  const path = `/__requests-so-far/${String(Date.now())}`;
  const sentinel = (url: URL) => url.pathname === path;
  await page.route(sentinel, (route) => route.fulfill({ status: 204 }));
  const seen = page.waitForRequest((request) => sentinel(new URL(request.url())));
  await page.evaluate(taskTurns, 2);
  await page.evaluate(async (address) => { await fetch(address); }, path);
  await seen;
  await page.unroute(sentinel);
}

/**
 * `turns` turns of the page's task queue, by a message channel (which a faked clock leaves alone): what the page
 * queued before has run by then. Serialized into the page: self-contained.
 */
async function taskTurns(turns: number): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) {
    await new Promise((turned) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = turned;
      channel.port2.postMessage(null);
    });
  }
}

/**
 * A window for "said or shown only once", instead of a fixed wait, on a page whose clock is faked
 * (`page.clock.install`): its timers and frames run on by `clockMs`, then two turns of its task queue for what they
 * set going (a render scheduled over a message channel). A second saying or showing would have come by then.
 */
export async function pageRanOn(page: Page, clockMs: number): Promise<void> {
  await page.clock.runFor(clockMs);
  await page.evaluate(taskTurns, 2);
}
