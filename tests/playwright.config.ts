import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../scripts/browsers/chromium.ts';

const PORT = Number(process.env['E2E_PORT'] ?? 4399);
const NGINX_PORT = Number(process.env['E2E_NGINX_PORT'] ?? 4398);
/** The recovery specs' own origin and emulator (see scripts/server/start.ts ISOLATED_PORT). */
const RECOVERY_PORT = Number(process.env['E2E_RECOVERY_PORT'] ?? 4400);
/** The hostile-input specs' own origin and emulator: they drive flows the recovery specs must not see. */
const HOSTILE_PORT = Number(process.env['E2E_HOSTILE_PORT'] ?? RECOVERY_PORT + 2);
/** The engine-neutral journeys' own origin and emulator in Chromium (Firefox and WebKit start their own). */
const JOURNEY_PORT = Number(process.env['E2E_JOURNEY_PORT'] ?? RECOVERY_PORT + 3);
const executablePath = chromiumExecutable();
// The nginx smoke run needs Debian's nginx; CI installs it, so there it is required.
const withNginx = Boolean(process.env['CI']) || existsSync(process.env['NGINX_PATH'] ?? '/usr/sbin/nginx');

/** End to end against the production build, served with the emulator by `npm start`'s server. */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /nginx-smoke|recovery\.spec|hostile|journeys\.spec/ },
    { name: 'journeys', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${JOURNEY_PORT}` }, testMatch: /journeys\.spec\.ts$/ },
    { name: 'recovery', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${RECOVERY_PORT}` }, testMatch: /recovery\.spec\.ts$/ },
    { name: 'hostile', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${HOSTILE_PORT}` }, testMatch: /hostile.*\.spec\.ts$/ },
    ...(withNginx
      ? [{ name: 'nginx', use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${NGINX_PORT}` }, testMatch: /nginx-smoke\.spec\.ts$/ }]
      : []),
  ],
  webServer: [
    {
      command: 'node scripts/server/start.ts',
      cwd: '..',
      url: `http://localhost:${PORT}/app/nxn/login?SMQUERYDATA=ready`,
      reuseExistingServer: !process.env['CI'],
      timeout: 180_000,
      env: { PORT: String(PORT), ISOLATED_PORT: `${RECOVERY_PORT},${HOSTILE_PORT},${JOURNEY_PORT}`, EMULATOR_CALL_ANSWER_MS: '2000' },
      stdout: 'pipe',
    },
    ...(withNginx
      ? [{
          command: `node scripts/deploy/run-nginx.ts --port ${NGINX_PORT} --services 127.0.0.1:${PORT}`,
          cwd: '..',
          url: `http://127.0.0.1:${NGINX_PORT}/app/nxn/login?SMQUERYDATA=ready`,
          reuseExistingServer: !process.env['CI'],
          timeout: 180_000,
        }]
      : []),
  ],
});
