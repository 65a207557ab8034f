// `npm run test:firefox` / `npm run test:webkit`: the user journeys (tests/journeys/) in one engine,
// against a portal server of their own whose isolated emulator no other run touches. Prints one
// line per journey, then `N passed, N failed` alone on the last line (`, N not run` added when a journey's subject is
// not in the engine: it is listed as NOT RUN with why, never counted as a pass); exits non-zero on a failure.
// A missing engine is skipped with one line locally and fails in CI (CI=true).
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import puppeteer from 'puppeteer-core';
import { FIREFOX_PACKAGE, FIREFOX_PREFS, firefoxExecutable } from '../../scripts/browsers/firefox.ts';
import { WEBKIT_PACKAGES, webkitSetup } from '../../scripts/browsers/webkit.ts';
import type { WebKitSetup } from '../../scripts/browsers/webkit.ts';
import { PuppeteerDriver } from '../journeys/adapters/puppeteer.ts';
import { WebdriverioDriver } from '../journeys/adapters/webdriverio.ts';
import type { Device, Driver } from '../journeys/driver.ts';
import { Emulator } from '../journeys/emulator.ts';
import { NotRun } from '../journeys/expect.ts';
import { journeys } from '../journeys/journeys.ts';
import contractAuditReport, { auditServiceCalls } from '../contract-audit-report.ts';

type Engine = 'firefox' | 'webkit';
const requested = process.argv[2];
if (requested !== 'firefox' && requested !== 'webkit') {
  console.error('usage: node tests/engines/run.ts firefox|webkit [name filter]');
  process.exit(2);
}
const engine: Engine = requested;
const filter = process.argv[3];
/** Each engine its own server (and emulator) by default, so both can run at once. */
const DEFAULT_PORTS: Record<Engine, number> = { firefox: 4404, webkit: 4406 };
const port = Number(process.env['JOURNEY_PORT'] ?? DEFAULT_PORTS[engine]);
// The emulator the journeys' server starts checks every call against docs/api/openapi.json (contractHeld below).
auditServiceCalls();
const isolatedPort = port + 1;
const baseUrl = `http://localhost:${isolatedPort}`;
/** A journey that hangs must not hold the whole run. */
const JOURNEY_TIMEOUT_MS = 90_000;

const children: ChildProcess[] = [];
function stopChildren(): void {
  for (const child of children) {
    // Detached children lead their own process group (xvfb-run starts Xvfb and the driver).
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        child.kill('SIGTERM');
      }
    }
  }
}
process.on('exit', stopChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

function skipOrFail(reason: string, install: string): never {
  const line = `${engine}: ${reason}; ${process.env['CI'] ? 'failing: CI must test every engine' : 'skipping its journeys'} (install: apt-get install ${install})`;
  if (process.env['CI']) {
    console.error(line);
    process.exit(1);
  }
  console.log(line);
  process.exit(0);
}

async function waitFor(url: string, what: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs} ms`);
}

/** Whether something already listens on a port (an earlier run's server would answer in ours' place). */
async function inUse(candidate: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(true));
    server.listen(candidate, 'localhost', () => server.close(() => resolve(false)));
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function startServer(): ChildProcess {
  const server = spawn(process.execPath, ['scripts/server/start.ts'], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, PORT: String(port), ISOLATED_PORT: String(isolatedPort), EMULATOR_CALL_ANSWER_MS: '2000' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  children.push(server);
  return server;
}

/** Opens a driver per journey and closes everything at the end. */
interface EngineSession { open(device?: Device): Promise<Driver>; done(driver: Driver): Promise<void>; version: string; shutdown(): Promise<void> }

async function firefox(executablePath: string): Promise<EngineSession> {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true, extraPrefsFirefox: { ...FIREFOX_PREFS } });
  return {
    version: await browser.version(),
    open: (device) => PuppeteerDriver.open(browser, baseUrl, device),
    done: (driver) => driver.close(),
    shutdown: () => browser.close(),
  };
}

async function webkit(setup: WebKitSetup): Promise<EngineSession> {
  const driverPort = await freePort();
  const command = process.env['DISPLAY'] || !setup.xvfbRun ? [setup.driver] : [setup.xvfbRun, '-a', '-s', '-screen 0 1280x1024x24 -noreset', setup.driver];
  const [program = setup.driver, ...args] = command;
  const driverProcess = spawn(program, [...args, `--port=${driverPort}`], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.push(driverProcess);
  await waitFor(`http://127.0.0.1:${driverPort}/status`, 'WebKitWebDriver', 30_000, driverProcess);
  const options = { port: driverPort, binary: setup.browser };
  // -noreset: Xvfb would otherwise reset when the last browser window closes, and the next session
  // could not open the display while it does.
  // WebKitWebDriver serves one session at a time: the desktop session is kept between journeys
  // (cookies and storage cleared), and a phone journey gets a session of its own meanwhile.
  let desktop: WebdriverioDriver | undefined = await WebdriverioDriver.open(baseUrl, options);
  const version = await desktop.evaluate(() => navigator.userAgent, null);
  return {
    version: `WebKitGTK (${version})`,
    async open(device) {
      if (device) {
        await desktop?.close();
        desktop = undefined;
        return WebdriverioDriver.open(baseUrl, { ...options, device });
      }
      desktop ??= await WebdriverioDriver.open(baseUrl, options);
      await desktop.forget();
      return desktop;
    },
    async done(driver) {
      if (driver !== desktop) await driver.close();
    },
    shutdown: async () => desktop?.close(),
  };
}

