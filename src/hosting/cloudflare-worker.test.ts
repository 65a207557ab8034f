import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { workerRoutes, workerScript } from './cloudflare-worker.ts';
import type { WorkerEnv } from './cloudflare-worker.ts';
import { SERVICE_PREFIXES } from './route-table.ts';

// The `_worker.js` the build writes, imported as Pages runs it (its own source, nothing of this repo's modules),
// in front of a service that records what reaches it.

interface Seen { method: string; url: string; headers: IncomingHttpHeaders; body: string }
const seen: Seen[] = [];
let service: Server;
let origin = '';
let worker: { fetch: (request: Request, env: WorkerEnv) => Promise<Response> };
const dir = mkdtempSync(join(tmpdir(), 'portal-worker-'));

beforeAll(async () => {
  service = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(302, { Location: `${origin}/apps/home`, 'Set-Cookie': ['SMSESSION=s1; Path=/; HttpOnly', 'XSRF-TOKEN=t1; Path=/'], 'Cache-Control': 'max-age=60', 'Content-Security-Policy': 'default-src *' }).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((service.address() as AddressInfo).port)}`;
  writeFileSync(join(dir, '_worker.mjs'), workerScript());
  worker = ((await import(pathToFileURL(join(dir, '_worker.mjs')).href)) as { default: typeof worker }).default;
});
afterAll(() => {
  service.close();
  rmSync(dir, { recursive: true, force: true });
});

const assets: WorkerEnv['ASSETS'] = { fetch: (request) => Promise.resolve(new Response(`asset ${new URL(request.url).pathname}`, { status: 200 })) };
const visit = (path: string, init?: RequestInit, env: Partial<WorkerEnv> = {}) => worker.fetch(new Request(`https://portal.example${path}`, init), { ASSETS: assets, PORTAL_SERVICES_ORIGIN: origin, ...env });

describe('Cloudflare Pages\' _worker.js', () => {
  test('sends every service path, and only those, to PORTAL_SERVICES_ORIGIN with its query', async () => {
    for (const prefix of SERVICE_PREFIXES) {
      for (const path of [prefix, `${prefix}/a/b?SMQUERYDATA=q&TARGET=%2Fapps%2Fhome`]) {
        seen.length = 0;
        const answer = await visit(path, { redirect: 'manual' });
        expect(answer.status, path).toBe(302);
        expect(seen.map((request) => request.url), path).toEqual([path]);
      }
    }
    for (const path of ['/app/nxn/login', '/__emulator/outbox', '/__emulator/reset', '/apps2', '/loginx/y', '/app/pmg2/login', '/self-service/nxn/fps']) {
      seen.length = 0;
      expect(await (await visit(path)).text(), path).toBe(`asset ${path}`);
      expect(seen, path).toEqual([]);
    }
  });

  test('passes method, body and cookies on, says the visitor\'s host and scheme, and never the X-Forwarded-For a visitor sent', async () => {
    seen.length = 0;
    await visit('/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q', {
      method: 'POST', redirect: 'manual', body: 'USER=jdoe&PASSWRD=Summer%232026',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'WL_KEY=nxn', 'X-Forwarded-For': '6.6.6.6', 'CF-Connecting-IP': '203.0.113.9', Origin: 'https://portal.example' },
    });
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', body: 'USER=jdoe&PASSWRD=Summer%232026' });
    expect(request?.headers).toMatchObject({ cookie: 'WL_KEY=nxn', 'x-forwarded-host': 'portal.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9', origin: 'https://portal.example' });
    seen.length = 0;
    await visit('/apps/home', { headers: { 'X-Forwarded-For': '6.6.6.6' }, redirect: 'manual' });
    expect(seen[0]?.headers['x-forwarded-for']).toBeUndefined();
  });

  test('issue 40: refuses a path that would read another way at the service, and keeps the origin whatever the path', async () => {
    // The runtime parses request.url as a WHATWG URL: dot segments are resolved and `\\` is `/` before the worker sees it.
    for (const path of ['/apps/%2e%2e%2f__emulator/outbox', '/apps/..%2f__emulator/outbox', '/apps/..%5c__emulator/outbox', '/apps/%252e%252e%252f__emulator/outbox', '/login/%2E%2E%2Freset', '/apps//evil.example/x', '/portal-login-service//x',
      // A prefix spelled with escapes is a service path to whoever decodes it, so it is checked too.
      '/%61pps/..%2f__emulator/outbox', '/app%2fpmg/..%2f..%2f__emulator/outbox', '/apps%2f..%2f__emulator/outbox', '/%6Cogin/%2e%2e%5creset']) {
      seen.length = 0;
      const answer = await visit(path, { redirect: 'manual' });
      expect(answer.status, path).toBe(400);
      expect(seen, path).toEqual([]);
    }
    // Spelled with escapes and nothing else, it reads one way: proxied as sent, as nginx passes it on.
    seen.length = 0;
    await visit('/%61pps/home', { redirect: 'manual' });
    expect(seen.map((request) => request.url)).toEqual(['/%61pps/home']);
    seen.length = 0;
    await visit('/apps/home?x=//evil.example', { redirect: 'manual' });
    expect(seen.map((request) => [request.url, request.headers.host])).toEqual([['/apps/home?x=//evil.example', new URL(origin).host]]);
  });

  test('issue 40: passes on no hop-by-hop header and no client-address or forwarding header the visitor sent', async () => {
    seen.length = 0;
    await visit('/apps/home', {
      headers: {
        Connection: 'keep-alive, X-Secret', 'X-Secret': 's', 'Keep-Alive': 'timeout=5', 'Proxy-Authorization': 'Basic eA==', TE: 'trailers', Proxy: 'http://evil.example',
        Forwarded: 'for=6.6.6.6', Via: '1.1 evil', 'X-Real-IP': '6.6.6.6', 'True-Client-IP': '6.6.6.6', 'X-Forwarded-Port': '1', 'X-Forwarded-Server': 'evil', 'CF-Connecting-IP': '203.0.113.9',
      },
      redirect: 'manual',
    });
    const headers = seen[0]?.headers ?? {};
    for (const name of ['x-secret', 'keep-alive', 'proxy-authorization', 'te', 'proxy', 'forwarded', 'via', 'x-real-ip', 'true-client-ip', 'x-forwarded-port', 'x-forwarded-server']) expect(headers[name], name).toBeUndefined();
    expect(headers['x-forwarded-for']).toBe('203.0.113.9');
  });

  test('answers with the service\'s cookies and redirect on the visitor\'s origin, the site\'s security headers and no-store', async () => {
    const answer = await visit('/apps/home', { redirect: 'manual' });
    expect(answer.headers.get('Location')).toBe('/apps/home');
    expect(answer.headers.getSetCookie()).toEqual(['SMSESSION=s1; Path=/; HttpOnly', 'XSRF-TOKEN=t1; Path=/']);
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(answer.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
    expect(answer.headers.get('X-Frame-Options')).toBe('DENY');
  });

  test('without an origin configured, or with the service down, the service paths answer 503 or 502 with the brand\'s outage page in the visitor\'s language', async () => {
    // The static assets as Pages serves them: the outage pages of the built brands (nxn and cwa), with their policy.
    const asked: string[] = [];
    const built: WorkerEnv['ASSETS'] = {
      fetch: (request) => {
        const path = new URL(request.url).pathname;
        asked.push(`${new URL(request.url).host}${path}`);
        const page = /^(\/de-DE)?\/app\/(nxn|cwa)\/systemUnavailable$/.exec(path);
        return Promise.resolve(page
          ? new Response(`<h1>${page[1] ? 'System nicht verfügbar' : 'System Unavailable'}</h1> ${page[2] ?? ''}`, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; script-src 'sha256-x'" } })
          : new Response('not found', { status: 404 }));
      },
    };
    const outage = async (cookie: string, env: Partial<WorkerEnv>) => {
      const answer = await visit('/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q', { method: 'POST', body: 'USER=jdoe', headers: cookie ? { Cookie: cookie } : {} }, { ASSETS: built, ...env });
      return { status: answer.status, body: await answer.text(), policy: answer.headers.get('Content-Security-Policy'), cache: answer.headers.get('Cache-Control'), frame: answer.headers.get('X-Frame-Options') };
    };
    const down = { PORTAL_SERVICES_ORIGIN: 'http://127.0.0.1:9' };
    expect(await outage('WL_KEY=cwa; USER_DISPLAY_LANGUAGE=de_DE', down)).toEqual({ status: 502, body: '<h1>System nicht verfügbar</h1> cwa', policy: "default-src 'none'; script-src 'sha256-x'", cache: 'no-store', frame: 'DENY' });
    expect(await outage('', down)).toMatchObject({ status: 502, body: '<h1>System Unavailable</h1> nxn' });
    expect(await outage('WL_KEY=cwa', { PORTAL_SERVICES_ORIGIN: undefined })).toMatchObject({ status: 503, body: '<h1>System Unavailable</h1> cwa' });
    // A brand not built gets the default brand's page; a cookie that is no brand key never reaches a path.
    expect(await outage('WL_KEY=acme; USER_DISPLAY_LANGUAGE=de-DE', down)).toMatchObject({ status: 502, body: '<h1>System nicht verfügbar</h1> nxn' });
    asked.length = 0;
    expect(await outage('WL_KEY=..%2F..%2F%2Fevil.example%2Fx', down)).toMatchObject({ status: 502, body: '<h1>System Unavailable</h1> nxn' });
    expect(asked).toEqual(['portal.example/app/nxn/systemUnavailable']);
  });

  test('_routes.json runs it for the service paths only: each prefix and everything below it, and a path with an escape, which may spell one', () => {
    const routes = JSON.parse(workerRoutes()) as { version: number; include: string[]; exclude: string[] };
    expect(routes.version).toBe(1);
    expect(routes.include).toEqual([...SERVICE_PREFIXES.flatMap((prefix) => [prefix, `${prefix}/*`]), '/*%*']);
    expect(routes.include.some((rule) => rule.startsWith('/__emulator'))).toBe(false);
    expect(routes.exclude).toEqual([]);
  });
});
