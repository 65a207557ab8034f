import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { COMMON_SECURITY_HEADERS, headerPolicy } from '../../src/hosting/security-headers.ts';
import { selfSignedCertificate } from '../deploy/self-signed-certificate.ts';
import { formatScan, freePort, scanPage, trustCertificate, writeObservatoryConfig } from './observatory.ts';

// The scan grades what a server sends: a tiny HTTPS server here sends each case's headers and cookie.
const work = mkdtempSync(join(tmpdir(), 'observatory-'));
let server: Server;
let httpsPort = 0;
/** No one listens there: the scan then finds no plain-HTTP site to redirect. */
let closedPort = 0;
let answer: { headers: Record<string, string>; cookie?: string } = { headers: {} };

beforeAll(async () => {
  writeObservatoryConfig();
  const { cert, key } = selfSignedCertificate(work);
  trustCertificate(cert);
  server = createServer({ cert: readFileSync(cert), key: readFileSync(key) }, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...answer.headers, ...(answer.cookie ? { 'Set-Cookie': answer.cookie } : {}) });
    res.end('<!doctype html><html lang="en"><title>x</title><p>x</p></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  httpsPort = (server.address() as AddressInfo).port;
  closedPort = await freePort();
});
afterAll(() => {
  server.close();
  rmSync(work, { recursive: true, force: true });
});

/** The portal's headers: the common ones and a page policy as the build writes it. */
const PORTAL_HEADERS = { ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': headerPolicy("default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; require-trusted-types-for 'script'; trusted-types 'none'") };

const scan = () => scanPage('localhost', { httpsPort, httpPort: closedPort }, '/app/nxn/login');

test('a page without security headers fails the Observatory', async () => {
  answer = { headers: {} };
  const result = await scan();
  expect(result.grade).not.toBe('A+');
  expect(result.failed.map((failure) => failure.test)).toEqual(expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options']));
}, 30_000);

test('the portal headers with an XSRF cookie lacking Secure fail the cookie test, and the report names it', async () => {
  answer = { headers: PORTAL_HEADERS, cookie: 'XSRF-TOKEN=abc; Path=/; SameSite=Strict' };
  const result = await scan();
  expect(result.failed).toEqual([expect.objectContaining({ test: 'cookies', result: 'cookies-without-secure-flag-but-protected-by-hsts' })]);
  expect(formatScan(result)).toEqual([
    expect.stringMatching(/^\/app\/nxn\/login +A\+ +110 {2}9\/10 tests passed$/),
    '    failed cookies: cookies-without-secure-flag-but-protected-by-hsts (Cookies set without using the Secure flag, but transmission over HTTP prevented by HSTS.)',
    '    cookie XSRF-TOKEN: not Secure SameSite=strict',
  ]);
}, 30_000);

test('the portal headers with a Secure, SameSite XSRF cookie are A+ with every test passed', async () => {
  answer = { headers: PORTAL_HEADERS, cookie: 'XSRF-TOKEN=abc; Path=/; Secure; SameSite=Strict' };
  const result = await scan();
  expect(result).toMatchObject({ grade: 'A+', score: 120, passed: 10, tests: 10, failed: [], cookies: ['XSRF-TOKEN: Secure SameSite=strict'] });
}, 30_000);
