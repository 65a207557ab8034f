import { devices } from '@playwright/test';
import type { PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/browsers/chromium.ts';

/** The browser of both Playwright runs (end to end, and the hosts): Chromium as this machine has it. */
export const chrome = { ...devices['Desktop Chrome'], channel: undefined };

const executablePath = chromiumExecutable();

/**
 * What the end-to-end run (tests/playwright.config.ts) and the hosts run (tests/hosts/playwright.config.ts) share:
 * two workers for the two cores, no retries (a flaky test is a failure to fix), the time limits, the browser and
 * its arguments. Each config adds its folders, origins, projects and servers.
 */
export const BASE_CONFIG = {
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] },
  },
} satisfies PlaywrightTestConfig;
