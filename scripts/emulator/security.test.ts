import { afterEach, describe, expect, test } from 'vitest';
import { inspectionEnabled, isLoopbackAddress } from './routes/inspection.ts';
import { startTestEmulator } from './test-server.ts';
import type { TestEmulator } from './test-server.ts';

// Issue 35, the emulator's half: inspection endpoints, lockout, per-client limits, WebOTP host, sessions.

const running: TestEmulator[] = [];
async function emulator(options: Parameters<typeof startTestEmulator>[0] = {}): Promise<TestEmulator> {
  const started = await startTestEmulator(options);
  running.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((api) => api.close()));
});

describe('the inspection endpoints', () => {
  test('answer on loopback, and on any other address only when asked for', () => {
    for (const host of ['localhost', '127.0.0.1', '127.3.2.1', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackAddress(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'portal.example', '127.0.0.1.example']) expect(isLoopbackAddress(host), host).toBe(false);
    expect(inspectionEnabled('localhost', {})).toBe(true);
    expect(inspectionEnabled('0.0.0.0', {})).toBe(false);
    expect(inspectionEnabled('0.0.0.0', { EMULATOR_INSPECTION: 'on' })).toBe(true);
    expect(inspectionEnabled('127.0.0.1', { EMULATOR_INSPECTION: 'off' })).toBe(false);
  });

  test('are absent when off: every /__emulator path falls through to page not found', async () => {
    const api = await emulator({ inspection: false });
    for (const [method, path] of [['GET', '/__emulator/outbox'], ['GET', '/__emulator/stats'], ['POST', '/__emulator/reset'], ['POST', '/__emulator/users'], ['POST', '/__emulator/clock/advance']] as const) {
      const response = await fetch(`${api.base}${path}`, { method });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toBe('not an emulator path');
    }
  });

  test('refuse a request another site makes, an opaque origin (Origin: null) too', async () => {
    const api = await emulator();
    const host = new URL(api.base).host;
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: `http://${host}.evil.example` }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { origin: 'not a url' }]) {
      for (const [method, path] of [['GET', '/__emulator/outbox'], ['POST', '/__emulator/reset'], ['POST', '/__emulator/users']] as const) {
        const response = await fetch(`${api.base}${path}`, { method, headers });
        expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(((await response.json()) as { errorCode: string }).errorCode).toBe('CROSS_SITE');
      }
    }
    // The page itself (same origin, or no Origin as curl and the tests send) still gets its answers.
    expect((await fetch(`${api.base}/__emulator/outbox`, { headers: { origin: api.base, 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    expect((await fetch(`${api.base}/__emulator/outbox`)).status).toBe(200);
  });
});
