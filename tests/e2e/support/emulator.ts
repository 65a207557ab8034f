import { test } from '@playwright/test';

/**
 * For a spec on an origin and emulator of its own (see the port map in playwright.config.ts): its tests
 * change the seeded users, so they run one after another, each from the emulator's seeded state. `emulatorOrigin`
 * when the spec's origin does not serve the emulator's own paths (nginx never proxies /__emulator).
 */
export function freshEmulatorForEachTest(emulatorOrigin = ''): void {
  test.describe.configure({ mode: 'serial' });
  test.beforeEach(async ({ request }) => {
    // An origin whose proxy does not pass /__emulator on (nginx) names the emulator's own.
    await request.post(`${emulatorOrigin}/__emulator/reset`);
  });
}
