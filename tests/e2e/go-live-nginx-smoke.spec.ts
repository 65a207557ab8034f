import { expect, test } from '@playwright/test';
import type { APIResponse } from '@playwright/test';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { selfSignedCertificate } from '../../scripts/deploy/self-signed-certificate.ts';
import { GERMAN_LOGIN, LoginPage } from './support/login-page.ts';

// What an ops team needs of the shipped nginx config before go-live (issue 33): the well-known files, the
// outage page, assets without Vary: Cookie, the forwarded scheme from a trusted proxy only, an upstream per
// backend with keepalive and TLS, a body limit, server_name, a log without queries or user ids, a health check.
// The first tests read the suite's nginx (MOCK dist/, the emulator behind it); the others run nginx of their own
// in front of stand-in backends that echo what reached them.

const root = join(import.meta.dirname, '../..');
const dist = join(root, 'dist');
const PORT = Number(process.env['E2E_PORT'] ?? 4399);
/** nginx in front of the echoing backends, and nginx whose SiteMinder is down and whose service speaks TLS. */
const ECHO_NGINX_PORT = Number(process.env['E2E_NGINX_OPS_PORT'] ?? PORT + 19);
const OUTAGE_NGINX_PORT = Number(process.env['E2E_NGINX_OUTAGE_PORT'] ?? PORT + 20);

const values = (response: APIResponse, name: string) =>
  response.headersArray().filter((header) => header.name.toLowerCase() === name).map((header) => header.value);

test.describe('the suite\'s nginx', () => {
  test('serves the WebAuthn related-origins file as JSON, with the security headers', async ({ request }) => {
    const response = await request.get('/.well-known/webauthn');
    expect(response.status()).toBe(200);
    expect(values(response, 'content-type')).toEqual(['application/json']);
    expect(await response.json()).toEqual(JSON.parse(readFileSync(join(dist, '.well-known/webauthn'), 'utf8')));
    expect(values(response, 'content-security-policy')).toEqual(["default-src 'none'; frame-ancestors 'none'"]);
    expect((await request.get('/.well-known/nothing-here')).status()).toBe(404);
    // Other dotfiles stay hidden.
    expect((await request.get('/.portal-build-stamp')).status()).toBe(404);
  });

  test('sends /.well-known/change-password to the white-label cookie\'s change-password entry', async ({ request, baseURL }) => {
    const where = async (cookie: string) => {
      const response = await request.get('/.well-known/change-password', { maxRedirects: 0, headers: cookie ? { Cookie: cookie } : {} });
      expect(response.status(), cookie).toBe(302);
      return values(response, 'location')[0];
    };
    expect(await where('')).toBe('/self-service/nxn/fps');
    expect(await where('WL_KEY=cwa')).toBe('/self-service/cwa/fps');
    // A key no brand was built for, or not a key at all, is the default brand's.
    expect(await where('WL_KEY=nosuch')).toBe('/self-service/nxn/fps');
    expect(await where('WL_KEY=../../etc')).toBe('/self-service/nxn/fps');
    expect((await request.get(`${baseURL ?? ''}/self-service/cwa/fps`)).status()).toBe(200);
  });

  test('hashed assets carry no Vary: Cookie (pages still do)', async ({ request }) => {
    const html = await (await request.get('/app/nxn/login?SMQUERYDATA=x')).text();
    // The page's stylesheet or a script file: hashed assets (login's own script is inline now).
    const asset = /(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/.exec(html)?.[1] ?? '';
    expect(asset).toMatch(/^\/_astro\//);
    const answer = await request.get(asset, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(answer.status()).toBe(200);
    expect(values(answer, 'vary').join(', ')).not.toMatch(/cookie/i);
    expect(values(answer, 'cache-control')).toEqual(['public, max-age=31536000, immutable']);
    expect(values(await request.get('/app/nxn/login?SMQUERYDATA=x'), 'vary')).toContain('Cookie');
  });

  test('answers a monitor at /healthz with the build\'s environment and commit and the release served, never cached', async ({ request }) => {
    const response = await request.get('/healthz');
    expect(response.status()).toBe(200);
    expect(values(response, 'content-type')).toEqual(['application/json']);
    const { commit } = JSON.parse(readFileSync(join(dist, 'health.json'), 'utf8')) as { commit: string };
    expect(commit).toMatch(/^[\da-f]{40}(-dirty)?$/);
    // npm run nginx serves a release of dist/ it makes (its id: the time it was made).
    expect(await response.json()).toEqual({ status: 'ok', environment: 'MOCK', commit, release: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d-]+Z$/) as unknown });
    expect(values(response, 'cache-control')).toEqual(['no-cache']);
  });

  test('refuses a body over 64 KiB and answers no host name it does not serve', async ({ request, baseURL }) => {
    const big = await request.post('/portal-login-service/public/fps/auth', { data: 'x'.repeat(65 * 1024), headers: { 'Content-Type': 'application/json' } });
    expect(big.status()).toBe(413);
    // server_name: another name on the same address gets no answer at all (nginx's 444 closes the connection).
    const port = new URL(baseURL ?? '').port;
    const answer = await new Promise<string>((resolve) => {
      const sent = httpRequest({ host: '127.0.0.1', port, path: '/app/nxn/login?SMQUERYDATA=x', headers: { Host: 'phish.example' } }, (response) => resolve(String(response.statusCode)));
      sent.on('error', (error) => resolve(`closed: ${(error as NodeJS.ErrnoException).code ?? error.message}`));
      sent.end();
    });
    expect(answer).toBe('closed: ECONNRESET');
    expect((await request.get('/app/nxn/login?SMQUERYDATA=x', { headers: { Host: `localhost:${port}` } })).status()).toBe(200);
  });
});

/** What a stand-in backend saw of one request. */
interface Seen { backend: string; method: string; url: string; forwardedProto: string | undefined; connection: string | undefined; httpVersion: string; socket: number }

/** A backend that answers every request with what it saw, as JSON. */
function echo(backend: string, tls?: { cert: string; key: string }): Server {
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const seen: Seen = {
        backend, method: req.method ?? '', url: req.url ?? '', forwardedProto: req.headers['x-forwarded-proto'] as string | undefined,
        connection: req.headers.connection, httpVersion: req.httpVersion, socket: req.socket.remotePort ?? 0,
      };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(seen));
    });
  };
  return tls ? createTlsServer({ cert: readFileSync(tls.cert), key: readFileSync(tls.key) }, handler) : createServer(handler);
}

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

