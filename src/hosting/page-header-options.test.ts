import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { writeHeaderFiles } from './page-headers.ts';
import { serverDirOf } from './dist-layout.ts';
import { siteFilesSchema } from '../config/site-files-schema.ts';

// The page header options an environment may set in src/config/site-files.json (`pageHeaders`): HSTS preload and
// CSP reports, in what nginx and the static hosts send with every page; none unless set.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const dir of dirs) rmSync(serverDirOf(dir), { recursive: true, force: true });
});
const POLICY = "default-src 'self'; script-src 'sha256-abc'; frame-ancestors 'none'";

const written = (options: Parameters<typeof writeHeaderFiles>[2]) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-header-options-'));
  dirs.push(dir);
  writeHeaderFiles(dir, POLICY, options);
  const read = (file: string) => readFileSync(file, 'utf8');
  return {
    headers: read(join(dir, '_headers')),
    nginx: read(join(serverDirOf(dir), '_nginx-security-headers.conf')),
    nginxPolicy: read(join(serverDirOf(dir), '_nginx-policy.conf')),
    server: JSON.parse(read(join(serverDirOf(dir), '_portal-headers.json'))) as { page: Record<string, string> },
  };
};

test('without options: HSTS without preload, no report-to, no Reporting-Endpoints', () => {
  const { headers, nginx, nginxPolicy } = written({});
  expect(headers).toContain('  Strict-Transport-Security: max-age=63072000; includeSubDomains\n');
  expect(`${headers}${nginx}${nginxPolicy}`).not.toMatch(/preload|report-to|Reporting-Endpoints/);
});

test('hstsPreload and cspReportTo reach the static hosts\' _headers, nginx\'s includes and the servers\' policy', () => {
  const { headers, nginx, nginxPolicy, server } = written({ hstsPreload: true, cspReportTo: 'https://csp-reports.nxn.example/portal' });
  expect(headers).toContain('  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload\n');
  expect(headers).toContain('  Reporting-Endpoints: portal-csp="https://csp-reports.nxn.example/portal"\n');
  expect(headers).toContain(`  Content-Security-Policy: ${POLICY}; report-to portal-csp\n`);
  expect(nginx).toContain('add_header Strict-Transport-Security "max-age=63072000; includeSubDomains; preload" always;');
  expect(nginx).toContain('add_header Reporting-Endpoints "portal-csp=\\"https://csp-reports.nxn.example/portal\\"" always;');
  expect(nginxPolicy).toContain(`${POLICY}; report-to portal-csp`);
  expect(server.page['Content-Security-Policy']).toBe(`${POLICY}; report-to portal-csp`);
});

test('the configuration takes an https report endpoint only, per environment', () => {
  const base = { securityTxt: {}, indexedEnvironments: [] };
  const problems = siteFilesSchema.safeParse({ ...base, pageHeaders: { PRODUCTION: { cspReportTo: 'http://reports.example' } } }).error?.issues.map((issue) => issue.path.join('.'));
  expect(problems).toContain('pageHeaders.PRODUCTION.cspReportTo');
});
