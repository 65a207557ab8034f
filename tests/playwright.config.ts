import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import type { PlaywrightTestProject } from '@playwright/test';
import { BASE_CONFIG, chrome } from './playwright-base.ts';
import { auditServiceCalls } from './contract-audit-report.ts';

/*
 * Port map. Every spec that resets or changes an emulator (its users, passcodes, rate limits,
 * statistics) runs against an origin and emulator of its own, so no two specs ever race over the
 * seeded accounts; scripts/server/start.ts serves them all from one process (ISOLATED_PORT).
 *
 *   env                        default        project                      specs
 *   E2E_PORT                   4399           desktop                      every spec that only reads (pages, layout,
 *                                                                          keyboard and zoom, accessibility, German,
 *                                                                          White Label testing, back/forward cache)
 *   E2E_NGINX_PORT             4398           nginx                        nginx-smoke (nginx in front of E2E_PORT)
 *   E2E_RECOVERY_PORT          4400           recovery-forgot-password     recovery-forgot-password
 *                                                                          (and its -history and -page specs)
 *   E2E_HOSTILE_PORT           4402           hostile-input                hostile-input
 *   E2E_LOGIN_PORT             E2E_PORT + 4   login                        login
 *   E2E_HOSTILE_BACKEND_PORT   E2E_PORT + 5   hostile-backend              hostile-backend
 *   E2E_RECOVERY_FTU_PORT      E2E_PORT + 6   recovery-first-time-user     recovery-first-time-user
 *   E2E_RECOVERY_FUID_PORT     E2E_PORT + 7   recovery-forgot-user-id      recovery-forgot-user-id
 *   E2E_RECOVERY_ERRORS_PORT   E2E_PORT + 8   recovery-errors              recovery-errors
 *   E2E_RECOVERY_A11Y_PORT     E2E_PORT + 9   recovery-accessibility       recovery-accessibility
 *                                                                          (and recovery-keyboard, recovery-german-only,
 *                                                                          support-button-room, focus-and-announcements)
 *   E2E_RECOVERY_WEBOTP_PORT   E2E_PORT + 10  recovery-web-otp             recovery-web-otp
 *   E2E_JOURNEY_PORT           E2E_PORT + 11  journeys                     journeys (the engine-neutral journeys in Chromium;
 *                                                                          Firefox and WebKit start servers of their own)
 *   E2E_DEV_PORT               E2E_PORT + 12  dev-server                   brand-live-edit (starts `astro dev` of its own on
 *                                                                          temporary copies of brands/ and content/)
 *   E2E_TLS_PORT               E2E_PORT + 13  tls                          tls-cookies (nginx over TLS, a certificate made for
 *                                                                          the run, in front of E2E_PORT)
 *   E2E_WAYS_BACK_PORT         E2E_PORT + 14  ways-back-to-login           ways-back-to-login (every way back to login keeps
 *                                                                          brand and language; sessions, password changes)
 *   E2E_CODE_ARRIVAL_PORT      E2E_PORT + 15  code-arrival                 code-arrival (chunks that fail to arrive)
 *   E2E_ENGAGE_PORT            E2E_PORT + 16  hydrate-on-engagement        hydrate-on-engagement (islands wake on engagement)
 *   E2E_WAYS_BACK_NGINX_PORT   E2E_PORT + 17  ways-back-nginx              ways-back-nginx-smoke (the ways back behind the shipped
 *                                                                          nginx config; passcodes, sessions, password changes)
 *   E2E_WAYS_BACK_NGINX_SERVICES_PORT  E2E_PORT + 18  (none)              the emulator of its own that nginx proxies to
 *   E2E_NGINX_OPS_PORT         E2E_PORT + 19  nginx (go-live-nginx-smoke)  nginx of its own in front of stand-in backends
 *   E2E_NGINX_OUTAGE_PORT      E2E_PORT + 20  nginx (go-live-nginx-smoke)  nginx whose SiteMinder is down, service over TLS
 *   E2E_PASSKEYS_PORT          E2E_PORT + 21  passkeys                     passkeys (Chromium's virtual authenticator; enrols
 *                                                                          passkeys and reads the statistics), and
 *                                                                          walk-this-round (issue 43's walk) and gallery-states
 *                                                                          (brand:gallery's states after a sign-in or a passcode)
 *   (none)                     E2E_PORT + 36  dev-server                   brand-live-edit: a stand-in for another checkout's
 *                                                                          dev server, which brand:preview must refuse
 *   (none)                     E2E_PORT + 45  (vitest)                     tests/unit/third-language.test.ts: nginx on a copy of
 *                                                                          the project with a third language (issue 45)
 *   (none)                     E2E_PORT + 46  pseudo-language              pseudo-language (issue 45's walk): each worker serves
 *                              and + 47                                    the pseudo build (pseudo-language-build makes it first)
 *                                                                          with an emulator of its own; a third worker on a free port
 *
 * The later ports follow E2E_PORT, so whoever moves the four older ones into a range of ten
 * (E2E_PORT=4410 E2E_RECOVERY_PORT=4411 E2E_HOSTILE_PORT=4412 E2E_NGINX_PORT=4413) gets 4414-4421 (and
 * the dev server 4422, TLS 4423, ways back 4424,
 * code arrival 4425, engagement 4426, ways back behind nginx 4427 and its emulator 4428, passkeys 4429).
 */
