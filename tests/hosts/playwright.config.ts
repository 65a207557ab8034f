import { defineConfig } from '@playwright/test';
import { BASE_CONFIG, chrome } from '../playwright-base.ts';
import { auditServiceCalls } from '../contract-audit-report.ts';
import { HOST_NAMES, HOST_PORTS, SERVICE_HOSTS, SERVICE_HOST_PORTS, cannotStart } from './hosts.ts';

/**
 * The same black-box checks against every host of one build (`npm run test:hosts`): the bundled server, nginx,
 * Cloudflare Pages' runtime (wrangler pages dev) and Netlify's (netlify dev), each a project of its own. A
 * host that cannot start here is left out with one line saying why; in CI every host must run.
 */
const available = HOST_NAMES.filter((host) => {
  const reason = cannotStart(host);
  if (!reason) return true;
  if (process.env['CI']) throw new Error(`hosts: ${host} cannot start: ${reason}`);
  console.log(`hosts: ${host} skipped: ${reason}`);
  return false;
});

// The emulators behind the hosts check every call against docs/api/openapi.json, as the end-to-end run's do.
auditServiceCalls();

export default defineConfig({
  ...BASE_CONFIG,
  testDir: '.',
  globalTeardown: '../contract-audit-report.ts',
  outputDir: '../../test-results/hosts-e2e',
  projects: [
    // hostile-paths (issue 35) against the hosts that run as shipped: nginx and the bundled server. wrangler pages dev
    // and netlify dev are the static hosts' local runtimes, not the hosts: the first answers a NUL with 502, the
    // second stopped on one of the paths.
    ...available.map((host) => ({
      name: host, use: { ...chrome, baseURL: `http://127.0.0.1:${String(HOST_PORTS[host])}` },
      testMatch: host === 'server' || host === 'nginx' ? /(black-box|hostile-paths)\.spec\.ts$/ : /black-box\.spec\.ts$/,
      // The bundled server is no proxy: a loopback visitor is the emulator's trusted proxy (EMULATOR_TRUSTED_PROXIES).
      ...(host === 'server' ? { grepInvert: /per-client limits hold through the host/ } : {}),
    })),
    ...(available.includes('nginx') ? [{ name: 'retention', use: chrome, testMatch: /(asset-retention|csp-after-release)\.spec\.ts$/ }] : []),
    // The outage page of each static host's runtime in front of a service that is down (nginx's: go-live-nginx-smoke).
    ...(available.includes('cloudflare') ? [{ name: 'outage', use: chrome, testMatch: /outage-pages\.spec\.ts$/, grep: /Cloudflare: /u }] : []),
    ...(available.includes('netlify') ? [{ name: 'outage-netlify', use: chrome, testMatch: /outage-pages\.spec\.ts$/, grep: /Netlify: /u }] : []),
    // Sign-in and recovery from a first visit (no cookies) through nginx and each static host's runtime, the
    // service paths routed to the host's own emulator.
    ...SERVICE_HOSTS.filter((host) => available.includes(host)).map((host) => ({ name: `${host}-services`, use: { ...chrome, baseURL: `http://127.0.0.1:${String(SERVICE_HOST_PORTS[host])}` }, testMatch: /services\.spec\.ts$/ })),
  ],
  webServer: {
    command: 'node tests/hosts/serve-hosts.ts',
    cwd: '../..',
    url: `http://127.0.0.1:${String(HOST_PORTS.server)}/app/nxn/login?SMQUERYDATA=ready`,
    env: { HOSTS: available.join(',') },
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'pipe',
  },
});
