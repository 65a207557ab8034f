import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { netlifyOutageFunction } from './release.ts';

// The edge function a Netlify release carries (netlify/edge-functions/portal-outage.js), imported as Netlify runs
// it: its bundled module, nothing of this repo's. `netlify dev` cannot run edge functions offline, so here the
// site is a stand-in that serves the built brands' outage pages (nxn and cwa), and `context.next()` is the
// answer of the release's proxy rewrite.

const dir = mkdtempSync(join(tmpdir(), 'portal-netlify-edge-'));
let site: Server;
let origin = '';
let outage: (request: Request, context: { next: () => Promise<Response> }) => Promise<Response>;

beforeAll(async () => {
  site = createServer((req, res) => {
    const page = /^(\/de-DE)?\/app\/(nxn|cwa)\/systemUnavailable$/.exec(req.url ?? '');
    if (!page) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'", 'Cache-Control': 'no-cache' })
      .end(`<h1>${page[1] ? 'System nicht verfügbar' : 'System Unavailable'}</h1> ${page[2] ?? ''}`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((site.address() as AddressInfo).port)}`;
  writeFileSync(join(dir, 'portal-outage.mjs'), netlifyOutageFunction());
  outage = ((await import(pathToFileURL(join(dir, 'portal-outage.mjs')).href)) as { default: typeof outage }).default;
});
afterAll(() => {
  site.close();
  rmSync(dir, { recursive: true, force: true });
});

const through = async (cookie: string, proxied: Response) => {
  const answer = await outage(new Request(`${origin}/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q`, { method: 'POST', body: 'USER=jdoe', headers: cookie ? { Cookie: cookie } : {} }), { next: () => Promise.resolve(proxied) });
  return { status: answer.status, body: await answer.text(), policy: answer.headers.get('Content-Security-Policy'), cache: answer.headers.get('Cache-Control') };
};

test('a service the proxy cannot reach gets the brand\'s outage page in the visitor\'s language, with the proxy\'s status', async () => {
  expect(await through('WL_KEY=cwa; USER_DISPLAY_LANGUAGE=de_DE', new Response('Error occurred while trying to proxy', { status: 504 })))
    .toEqual({ status: 504, body: '<h1>System nicht verfügbar</h1> cwa', policy: "default-src 'none'", cache: 'no-store' });
  expect(await through('', new Response('Bad Gateway', { status: 502 }))).toMatchObject({ status: 502, body: '<h1>System Unavailable</h1> nxn' });
  // A brand not built, or a cookie that is no brand key: the default brand's page.
  expect(await through('WL_KEY=acme; USER_DISPLAY_LANGUAGE=de-DE', new Response('', { status: 503 }))).toMatchObject({ status: 503, body: '<h1>System nicht verfügbar</h1> nxn' });
  expect(await through('WL_KEY=..%2F%2Fevil.example', new Response('', { status: 502 }))).toMatchObject({ status: 502, body: '<h1>System Unavailable</h1> nxn' });
});

test('every other answer of the service passes as it is', async () => {
  for (const status of [200, 302, 400, 401, 403, 404, 500]) {
    expect(await through('WL_KEY=cwa', new Response(`service ${String(status)}`, { status, headers: { 'Content-Type': 'application/json' } })), String(status))
      .toEqual({ status, body: `service ${String(status)}`, policy: null, cache: null });
  }
});