const port = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const PORT = port('E2E_PORT', 4399);
const NGINX_PORT = port('E2E_NGINX_PORT', 4398);
const TLS_PORT = port('E2E_TLS_PORT', PORT + 13);
const RECOVERY_PORT = port('E2E_RECOVERY_PORT', 4400);
/** nginx with the shipped config for the walks of ways-back-nginx-smoke, in front of an emulator of their own. */
const WAYS_BACK_NGINX_PORT = port('E2E_WAYS_BACK_NGINX_PORT', PORT + 17);
const WAYS_BACK_NGINX_SERVICES_PORT = port('E2E_WAYS_BACK_NGINX_SERVICES_PORT', PORT + 18);
const WAYS_BACK_NGINX_SPEC = 'ways-back-nginx-smoke';
/**
 * An isolated spec: its project name is its file name, and it gets its own origin. A spec split by what it tests
 * names its other files (`more`): they share the project's origin and emulator, so the project runs one at a time.
 */
const ISOLATED: Array<{ spec: string; port: number; more?: string[] }> = [
  { spec: 'recovery-forgot-password', port: RECOVERY_PORT, more: ['recovery-forgot-password-history', 'recovery-forgot-password-page'] },
  { spec: 'hostile-input', port: port('E2E_HOSTILE_PORT', RECOVERY_PORT + 2) },
  { spec: 'login', port: port('E2E_LOGIN_PORT', PORT + 4) },
  { spec: 'hostile-backend', port: port('E2E_HOSTILE_BACKEND_PORT', PORT + 5) },
  { spec: 'recovery-first-time-user', port: port('E2E_RECOVERY_FTU_PORT', PORT + 6) },
  { spec: 'recovery-forgot-user-id', port: port('E2E_RECOVERY_FUID_PORT', PORT + 7) },
  { spec: 'recovery-errors', port: port('E2E_RECOVERY_ERRORS_PORT', PORT + 8) },
  { spec: 'recovery-accessibility', port: port('E2E_RECOVERY_A11Y_PORT', PORT + 9), more: ['recovery-keyboard', 'recovery-german-only', 'support-button-room', 'focus-and-announcements'] },
  { spec: 'recovery-web-otp', port: port('E2E_RECOVERY_WEBOTP_PORT', PORT + 10) },
  { spec: 'journeys', port: port('E2E_JOURNEY_PORT', PORT + 11) },
  { spec: 'ways-back-to-login', port: port('E2E_WAYS_BACK_PORT', PORT + 14) },
  { spec: 'code-arrival', port: port('E2E_CODE_ARRIVAL_PORT', PORT + 15) },
  { spec: 'hydrate-on-engagement', port: port('E2E_ENGAGE_PORT', PORT + 16) },
  { spec: 'passkeys', port: port('E2E_PASSKEYS_PORT', PORT + 21), more: ['passkeys-windows', 'passkeys-calls', 'walk-this-round', 'gallery-states'] },
];
/** The pseudo-language walk: its own build and servers (tests/e2e/support/pseudo-walk.ts). */
const PSEUDO_SPEC = 'pseudo-language';
const PSEUDO_SPECS = [PSEUDO_SPEC, 'pseudo-language-recovery'];
/** The spec that edits brand files under `astro dev` (it starts that server itself). */
const DEV_SERVER_SPEC = 'brand-live-edit';
const specFile = (spec: string) => new RegExp(`(^|/)${spec}\\.spec\\.ts$`);
/** The files of an isolated project: its spec and the ones split from it. */
const isolatedFiles = ({ spec, more = [] }: { spec: string; more?: string[] }) => [spec, ...more].map(specFile);
// The nginx smoke run needs Debian's nginx; CI installs it, so there it is required.
const withNginx = Boolean(process.env['CI']) || existsSync(process.env['NGINX_PATH'] ?? '/usr/sbin/nginx');

// Every call an emulator of the run answers is checked against docs/api/openapi.json (contract-audit-report.ts).
auditServiceCalls();

/** End to end against the production build, served with the emulator by `npm start`'s server. */
/**
 * How Playwright stops `npm run nginx` (scripts/deploy/run-nginx.ts) at the end: SIGTERM, so it stops nginx and removes
 * the self-signed key, certificate and release copy it made. Playwright's default is SIGKILL to the process group,
 * which left them in /tmp after every run (191 keys and 3.3 GB of releases counted on this machine, issue 41).
 */
