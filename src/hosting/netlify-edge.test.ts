import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { netlifyConfig } from './host-routes.ts';
import { NETLIFY_EDGE_FOLDER, NETLIFY_EDGE_FUNCTION, netlifyEdgeFunction } from './netlify-edge.ts';
import { ROUTES, SERVICE_PREFIXES } from './route-table.ts';

// The edge function the release writes, imported as Netlify's Deno runtime runs it (its own source, nothing of this
// repo's modules). The hosts suite (services.spec.ts, netlify-services) runs it in netlify dev.

let edge: (request: Request) => Response | undefined;
const dir = mkdtempSync(join(tmpdir(), 'portal-edge-'));

beforeAll(async () => {
  writeFileSync(join(dir, 'edge.mjs'), netlifyEdgeFunction());
  edge = ((await import(pathToFileURL(join(dir, 'edge.mjs')).href)) as { default: typeof edge }).default;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Netlify edge function on the service paths (issue 40)', () => {
  test('a path that reads another way behind the proxy rewrite is answered 400', async () => {
    for (const path of ['/apps/%2e%2e%2f__emulator/outbox', '/apps/%2E%2E%2F__emulator/outbox', '/apps/..%5c__emulator/outbox', '/apps/%252e%252e%252f__emulator/outbox', '/apps/..;/__emulator/outbox', '/apps%2f..%2f__emulator/outbox', '/portal-login-service//x', '/login/%2e%2e%5c__emulator/reset', '/%61pps/..%2f__emulator/outbox']) {
      // new URL keeps the escapes of a path as sent (request.url in the runtime is the address as it came).
      const answer = edge(new Request(`https://portal.example${path}`));
      expect(answer?.status, path).toBe(400);
      expect(await answer?.text(), path).toBe('Bad Request');
    }
  });

  test('any other service path goes on to the proxy rewrite, its query as sent', () => {
    for (const path of ['/apps/home', '/portal-login-service/api/v1/login', '/app/pmg/nxn-metrics/analytics/', '/apps/x?next=%2e%2e%2f', '/login/forms/bg/ProcessLogin.fcc']) {
      expect(edge(new Request(`https://portal.example${path}`)), path).toBeUndefined();
    }
  });

  test('netlify.toml runs it on every path that is a service path once decoded, from Netlify\'s folder, only with services', () => {
    const config = netlifyConfig('site', ROUTES, 'https://services.example');
    expect(config).toContain(`edge_functions = "${NETLIFY_EDGE_FOLDER}"`);
    const declared = [...config.matchAll(/\[\[edge_functions\]\]\nfunction = "([^"]+)"\npattern = "([^"]+)"/g)].map(([, name, pattern]) => ({ name, pattern: new RegExp(pattern ?? '') }));
    expect(declared.map(({ name }) => name)).toEqual(SERVICE_PREFIXES.map(() => NETLIFY_EDGE_FUNCTION));
    // Netlify matches a route on the path as sent (netlify dev) or decoded: either way every spelling of a prefix.
    const runsOn = (path: string) => declared.some(({ pattern }) => pattern.test(path));
    for (const path of ['/apps', '/apps/', '/apps/home', '/%61pps/..%2f__emulator/outbox', '/a%70ps', '/apps%2f..%2f__emulator/outbox', '/app%2Fpmg/nxn-metrics/analytics/', '/%44PMonitor/rest', '/%70ortal-login-service/api']) {
      expect(runsOn(path), path).toBe(true);
    }
    for (const path of ['/app/nxn/login', '/apps2', '/%2561pps/x', '/%41pps/x', '/Apps/x', '/__emulator/outbox', '//apps/x', '/x/apps', '/app/pmg2']) expect(runsOn(path), path).toBe(false);
    expect(netlifyConfig('site', ROUTES)).not.toContain('edge_functions');
  });
});
