import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createEmulator } from '../emulator/create-emulator.ts';
import type { AuditLine } from './audit.ts';
import { auditMismatches, withContractAudit } from './audit.ts';

// The end-to-end run's audit, on one emulator: what a page sends is held to the document as much as what the
// emulator answers; a test's own deliberate bad request, refused as the document says, is no mismatch.

let server: Server;
let base = '';
let folder = '';
const auditFile = () => join(folder, 'audit.jsonl');
const lines = () => readFileSync(auditFile(), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as AuditLine);

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'contract-audit-'));
  const emulator = withContractAudit(createEmulator({ inspection: true, webOtpHost: 'localhost' }), auditFile());
  server = createServer((req, res) => {
    void emulator.handle(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(() => {
  server.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A browser page's fetch sends Sec-Fetch-Site; a test's request client and Node's fetch do not. */
const PAGE = { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin' };

test('a request a page sends that breaks the document is a mismatch, though the emulator refused it; a test\'s own is not', async () => {
  const token = /XSRF-TOKEN=([^;]+)/.exec((await fetch(`${base}/portal-login-service/public/xsrf`)).headers.get('set-cookie') ?? '')?.[1] ?? '';
  const xsrf = { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token, 'content-type': 'application/json' };
  const post = (path: string, body: unknown, headers: Record<string, string>) => fetch(`${base}/portal-login-service/public/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  // A field renamed in the page's request: the emulator refuses it (400), as the document says it would.
  expect((await post('fps/email/jdoe', { transactionID: 'abc' }, { ...xsrf, ...PAGE })).status).toBe(400);
  // The same request from a test's own client (hostile input on purpose).
  expect((await post('fps/email/jdoe', { transactionID: 'abc' }, xsrf)).status).toBe(400);
  // A page whose token the service replaced under it: refused with XSRF, and the page repeats the call (design.md).
  expect((await post('fps/auth', { userId: 'jdoe', flow: 'FPS', devicePrint: '' }, { ...PAGE, 'content-type': 'application/json' })).status).toBe(403);
  // Your passkeys asking without a session: the page cannot see the HttpOnly cookie; 401 NO_SESSION sends it to login.
  expect((await fetch(`${base}/portal-login-service/passkey/credentials`, { headers: PAGE })).status).toBe(401);
  // A page's request as the document says.
  expect((await post('fps/auth', { userId: 'jdoe', flow: 'FPS', devicePrint: '' }, { ...xsrf, ...PAGE })).status).toBe(200);

  const audited = lines();
  expect(audited.map((line) => [line.call, line.status, line.fromPage, line.refused])).toEqual([
    ['GET /portal-login-service/public/xsrf', 204, false, false],
    ['POST /portal-login-service/public/fps/email/{userId}', 400, true, true],
    ['POST /portal-login-service/public/fps/email/{userId}', 400, false, true],
    ['POST /portal-login-service/public/fps/auth', 403, true, true],
    ['GET /portal-login-service/passkey/credentials', 401, true, true],
    ['POST /portal-login-service/public/fps/auth', 200, true, false],
  ]);
  expect(auditMismatches(audited)).toEqual([
    'POST /portal-login-service/public/fps/email/{userId} -> 400: the page sent a request the document refuses: body (root) must have required property \'transactionId\'',
  ]);
});

test('an answer that breaks the document is a mismatch, whoever asked', () => {
  const line: AuditLine = { call: 'POST /portal-login-service/public/fps/generate-otp', status: 200, refused: false, requestProblems: [], fromPage: false, problems: ['body (root) must have required property \'expiresInSeconds\''], ms: 0 };
  expect(auditMismatches([line])).toEqual(['POST /portal-login-service/public/fps/generate-otp -> 200: body (root) must have required property \'expiresInSeconds\'']);
});
