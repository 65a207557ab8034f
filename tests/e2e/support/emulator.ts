import { test } from '@playwright/test';

/**
 * For a spec on an origin and emulator of its own (see the port map in playwright.config.ts): its tests
 * change the seeded users, so they run one after another, each from the emulator's seeded state.
 */
export function freshEmulatorForEachTest(): void {
  test.describe.configure({ mode: 'serial' });
  test.beforeEach(async ({ request }) => {
    await request.post('/__emulator/reset');
  });
}
