import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fg from 'fast-glob';
import { DIST_DIR } from '../../scripts/server/ensure-built.ts';
import { makeRelease, reloadNginx } from '../../scripts/deploy/release.ts';
import { cspHash } from '../../src/hosting/csp.ts';
import { inlineElements } from '../../src/hosting/security-headers.ts';
import { serverDirOf } from '../../src/hosting/dist-layout.ts';
import { HOSTS_DIR, RELEASE_NGINX_PORT } from './hosts.ts';

// nginx reads the page policy (its includes) when it loads its config, not per request: a release whose inline
// scripts changed (new CSP hashes) must reload it, or every page served after the switch has its inline scripts
// refused. `npm run release -- nginx … --reload CMD --check URL` does it; here the release reloads this test's
// nginx (SIGHUP to its master) and a page loaded after the release runs its scripts.

const base = `http://127.0.0.1:${String(RELEASE_NGINX_PORT)}`;
const work = join(HOSTS_DIR, 'csp-release');
const releases = join(work, 'releases');
let nginx: ChildProcess | undefined;
let prefix = '';

/** dist/ as the next build whose inline scripts changed: each runnable inline script one byte longer, its hash everywhere with it. */
function nextBuild(): string {
  const next = join(work, 'dist-next');
  rmSync(next, { recursive: true, force: true });
  rmSync(serverDirOf(next), { recursive: true, force: true });
  cpSync(DIST_DIR, next, { recursive: true });
  cpSync(serverDirOf(DIST_DIR), serverDirOf(next), { recursive: true });
  const hashes = new Map<string, string>();
  for (const file of fg.sync('**/*.html', { cwd: next })) {
    let html = readFileSync(join(next, file), 'utf8');
    for (const element of inlineElements(html)) {
      if (element.tag !== 'script' || element.text.trim() === '') continue;
      const changed = `${element.text};`;
      hashes.set(cspHash(element.text), cspHash(changed));
      // A function, not a string: the script's own `$&` and `$'` must not be read as replacement patterns.
      html = html.replace(`${element.opening}${element.text}</script>`, () => `${element.opening}${changed}</script>`);
    }
    writeFileSync(join(next, file), html);
  }
  expect(hashes.size).toBeGreaterThan(0);
  // The policies that carry the hashes: each page's meta policy, the servers' (nginx's include), the static hosts'.
  const policyFiles = [...fg.sync('**/*.html', { cwd: next, absolute: true }), join(next, '_headers'), ...['_portal-headers.json', '_nginx-policy.conf', '_nginx-security-headers.conf'].map((name) => join(serverDirOf(next), name))];
  for (const path of policyFiles) {
    let text = readFileSync(path, 'utf8');
    for (const [from, to] of hashes) text = text.replaceAll(from, to);
    writeFileSync(path, text);
  }
  for (const file of fg.sync('**/*.html', { cwd: next })) writeFileSync(join(serverDirOf(next), `${file}.gz`), gzipSync(readFileSync(join(next, file))));
  return next;
}

test.beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  makeRelease({ dist: DIST_DIR, releases, host: 'nginx', allowMock: true, now: Date.UTC(2026, 0, 1) });
  nginx = spawn(process.execPath, [join(import.meta.dirname, '../../scripts/deploy/run-nginx.ts'), '--port', String(RELEASE_NGINX_PORT), '--dist', join(releases, 'current', 'site')], { stdio: ['ignore', 'pipe', 'inherit'] });
  // run-nginx says where it runs: the master's pid file is there.
  prefix = await new Promise<string>((resolve, reject) => {
    let said = '';
    nginx?.stdout?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      const folder = /config and logs in (\S+)/.exec(said)?.[1];
      if (folder) resolve(folder);
    });
    nginx?.on('exit', () => reject(new Error(`nginx did not start: ${said}`)));
  });
  await expect.poll(() => fetch(`${base}/healthz`).then((response) => response.status, () => 0), { timeout: 20_000 }).toBe(200);
});
test.afterAll(() => {
  nginx?.kill('SIGTERM');
});

/** What a visitor's browser refused by the page's policy while the page loaded and woke. */
async function refusedWhileWaking(page: import('@playwright/test').Page): Promise<string[]> {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${base}/self-service/nxn/fps`);
  await page.getByLabel('User ID').click();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  return refused;
}

test('a page loaded after a release with new CSP hashes runs its scripts: the release reloads nginx and checks the policy it sends', async ({ page }) => {
  expect(await refusedWhileWaking(page)).toEqual([]);
  const next = nextBuild();
  const released = makeRelease({ dist: next, releases, host: 'nginx', allowMock: true, now: Date.UTC(2026, 0, 2) });
  expect(released.includesChanged).toEqual(expect.arrayContaining(['_nginx-policy.conf']));
  const master = readFileSync(join(prefix, 'nginx.pid'), 'utf8').trim();
  const said = await reloadNginx(released.dir, released.includesChanged, `kill -HUP ${master}`, `${base}/app/nxn/login`);
  expect(said.at(-1)).toBe(`nginx: ${base}/app/nxn/login is sent this release's policy`);
  // The page of the new release, with its new inline scripts: every one runs, the islands wake.
  const fresh = await page.context().newPage();
  const html = await (await fresh.request.get(`${base}/self-service/nxn/fps`)).text();
  expect(html).toContain(';</script>');
  expect(await refusedWhileWaking(fresh)).toEqual([]);
});
