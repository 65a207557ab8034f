import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { userTypeResponseSchema } from '../contract/recovery.ts';
import { createHttpClient } from './http.ts';
import type { HttpStat } from './http.ts';

// spec 8: a time-out counts as code 1 when the elapsed time exceeds the timeoutInSeconds header, else 0.
let server: Server;
let baseUrl = '';
const sockets = new Set<import('node:net').Socket>();

beforeAll(async () => {
  // Never answers, so every call times out.
  server = createServer(() => undefined);
  server.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

test('a time-out within the timeoutInSeconds by the clock is reported with code 0', async () => {
  const stats: HttpStat[] = [];
  // A clock that has not moved: the call timed out, but not past its timeoutInSeconds as the clock sees it.
  const http = createHttpClient({ baseUrl, fetch, readCookie: () => null, reportHttpStat: (stat) => stats.push(stat), now: () => 1_000_000 });
  expect(await http.call({ method: 'GET', path: '/never', timeoutMs: 100, schema: userTypeResponseSchema })).toEqual({ ok: false, error: 'TIMEOUT' });
  expect(stats).toEqual([expect.objectContaining({ status: 'Failure', statusCode: 0, elapsedMs: 0 })]);
});

test('the same time-out past the timeoutInSeconds is reported with code 1', async () => {
  const stats: HttpStat[] = [];
  let clock = 1_000_000;
  const http = createHttpClient({ baseUrl, fetch, readCookie: () => null, reportHttpStat: (stat) => stats.push(stat), now: () => (clock += 1000) });
  expect(await http.call({ method: 'GET', path: '/never', timeoutMs: 100, schema: userTypeResponseSchema })).toEqual({ ok: false, error: 'TIMEOUT' });
  expect(stats).toEqual([expect.objectContaining({ status: 'Failure', statusCode: 1 })]);
});