/** Runs the shipped config with these arguments (scripts/deploy/run-nginx.ts) until it answers. */
async function runNginx(port: number, args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'scripts/deploy/run-nginx.ts'), '--port', String(port), ...args], { stdio: 'inherit' });
  for (let tries = 0; tries < 100; tries += 1) {
    const up = await fetch(`http://127.0.0.1:${String(port)}/healthz`).then((response) => response.ok, () => false);
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`nginx on ${String(port)} did not start`);
}

/** A GET through nginx from a chosen loopback address (127.0.0.2 stands for the load balancer). */
function getFrom(port: number, path: string, from: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path, localAddress: from, headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

test.describe('nginx in front of stand-in backends', () => {
  test.describe.configure({ mode: 'serial' });
  const work = mkdtempSync(join(tmpdir(), 'portal-nginx-ops-'));
  const accessLog = join(work, 'access.log');
  const stops: Array<() => void> = [];
  let tlsEcho: Server;

  test.beforeAll(async () => {
    const siteminder = echo('siteminder');
    const service = echo('service');
    const certificate = selfSignedCertificate(work);
    tlsEcho = echo('service over TLS', certificate);
    const dead = createServer();
    const [siteminderPort, servicePort, tlsPort, deadPort] = await Promise.all([listen(siteminder), listen(service), listen(tlsEcho), listen(dead)]);
    dead.close();
    stops.push(() => siteminder.close(), () => service.close(), () => tlsEcho.close());
    const echoNginx = await runNginx(ECHO_NGINX_PORT, [
      '--siteminder', `127.0.0.1:${String(siteminderPort)}`, '--service', `127.0.0.1:${String(servicePort)}`, '--trusted-proxy', '127.0.0.2/32', '--access-log', accessLog,
    ]);
    const outageNginx = await runNginx(OUTAGE_NGINX_PORT, [
      '--siteminder', `127.0.0.1:${String(deadPort)}`, '--service', `127.0.0.1:${String(tlsPort)}`, '--upstream-tls', '--upstream-ca', certificate.cert,
    ]);
    stops.push(() => echoNginx.kill(), () => outageNginx.kill());
  });
  test.afterAll(() => {
    for (const stop of stops) stop();
    rmSync(work, { recursive: true, force: true });
  });

  test('SiteMinder\'s paths and portal-login-service\'s reach their own backend, over kept-alive HTTP/1.1', async () => {
    const seen = async (path: string) => JSON.parse((await getFrom(ECHO_NGINX_PORT, path, '127.0.0.1')).body) as Seen;
    expect((await seen('/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=a')).backend).toBe('siteminder');
    expect((await seen('/pw/forms/smpwservices.fcc')).backend).toBe('siteminder');
    expect((await seen('/apps/home')).backend).toBe('siteminder');
    for (const path of ['/portal-login-service/public/fps/auth', '/nxn-service/public/logDpStats/PAGE_VIEW', '/nxn-metrics/analytics/metrics', '/app/pmg/nxn-metrics/analytics/', '/DPMonitor/rest/v1/dpevents/']) {
      expect((await seen(path)).backend, path).toBe('service');
    }
    // The emulator's own paths are never proxied.
    expect((await getFrom(ECHO_NGINX_PORT, '/__emulator/reset', '127.0.0.1')).status).toBe(404);
    const first = await seen('/portal-login-service/public/a');
    const second = await seen('/portal-login-service/public/b');
    expect({ httpVersion: first.httpVersion, connection: first.connection }).toEqual({ httpVersion: '1.1', connection: undefined });
    // One connection to the backend served both: keepalive.
    expect(second.socket).toBe(first.socket);
  });

  test('X-Forwarded-Proto is believed from the trusted proxy alone; anyone else gets nginx\'s own scheme', async () => {
    const proto = async (from: string, headers: Record<string, string>) => (JSON.parse((await getFrom(ECHO_NGINX_PORT, '/portal-login-service/public/x', from, headers)).body) as Seen).forwardedProto;
    expect(await proto('127.0.0.2', { 'X-Forwarded-Proto': 'https' })).toBe('https');
    expect(await proto('127.0.0.2', {})).toBe('http');
    expect(await proto('127.0.0.1', { 'X-Forwarded-Proto': 'https' })).toBe('http');
  });

  test('the access log keeps no query string and no user id', async () => {
    const secrets = ['SMQ-SECRET-1', 'TARGET-SECRET-2', 'jdoe-user-3', 'mstaff-user-4', 'cred-id-5'];
    await getFrom(ECHO_NGINX_PORT, `/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=${secrets[0] ?? ''}&TARGET=%2Fapps%2F${secrets[1] ?? ''}`, '127.0.0.1');
    await getFrom(ECHO_NGINX_PORT, `/portal-login-service/public/fps/email/${secrets[2] ?? ''}`, '127.0.0.1');
    await getFrom(ECHO_NGINX_PORT, `/portal-login-service/public/uti/${secrets[3] ?? ''}`, '127.0.0.1');
    await getFrom(ECHO_NGINX_PORT, `/portal-login-service/passkey/credentials/${secrets[4] ?? ''}`, '127.0.0.1');
    await getFrom(ECHO_NGINX_PORT, '/app/nxn/login?SMQUERYDATA=SMQ-SECRET-1', '127.0.0.1');
    let log = '';
    await expect.poll(() => {
      log = readFileSync(accessLog, 'utf8');
      return log.includes('/app/nxn/login"');
    }).toBe(true);
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain('?');
    expect(log).toContain('"GET /login/forms/bg/ProcessLogin.fcc" 200');
    expect(log).toContain('"GET /portal-login-service/public/fps/email/-" 200');
    expect(log).toContain('"GET /portal-login-service/public/uti/-" 200');
    expect(log).toContain('"GET /portal-login-service/passkey/credentials/-" 200');
  });

  test('a backend over TLS is reached with its certificate verified', async () => {
    const answer = await getFrom(OUTAGE_NGINX_PORT, '/portal-login-service/public/fps/auth', '127.0.0.1');
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as Seen).backend).toBe('service over TLS');
  });

  test('a backend that is down gets the brand\'s outage page in the visitor\'s language, with the 502', async ({ page, context }) => {
    const base = `http://127.0.0.1:${String(OUTAGE_NGINX_PORT)}`;
    await context.addCookies([{ name: 'WL_KEY', value: 'cwa', url: base }, { name: 'USER_DISPLAY_LANGUAGE', value: 'de_DE', url: base }]);
    // The visitor signs in; the form posts to SiteMinder, which is down.
    await page.goto(`${base}/app/cwa/login?SMQUERYDATA=q`);
    const login = new LoginPage(page, GERMAN_LOGIN);
    await login.userId.fill('jdoe');
    await login.password.fill('Password1!');
    const [answer] = await Promise.all([page.waitForResponse((response) => response.url().includes('ProcessLogin.fcc')), login.logInButton.click()]);
    expect(answer.status()).toBe(502);
    // The outage page by its own heading: brand and language alone would pass on the login page too.
    await expect(page.getByRole('heading', { level: 1, name: 'System nicht verfügbar' })).toBeVisible();
    await expect(page.locator('body')).toHaveAttribute('data-brand', 'cwa');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await page.screenshot({ path: test.info().outputPath('outage-cwa-de.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('outage-cwa-de-390.png'), fullPage: true });
    // Without the cookies: the default brand's page, in English.
    await context.clearCookies();
    const plain = await page.request.get(`${base}/apps/home`);
    expect(plain.status()).toBe(502);
    const plainPage = await plain.text();
    expect(plainPage).toContain('data-brand="nxn"');
    expect(plainPage).toMatch(/<h1[^>]*>System Unavailable<\/h1>/);
    expect(values(plain, 'cache-control')).toEqual(['no-cache']);
  });
});

// Issue 41: a private key left in /tmp by a local run is a key anyone on the machine may read later. Ctrl-C (SIGINT),
// a service manager's SIGTERM and a closed terminal's SIGHUP each stop nginx and remove what the run made.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  test(`npm run nginx --tls stopped by ${signal} stops nginx and leaves no key, certificate or release behind`, async () => {
    const free = createServer();
    const port = await listen(free);
    await new Promise((resolve) => free.close(resolve));
    const child = spawn(process.execPath, [join(root, 'scripts/deploy/run-nginx.ts'), '--tls', '--port', String(port), '--services', '127.0.0.1:9'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => { said += chunk.toString(); });
    await expect.poll(() => /config and logs in (\S+)/.exec(said)?.[1], { timeout: 60_000 }).toBeTruthy();
    const prefix = /config and logs in (\S+)/.exec(said)?.[1] ?? '';
    await expect.poll(() => existsSync(join(prefix, 'nginx.pid')), { timeout: 20_000 }).toBe(true);
    const master = Number(readFileSync(join(prefix, 'nginx.pid'), 'utf8'));
    expect(readdirSync(prefix)).toEqual(expect.arrayContaining(['localhost.key', 'localhost.crt', 'releases']));
    child.kill(signal);
    await exited;
    const alive = () => { try { process.kill(master, 0); return true; } catch { return false; } };
    await expect.poll(alive, { timeout: 10_000 }).toBe(false);
    expect(readdirSync(prefix).filter((name) => ['localhost.key', 'localhost.crt', 'releases'].includes(name))).toEqual([]);
    rmSync(prefix, { recursive: true, force: true });
  });
}