async function main(): Promise<number> {
  let launch: () => Promise<EngineSession>;
  if (engine === 'firefox') {
    const executable = firefoxExecutable();
    if (!executable) skipOrFail('Firefox ESR not found (/usr/bin/firefox-esr, or set FIREFOX_PATH)', FIREFOX_PACKAGE);
    launch = () => firefox(executable);
  } else {
    const found = webkitSetup();
    if ('missing' in found) skipOrFail(`WebKitGTK not usable: ${found.missing}`, WEBKIT_PACKAGES.join(' '));
    launch = () => webkit(found.setup);
  }
  for (const candidate of [port, isolatedPort]) {
    if (await inUse(candidate)) throw new Error(`port ${candidate} is taken: stop what listens there or set JOURNEY_PORT (this run uses it and the next)`);
  }
  const started = Date.now();
  const server = startServer();
  const [session] = await Promise.all([launch(), waitFor(`${baseUrl}/app/nxn/login?SMQUERYDATA=ready`, 'the portal server', 180_000, server)]);
  console.log(`${engine}: ${session.version}, journeys against ${baseUrl}`);
  const emulator = new Emulator(baseUrl);
  let passed = 0;
  let failed = 0;
  let notRun = 0;
  for (const journey of journeys.filter((entry) => !filter || entry.name.includes(filter))) {
    const began = Date.now();
    let driver: Driver | undefined;
    try {
      await emulator.reset();
      driver = await session.open(journey.device?.(engine));
      const opened = driver;
      await Promise.race([
        journey.run(opened, emulator),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`journey took over ${JOURNEY_TIMEOUT_MS} ms`)), JOURNEY_TIMEOUT_MS).unref()),
      ]);
      passed += 1;
      console.log(`  ✓ ${journey.name} (${((Date.now() - began) / 1000).toFixed(1)} s)`);
    } catch (error) {
      if (error instanceof NotRun) {
        // Not a pass and not a failure: what the journey checks is not in this engine.
        notRun += 1;
        console.log(`  - NOT RUN: ${journey.name} (${error.message})`);
        continue;
      }
      failed += 1;
      console.log(`  ✗ ${journey.name} (${((Date.now() - began) / 1000).toFixed(1)} s)\n      ${String(error instanceof Error ? error.message : error).replace(/\n/g, '\n      ')}`);
      if (driver) {
        console.log(`      at ${await driver.url().catch(() => 'an unknown URL')}`);
        const shown = await driver.evaluate(() => (document.querySelector('main') ?? document.body).innerText.replace(/\s+/g, ' ').slice(0, 400), null).catch(() => '');
        console.log(`      page shows: ${shown}`);
        const sent = await emulator.outbox().catch(() => []);
        console.log(`      emulator outbox: ${sent.map((message) => `${message.channel} to ${message.to}${message.code ? ' (a code)' : ''}`).join('; ') || 'empty'}`);
      }
    } finally {
      if (driver) await session.done(driver).catch(() => undefined);
    }
  }
  await session.shutdown().catch(() => undefined);
  console.log(`${engine}: ${passed + failed + notRun} journeys in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${passed} passed, ${failed} failed${notRun > 0 ? `, ${notRun} not run` : ''}`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

/** The run's service calls against docs/api/openapi.json, as the Playwright runs report them. */
function contractHeld(): boolean {
  try {
    contractAuditReport();
    return true;
  } catch (error) {
    console.log(`${engine}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

main().then((code) => {
  stopChildren();
  process.exit(code === 0 && contractHeld() ? 0 : 1);
}, (error: unknown) => {
  console.error(`${engine}: ${String(error instanceof Error ? error.stack : error)}`);
  console.log('0 passed, 1 failed');
  stopChildren();
  process.exit(1);
});
