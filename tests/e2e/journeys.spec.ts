import { expect, test } from '@playwright/test';
import { watchViolations } from './support/csp-violations.ts';
import { PlaywrightDriver } from '../journeys/adapters/playwright.ts';
import { Emulator } from '../journeys/emulator.ts';
import { journeys } from '../journeys/journeys.ts';

// The user journeys Firefox and WebKit run too (tests/journeys/), here in Chromium. They change the
// seeded users, so they run in order on the journeys project's own emulator, each from a reset. Each runs
// under the portal's CSP with Trusted Types enforced, and must raise no violation on the way.
test.describe.configure({ mode: 'default', timeout: 90_000 });

for (const journey of journeys) {
  test(journey.name, async ({ browser, baseURL }) => {
    const base = baseURL ?? '';
    const emulator = new Emulator(base);
    await emulator.reset();
    const device = journey.device?.('chromium');
    const context = await browser.newContext({
      baseURL: base,
      ...(device ? { viewport: { width: device.width, height: device.height }, userAgent: device.userAgent } : {}),
    });
    try {
      const violations = await watchViolations(context);
      await journey.run(new PlaywrightDriver(await context.newPage(), base), emulator);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
