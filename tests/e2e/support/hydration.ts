import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Every island on the page has hydrated (the `client:idle` ones too): its buttons act and its state is real. */
export async function islandsHydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/**
 * Hydrated, and two frames painted since: whatever an island renders right after hydration is on screen,
 * so an absence checked next is final.
 */
export async function settled(page: Page): Promise<void> {
  await islandsHydrated(page);
  await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
}
