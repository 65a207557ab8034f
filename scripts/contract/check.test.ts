import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestEmulator } from '../emulator/test-server.ts';
import type { TestEmulator } from '../emulator/test-server.ts';
import { formatTable, runContractCheck } from './check.ts';
import { ContractValidator } from './conformance.ts';

let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

test('npm run contract:check passes every case against the emulator, each answer as docs/api/openapi.json says', async () => {
  const rows = await runContractCheck({
    service: emulator.base, user: 'jdoe', password: 'Summer#2026', lockedUser: 'llocked', firstName: 'John', lastName: 'Doe', email: 'john.doe@example.com', brand: 'nxn',
  });
  const table = formatTable(rows);
  console.log(table);
  expect(rows.filter((row) => row.result !== 'pass'), table).toEqual([]);
  // Every call of the table's kinds is there: refusals for bad input, XSRF, unknown users, the lockout, passkeys and the limits.
  expect(rows.map((row) => row.expected)).toEqual(expect.arrayContaining([
    '403 XSRF', '400 BAD_REQUEST', '404 USER_NOT_FOUND', '302 /app/nxn/login Account Locked', '403 OTP_ERR_003', '401 PASSKEY_UNKNOWN', '400 PASSKEY_REJECTED',
    '401 NO_SESSION', '401 REAUTH_REQUIRED', '429 TOO_MANY_REQUESTS', '413 PAYLOAD_TOO_LARGE',
  ]));
  // A service team runs every call the document has, not only some: each operation is some case's.
  const run = new Set(rows.map((row) => row.operation));
  expect(new ContractValidator().operations().filter((operation) => !run.has(operation)), 'operations no case of contract:check calls').toEqual([]);
});

test('a passcode comes from the command --code-from names, told where it went', async () => {
  const command = `curl -s "${emulator.base}/__emulator/outbox?to=$CONTRACT_CHECK_TO"`;
  const rows = await runContractCheck({
    service: emulator.base, codeFrom: command, user: 'jdoe', password: 'Summer#2026', lockedUser: 'llocked', firstName: 'John', lastName: 'Doe', email: 'john.doe@example.com', brand: 'nxn',
  });
  expect(rows.find((row) => row.case === 'the passcode sent')).toMatchObject({ result: 'pass', got: '200' });
});

// A service team points this at a service that may not fit at all: every case is a row, none stops the run.
test('a service that answers every call with an HTML error page gets a row per case, each failed', async () => {
  const server = createServer((_req, res) => res.writeHead(500, { 'Content-Type': 'text/html' }).end('<h1>Internal Server Error</h1>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const rows = await runContractCheck({
      service: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, user: 'jdoe', password: 'Summer#2026', lockedUser: 'llocked', firstName: 'John', lastName: 'Doe', email: 'john.doe@example.com', brand: 'nxn',
    });
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.filter((row) => row.result === 'pass')).toEqual([]);
  } finally {
    server.close();
  }
});

test('a service that does not answer is said in one line, exit 2, no stack trace', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${String((closed.address() as AddressInfo).port)}`;
  await new Promise((resolve) => closed.close(resolve));
  const run = spawnSync(process.execPath, [join(import.meta.dirname, 'check.ts'), '--service', origin], { encoding: 'utf8' });
  expect(run.status).toBe(2);
  expect(run.stderr.trim()).toBe(`contract:check could not finish against ${origin}: fetch failed: connect ECONNREFUSED ${origin.replace('http://', '')}`);
});
