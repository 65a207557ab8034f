import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/**
 * The visitor engages every island that has not woken (a focus in each, as a tap or a Tab would give: islands
 * hydrate on engagement, `client:engage`), without moving the page's focus.
 */
export async function engageIslands(page: Page): Promise<void> {
  await page.locator('astro-island[ssr]').evaluateAll((islands) => {
    for (const island of islands) island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  });
}

/**
 * Every island on the page is engaged and has hydrated: its buttons act and its state is real. Engaged again
 * at each poll: an island whose directive has not started yet (the page still loading) missed the first focus.
 */
export async function islandsHydrated(page: Page): Promise<void> {
  await expect.poll(async () => {
    await engageIslands(page);
    return page.locator('astro-island[ssr]').count();
  }).toBe(0);
}

/**
 * Hydrated, and two frames painted since: whatever an island renders right after hydration is on screen,
 * so an absence checked next is final.
 */
export async function settled(page: Page): Promise<void> {
  await islandsHydrated(page);
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
}
