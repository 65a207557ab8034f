import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPortalServer } from './portal-server.ts';
import type { MountedHandler } from './portal-server.ts';

// Issue 35: `GET /%E2%82%AC/fps` made the server build a Location Node refuses, thrown where nothing caught it,
// and the process exited. Brand segments are constrained to the brand key's format, and the edge catches.

const dist = mkdtempSync(join(tmpdir(), 'portal-server-'));
for (const file of ['app/nxn/login.html', 'self-service/nxn/fps.html', 'app/nxn/404.html', 'self-service/nxn/404.html', '404.html']) {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), `<!doctype html><title>${file}</title>`);
}
writeFileSync(join(dist, '_portal-headers.json'), JSON.stringify({ page: {} }));

/** One raw request (bytes as given, no client normalising them) and the raw answer's head. */
function raw(port: number, target: string): Promise<{ status: number; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.from(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`, 'latin1')));
    let answer = '';
    socket.on('data', (chunk: Buffer) => { answer += chunk.toString('latin1'); });
    socket.on('end', () => {
      const head = answer.split('\r\n\r\n')[0] ?? '';
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head });
    });
    socket.on('error', reject);
  });
}

async function listen(mounted?: MountedHandler): Promise<{ server: Server; port: number }> {
  const server = createPortalServer({ distDir: dist, ...(mounted ? { mounted } : {}) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const HOSTILE_SEGMENTS = ['%E2%82%AC', '%0d%0aSet-Cookie:%20SMSESSION=x', '%0aX-Injected:%201', '%C3%A9', '%E2%80%A8', 'NXN', 'a'.repeat(41)];

describe('the bundled server', () => {
  let plain: { server: Server; port: number };
  let withEmulator: { server: Server; port: number };
  beforeAll(async () => {
    plain = await listen();
    withEmulator = await listen(() => Promise.resolve(false));
  });
  afterAll(() => {
    plain.server.close();
    withEmulator.server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('answers a brand segment outside the brand key\'s format with page not found, never a header of its own, and keeps answering', async () => {
    for (const { port } of [plain, withEmulator]) {
      for (const segment of HOSTILE_SEGMENTS) {
        for (const path of [`/${segment}/fps`, `/self-service/${segment}/x/fuid`, `/de-DE/${segment}/fps`, `/app/${segment}`]) {
          const answer = await raw(port, path);
          expect(answer.status, path).toBe(404);
          expect(answer.head, path).not.toMatch(/^(location|set-cookie|x-injected):/im);
        }
      }
      expect((await raw(port, '/nxn/fps')).head).toMatch(/^Location: \/self-service\/nxn\/fps$/m);
    }
  });

  test('answers a handler that throws with 500 and keeps answering', async () => {
    let calls = 0;
    const failing = await listen(() => {
      calls += 1;
      if (calls === 1) throw new Error('thrown at once');
      if (calls === 2) return Promise.reject(new Error('rejected'));
      return Promise.resolve(false);
    });
    try {
      expect((await raw(failing.port, '/app/nxn/login')).status).toBe(500);
      expect((await raw(failing.port, '/app/nxn/login')).status).toBe(500);
      expect((await raw(failing.port, '/app/nxn/login')).status).toBe(200);
    } finally {
      failing.server.close();
    }
  });
});

// A first visit through nginx met the outage page under load: nginx sent a form post on a kept-alive connection the
// server was closing at its 5 s default, and never retries a post. The proxy must be the one to close idle connections.
describe('idle connections behind the shipped nginx config', () => {
  test('the server keeps an idle connection longer than each nginx upstream does', async () => {
    const conf = readFileSync(join(import.meta.dirname, '..', 'deploy', 'portal.nginx.conf'), 'utf8');
    const upstreams = [...conf.matchAll(/^upstream (\w+) \{([^}]*)\}/gmu)];
    expect(upstreams.map(([, name]) => name)).toEqual(['portal_siteminder', 'portal_service']);
    const { server } = await listen();
    try {
      for (const [, name, body] of upstreams) {
        const seconds = Number(/^\s*keepalive_timeout (\d+)s;$/mu.exec(body ?? '')?.[1]);
        expect(seconds, `${name ?? ''} keepalive_timeout`).toBeGreaterThan(0);
        expect(server.keepAliveTimeout, name).toBeGreaterThan(seconds * 1000);
        expect(server.headersTimeout, name).toBeGreaterThan(server.keepAliveTimeout);
      }
    } finally {
      server.close();
    }
  });
});
