import { expect, test } from '@playwright/test';
import { PlaywrightDriver } from '../journeys/adapters/playwright.ts';
import { Emulator } from '../journeys/emulator.ts';
import { journeys } from '../journeys/journeys.ts';
import { HOST_PORTS, SERVICES_PORTS } from './hosts.ts';
import { forgedAddressesHitTheLimit, spellingsReachNothing } from './spellings.ts';
import type { SERVICE_HOSTS } from './hosts.ts';

// Sign-in and recovery through a static host's own runtime (projects cloudflare-services, netlify-services):
// the pages come from the runtime, the form posts and the islands' calls go to the runtime's origin, and the
// host's own mechanism (Cloudflare: _worker.js; Netlify: proxy rewrites) sends them to the emulator the
// runtime was given (serve-hosts.ts). The test reads passcodes from that emulator directly: through the
// runtime, its inspection endpoints answer nothing.

const host = () => test.info().project.name.replace(/-services$/, '') as (typeof SERVICE_HOSTS)[number];
const emulatorBase = () => `http://127.0.0.1:${String(SERVICES_PORTS[host()])}`;

test.describe.configure({ mode: 'default', timeout: 90_000 });

const WALKED = [
  'sign in with good credentials reaches /apps/home',
  'forgot password by e-mail: passcode, temporary password, new password, the toast once, and sign in with it',
  'forgot user id: name and e-mail, passcode, the INFO step and the e-mail with the id',
];

for (const name of WALKED) {
  const journey = journeys.find((entry) => entry.name === name);
  test(name, async ({ browser, baseURL }) => {
    if (!journey) throw new Error(`no journey "${name}" in tests/journeys/journeys.ts`);
    const emulator = new Emulator(emulatorBase());
    await emulator.reset();
    const context = await browser.newContext({ baseURL: baseURL ?? '' });
    try {
      const page = await context.newPage();
      // Every request the page makes goes to the runtime's origin: nothing reaches the emulator but through it.
      const elsewhere: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(baseURL ?? '')) elsewhere.push(request.url());
      });
      await journey.run(new PlaywrightDriver(page, baseURL ?? ''), emulator);
      await page.screenshot({ path: test.info().outputPath(`${host()}-end.png`), fullPage: true });
      expect(elsewhere).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test('the emulator\'s inspection endpoints answer nothing through the runtime, while the test reads them directly', async ({ request }) => {
  const emulator = new Emulator(emulatorBase());
  await emulator.reset();
  const direct = await request.get(`${emulatorBase()}/__emulator/outbox`);
  expect(direct.status()).toBe(200);
  expect(await direct.json()).toEqual({ messages: [] });
  for (const [method, path] of [['GET', '/__emulator/outbox'], ['GET', '/__emulator/stats'], ['GET', '/__emulator/passkeys'], ['POST', '/__emulator/reset'], ['POST', '/__emulator/calls/answer']] as const) {
    const response = await request.fetch(path, { method, maxRedirects: 0 });
    // Not found, or a static host refusing a post to a file (Cloudflare: 405): never the emulator's answer.
    expect([404, 405], `${method} ${path}: ${String(response.status())}`).toContain(response.status());
    expect(await response.text(), `${method} ${path}`).not.toMatch(/"messages"|"records"|"code"/);
  }
});

test('every metrics path of spec section 7 reaches the service through the runtime', async ({ request }) => {
  const emulator = new Emulator(emulatorBase());
  await emulator.reset();
  const paths = ['/nxn-metrics/analytics/metrics', '/app/pmg/nxn-metrics/analytics/', '/DPMonitor/rest/v1/dpevents/', '/nxn-service/public/logDpStats/PAGE_VIEW', '/nxn-service/public/clickMonitor', '/nxn-service/httpUsageStatus/store'];
  for (const path of paths) {
    const response = await request.post(path, { data: { statsType: 'NXN_USAGE_STATS', via: host() } });
    expect(response.status(), path).toBe(200);
  }
  const stats = (await (await request.get(`${emulatorBase()}/__emulator/stats`)).json()) as { records: Array<{ endpoint: string; payload: { via?: string } }> };
  expect(stats.records.map((record) => `${record.endpoint} ${record.payload.via ?? ''}`)).toEqual(paths.map((path) => `${path} ${host()}`));
});

// Issue 40 through the runtime (hostile-paths.spec.ts runs the same on the bundled server and nginx): here, in the
// file whose journeys share this emulator, so nothing resets or fills its limits under them.
test('no spelling of a path reaches the emulator\'s inspection endpoints through the runtime: no outbox, no reset', async ({ request }) => {
  const answers = await spellingsReachNothing(request, HOST_PORTS[host()], emulatorBase());
  await test.info().attach('answers', { body: answers.join('\n'), contentType: 'text/plain' });
});

test('per-client limits hold through the runtime whatever X-Forwarded-For a visitor forges', async ({ request, baseURL }) => {
  await forgedAddressesHitTheLimit(request, baseURL ?? '', emulatorBase());
});
