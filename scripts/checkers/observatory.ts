// `npm run check:observatory`: the MDN HTTP Observatory's scan (npm `@mdn/mdn-http-observatory`, offline) of
// the portal's main pages, served as ops serve them: the built dist/ behind the shipped nginx config over TLS
// (scripts/deploy/run-nginx.ts with a self-signed certificate made here by openssl for this run only, and a
// plain-HTTP port that redirects to it), the services proxied to `npm start`'s server and emulator with
// X-Forwarded-Proto: https. Prints each page's grade, score and tests; exits 1 unless every page is A+ with
// no failed test. `OBSERVATORY_PORT` and `OBSERVATORY_HTTP_PORT` choose nginx's ports (default: free ones).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { selfSignedCertificate } from '../deploy/self-signed-certificate.ts';

/** The pages scanned: every page type a visitor lands on, and SiteMinder's home (a service answer, then login). */
export const OBSERVATORY_PAGES = [
  '/app/nxn/login?SMQUERYDATA=observatory',
  '/self-service/nxn/fps',
  '/self-service/nxn/fuid',
  '/self-service/nxn/fps-self-change-pw',
  '/app/nxn/cookiePolicy',
  '/app/nxn/systemRequirements',
  '/app/nxn/sorry',
  '/app/nxn/logout',
  // The emulator answers first (setting the XSRF cookie, as the service does), then the redirects reach login.
  '/apps/home',
] as const;

/** One failed test of a scan. */
export interface FailedTest {
  test: string;
  /** The Observatory's expectation name, such as `cookies-without-secure-flag`. */
  result: string;
  description: string;
}

/** What the Observatory says of one page. */
export interface PageScan {
  path: string;
  status: number;
  grade: string;
  score: number;
  passed: number;
  tests: number;
  failed: FailedTest[];
  /** The cookies the scan was given, with their flags (`XSRF-TOKEN: Secure SameSite=strict`). */
  cookies: string[];
}

const observatoryRoot = dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory/package.json'));

/**
 * The files the Observatory's install script would download (its scripts do not run here: package.json
 * `allowScripts`). The scan reads the HSTS preload list only; an empty one grades the HTTP port's redirect
 * itself, as it should for a host on no preload list. The top-level-domain list is for its web API.
 */
export function writeObservatoryConfig(): void {
  const conf = join(observatoryRoot, 'conf');
  mkdirSync(conf, { recursive: true });
  if (!existsSync(join(conf, 'hsts-preload.json'))) writeFileSync(join(conf, 'hsts-preload.json'), '{}\n');
  if (!existsSync(join(conf, 'tld-list.json'))) writeFileSync(join(conf, 'tld-list.json'), '[]\n');
}

