import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from './support/chromium.ts';

const PORT = Number(process.env['E2E_PORT'] ?? 4399);
const executablePath = chromiumExecutable();

/** End to end against the production build, served with the emulator by `npm start`'s server. */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env['CI'] ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'node scripts/start.ts',
    cwd: '..',
    url: `http://localhost:${PORT}/app/nxn/login?SMQUERYDATA=ready`,
    reuseExistingServer: !process.env['CI'],
    timeout: 180_000,
    env: { PORT: String(PORT), EMULATOR_CALL_ANSWER_MS: '2000' },
    stdout: 'pipe',
  },
});
