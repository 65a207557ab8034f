import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestEmulator } from '../../../scripts/emulator/test-server.ts';
import type { TestEmulator } from '../../../scripts/emulator/test-server.ts';
import type { HttpStat } from '../../services/http.ts';
import { liveServices } from './recovery-services.ts';

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(async () => emulator.close());

test('the live services load the client on first use and report each call to HTTP stats', async () => {
  const stats: HttpStat[] = [];
  const { services, preload } = liveServices((stat) => stats.push(stat), { baseUrl: emulator.base });
  preload();
  const answer = await services.checkUserType({ userId: 'mstaff' });
  expect(answer).toEqual({ ok: true, data: { internal: true } });
  expect(stats).toEqual([expect.objectContaining({ method: 'GET', url: '/portal-login-service/public/uti/mstaff', status: 'Success', statusCode: 200 })]);
});