const NGINX_SHUTDOWN = { signal: 'SIGTERM', timeout: 10_000 } as const;

export default defineConfig({
  ...BASE_CONFIG,
  testDir: './e2e',
  outputDir: '../test-results/e2e',
  globalTeardown: './contract-audit-report.ts',
  use: { ...BASE_CONFIG.use, baseURL: `http://localhost:${PORT}` },
  projects: [
    { name: 'desktop', use: chrome, testIgnore: [/nginx-smoke\.spec\.ts$/, /tls-cookies\.spec\.ts$/, specFile(DEV_SERVER_SPEC), ...PSEUDO_SPECS.map(specFile), ...ISOLATED.flatMap(isolatedFiles)] },
    // Issue 45: a copy of the checkout with de-DE's texts made pseudo from en-US, built once for one brand, then
    // walked on servers of its own (E2E_PORT + 46, + 47), so the run's dist/ stays as it is.
    { name: 'pseudo-language-build', testMatch: /pseudo-language\.setup\.ts$/ },
    { name: PSEUDO_SPEC, use: chrome, testMatch: PSEUDO_SPECS.map(specFile), dependencies: ['pseudo-language-build'] },
    // Its own `astro dev`, whose origin the spec knows (E2E_DEV_PORT); a project of its own so it runs once.
    { name: 'dev-server', use: chrome, testMatch: specFile(DEV_SERVER_SPEC) },
    ...ISOLATED.map((isolated): PlaywrightTestProject => ({
      name: isolated.spec, use: { ...chrome, baseURL: `http://localhost:${isolated.port}` }, testMatch: isolatedFiles(isolated),
      // Its files share one emulator, whose users each test resets: never two at once.
      ...(isolated.more ? { workers: 1 } : {}),
    })),
    ...(withNginx ? [{ name: 'nginx', use: { ...chrome, baseURL: `http://127.0.0.1:${NGINX_PORT}` }, testMatch: /nginx-smoke\.spec\.ts$/, testIgnore: specFile(WAYS_BACK_NGINX_SPEC) }] : []),
    ...(withNginx ? [{ name: 'ways-back-nginx', use: { ...chrome, baseURL: `http://127.0.0.1:${WAYS_BACK_NGINX_PORT}` }, testMatch: specFile(WAYS_BACK_NGINX_SPEC) }] : []),
    ...(withNginx ? [{ name: 'tls', use: { ...chrome, baseURL: `https://localhost:${TLS_PORT}` }, testMatch: /tls-cookies\.spec\.ts$/ }] : []),
  ],
  webServer: [
    {
      command: 'node scripts/server/start.ts',
      cwd: '..',
      url: `http://localhost:${PORT}/app/nxn/login?SMQUERYDATA=ready`,
      reuseExistingServer: !process.env['CI'],
      timeout: 180_000,
      env: { PORT: String(PORT), ISOLATED_PORT: [...ISOLATED.map(({ port: isolatedPort }) => isolatedPort), WAYS_BACK_NGINX_SERVICES_PORT].join(','), EMULATOR_CALL_ANSWER_MS: '2000' },
      stdout: 'pipe',
    },
    ...(withNginx
      ? [{
          command: `node scripts/deploy/run-nginx.ts --port ${NGINX_PORT} --services 127.0.0.1:${PORT}`,
          gracefulShutdown: NGINX_SHUTDOWN,
          cwd: '..',
          url: `http://127.0.0.1:${NGINX_PORT}/app/nxn/login?SMQUERYDATA=ready`,
          reuseExistingServer: !process.env['CI'],
          timeout: 180_000,
        }, {
          command: `node scripts/deploy/run-nginx.ts --port ${WAYS_BACK_NGINX_PORT} --services 127.0.0.1:${WAYS_BACK_NGINX_SERVICES_PORT}`,
          gracefulShutdown: NGINX_SHUTDOWN,
          cwd: '..',
          url: `http://127.0.0.1:${WAYS_BACK_NGINX_PORT}/app/nxn/login?SMQUERYDATA=ready`,
          reuseExistingServer: !process.env['CI'],
          timeout: 180_000,
        }, {
          command: `node scripts/deploy/run-nginx.ts --tls --port ${TLS_PORT} --services 127.0.0.1:${PORT}`,
          gracefulShutdown: NGINX_SHUTDOWN,
          cwd: '..',
          url: `https://localhost:${TLS_PORT}/app/nxn/login?SMQUERYDATA=ready`,
          ignoreHTTPSErrors: true,
          reuseExistingServer: !process.env['CI'],
          timeout: 180_000,
        }]
      : []),
  ],
});