/** Trusts `certFile` in this process's TLS clients, as a browser that was given the certificate would. */
export function trustCertificate(certFile: string): void {
  setDefaultCACertificates([...getCACertificates('default'), readFileSync(certFile, 'utf8')]);
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Waits until `url` answers over TLS (any status), for at most `ms`. */
export async function waitForHttps(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const answered = await new Promise<boolean>((resolve) => {
      get(url, (response) => {
        response.resume();
        resolve(true);
      }).on('error', () => {
        resolve(false);
      });
    });
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${String(ms / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The cookie test's record of one cookie. */
interface CookieRecord {
  secure?: boolean;
  httponly?: boolean;
  samesite?: string | boolean | null;
}

function describeCookies(data: unknown): string[] {
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data as Record<string, CookieRecord>).map(([name, flags]) =>
    [`${name}:`, flags.secure ? 'Secure' : 'not Secure', ...(flags.httponly ? ['HttpOnly'] : []), `SameSite=${typeof flags.samesite === 'string' ? flags.samesite : 'none given'}`].join(' '));
}

/**
 * Scans one page the way the Observatory's `scan()` does (which takes no ports or path): its retriever on
 * `httpsPort` and `httpPort`, every test, and its scoring, where extra credit counts only from a score of 90.
 */
export async function scanPage(host: string, ports: { httpsPort: number; httpPort?: number }, path: string): Promise<PageScan> {
  const { retrieve } = await import('@mdn/mdn-http-observatory/src/retriever/retriever.js');
  const { ALL_TESTS } = await import('@mdn/mdn-http-observatory/src/constants.js');
  const { getGradeForScore, getScoreDescription, getScoreModifier } = await import('@mdn/mdn-http-observatory/src/grader/grader.js');
  const { MINIMUM_SCORE_FOR_EXTRA_CREDIT } = await import('@mdn/mdn-http-observatory/src/grader/charts.js');
  const requests = await retrieve(host, { ...ports, path });
  const answer = requests.responses.auto;
  if (!answer) throw new Error(`${path}: no answer from https://${host}:${String(ports.httpsPort)}`);
  if (answer.status < 200 || (answer.status >= 400 && answer.status !== 401 && answer.status !== 403)) {
    throw new Error(`${path}: answered ${String(answer.status)}, which the Observatory does not grade`);
  }
  let passed = 0;
  let withExtraCredit = 100;
  let withoutExtraCredit = 100;
  const failed: FailedTest[] = [];
  let cookies: string[] = [];
  for (const test of ALL_TESTS) {
    const output = test(requests);
    const name = output.constructor.name;
    if (name === 'cookies') cookies = describeCookies(output.data);
    if (output.result === null) {
      failed.push({ test: name, result: '(no result)', description: '' });
      continue;
    }
    const modifier = getScoreModifier(output.result);
    withExtraCredit += modifier;
    if (modifier < 0) withoutExtraCredit += modifier;
    if (output.pass) passed += 1;
    else failed.push({ test: name, result: output.result, description: getScoreDescription(output.result) });
  }
  const { grade, score } = getGradeForScore(withoutExtraCredit >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : withoutExtraCredit);
  return { path, status: answer.status, grade, score, passed, tests: ALL_TESTS.length, failed, cookies };
}

/** A scan as report lines: the page with grade, score and tests, then each failed test and the cookies. */
export function formatScan(scan: PageScan): string[] {
  return [
    `${scan.path.padEnd(42)} ${scan.grade.padEnd(3)} ${String(scan.score).padStart(4)}  ${String(scan.passed)}/${String(scan.tests)} tests passed`,
    ...scan.failed.map((failure) => {
      const description = failure.description.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
      return `    failed ${failure.test}: ${failure.result}${description ? ` (${description})` : ''}`;
    }),
    ...scan.cookies.map((cookie) => `    cookie ${cookie}`),
  ];
}

if (import.meta.main) {
  const started = performance.now();
  const { ensureBuilt, DIST_DIR } = await import('../server/ensure-built.ts');
  const { createPortalServer } = await import('../server/portal-server.ts');
  const { createEmulator } = await import('../emulator/create-emulator.ts');
  ensureBuilt();
  writeObservatoryConfig();
  const work = mkdtempSync(join(tmpdir(), 'portal-observatory-'));
  const { cert, key } = selfSignedCertificate(work);
  trustCertificate(cert);

  // The services nginx proxies to: npm start's server and emulator, on a free loopback port.
  // Behind nginx, which never routes the inspection endpoints; none is needed here.
  const emulator = createEmulator({ inspection: false });
  const upstream = createPortalServer({ distDir: DIST_DIR, mounted: (req, res) => emulator.handle(req, res) });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const services = `127.0.0.1:${String((upstream.address() as AddressInfo).port)}`;
  const httpsPort = Number(process.env['OBSERVATORY_PORT'] ?? await freePort());
  const httpPort = Number(process.env['OBSERVATORY_HTTP_PORT'] ?? await freePort());
  const nginx = spawn(process.execPath, [
    join(import.meta.dirname, '..', 'deploy', 'run-nginx.ts'), '--port', String(httpsPort), '--http-port', String(httpPort),
    '--services', services, '--dist', DIST_DIR, '--tls-cert', cert, '--tls-key', key,
  ], { stdio: ['ignore', 'inherit', 'inherit'] });
  const nginxExited = new Promise<void>((resolve) => nginx.on('exit', () => {
    resolve();
  }));

  const scans: PageScan[] = [];
  let problem: string | undefined;
  try {
    await Promise.race([
      waitForHttps(`https://localhost:${String(httpsPort)}/app/nxn/sorry`, 60_000),
      nginxExited.then(() => {
        throw new Error('nginx stopped before it answered');
      }),
    ]);
    const ready = performance.now();
    for (const path of OBSERVATORY_PAGES) {
      const scan = await scanPage('localhost', { httpsPort, httpPort }, path);
      scans.push(scan);
      for (const line of formatScan(scan)) console.log(line);
    }
    console.log(`(servers up in ${((ready - started) / 1000).toFixed(1)} s, ${String(scans.length)} scans in ${((performance.now() - ready) / 1000).toFixed(1)} s)`);
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  } finally {
    nginx.kill('SIGTERM');
    await nginxExited;
    upstream.close();
    rmSync(work, { recursive: true, force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const short = scans.filter((scan) => scan.grade !== 'A+' || scan.failed.length > 0);
  if (problem) console.log(`Observatory: ${problem}`);
  else if (short.length > 0) console.log(`Observatory: ${String(short.length)} of ${String(scans.length)} pages short of A+ with every test passed (${seconds} s).`);
  else console.log(`Observatory: ${String(scans.length)} pages, each A+ with no failed test (${seconds} s).`);
  process.exit(problem || short.length > 0 ? 1 : 0);
}
