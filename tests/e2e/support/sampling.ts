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
