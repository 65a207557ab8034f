import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR } from '../../scripts/server/ensure-built.ts';
import { makeRelease } from '../../scripts/deploy/release.ts';
import { serverDirOf } from '../../src/hosting/dist-layout.ts';
import { HOSTS_DIR, RETENTION_PORT } from './hosts.ts';

// A deploy keeps the previous release's hashed assets for a grace period (scripts/deploy/release.ts): a page
// opened from release N still loads its chunks after release N+1 is deployed over it, on nginx serving the
// releases' `current` link as a deploy would.

const HOUR = 60 * 60 * 1000;
const base = `http://127.0.0.1:${String(RETENTION_PORT)}`;
const work = join(HOSTS_DIR, 'retention');
const releases = join(work, 'releases');
let nginx: ChildProcess | undefined;

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => (statSync(join(dir, entry)).isDirectory() ? filesBelow(join(dir, entry)) : [join(dir, entry)]));
}

/** dist/ as the next build of changed code would be: every hashed asset under a new name, and every reference to it. */
function nextBuild(): string {
  const next = join(work, 'dist-next');
  rmSync(next, { recursive: true, force: true });
  rmSync(serverDirOf(next), { recursive: true, force: true });
  cpSync(DIST_DIR, next, { recursive: true });
  // nginx's includes come along; the .gz copies are made again below for the rewritten files (a release checks them).
  cpSync(serverDirOf(DIST_DIR), serverDirOf(next), { recursive: true, filter: (source) => !source.endsWith('.gz') });
  const renames = new Map<string, string>();
  for (const file of readdirSync(join(next, '_astro'))) {
    const renamed = file.replace(/\.([\w-]+)\.(js|css)$/, '.next$1.$2');
    if (renamed !== file) renames.set(file, renamed);
  }
  for (const path of filesBelow(next)) {
    if (!/\.(html|js|css)$/.test(path)) continue;
    let text = readFileSync(path, 'utf8');
    for (const [from, to] of renames) text = text.replaceAll(from, to);
    writeFileSync(path, text);
  }
  for (const [from, to] of renames) renameSync(join(next, '_astro', from), join(next, '_astro', to));
  for (const path of filesBelow(next)) {
    const file = relative(next, path);
    if (/\.(html|js|css)$/.test(file) && !['_worker.js'].includes(file)) {
      mkdirSync(dirname(join(serverDirOf(next), file)), { recursive: true });
      writeFileSync(join(serverDirOf(next), `${file}.gz`), gzipSync(readFileSync(path)));
    }
  }
  return next;
}

test.beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  makeRelease({ dist: DIST_DIR, releases, host: 'nginx', allowMock: true, now: Date.UTC(2026, 0, 1) });
  nginx = spawn(process.execPath, [join(import.meta.dirname, '../../scripts/deploy/run-nginx.ts'), '--port', String(RETENTION_PORT), '--dist', join(releases, 'current', 'site')], { stdio: 'inherit' });
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(`${base}/`, { redirect: 'manual' });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('nginx did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
});
test.afterAll(() => {
  nginx?.kill('SIGTERM');
});

test('a page of release N still loads its chunks after release N+1 is deployed, until the grace period ends', async ({ page, request }) => {
  const loaded = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/_astro/')) loaded.add(path);
  });
  await page.goto(`${base}/self-service/nxn/fps`);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  // The wizard loads its code when the visitor engages with it (issue 26): a tap in the field, then awake.
  await page.getByLabel('User ID').click();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const fromN = [...loaded].filter((path) => path.endsWith('.js'));
  expect(fromN.length).toBeGreaterThan(0);

  const deployed = makeRelease({ dist: nextBuild(), releases, host: 'nginx', allowMock: true, now: Date.UTC(2026, 0, 1) + HOUR });
  expect(deployed.carried.length).toBeGreaterThan(0);
  // A visitor arriving now gets release N+1's page and chunks.
  const fresh = await (await request.get(`${base}/self-service/nxn/fps`)).text();
  expect(fresh).toMatch(/\/_astro\/[^"]+\.next[\w-]+\.js/);
  for (const chunk of fromN) expect(fresh, chunk).not.toContain(chunk);
  // The page opened before the deploy still gets every chunk it asked for, immutable, and can import them again.
  for (const chunk of fromN) {
    const response = await request.get(`${base}${chunk}`);
    expect(response.status(), chunk).toBe(200);
    expect(response.headers()['cache-control'], chunk).toBe('public, max-age=31536000, immutable');
  }
  expect(await page.evaluate(async (urls) => {
    const results = await Promise.allSettled(urls.map(async (url) => {
      await import(`${url}?again`);
    }));
    return results.filter((result) => result.status === 'rejected').length;
  }, fromN)).toBe(0);

  // A deploy past the grace period (7 days after the one that dropped them) lets them go.
  const later = makeRelease({ dist: nextBuild(), releases, host: 'nginx', allowMock: true, now: Date.UTC(2026, 0, 1) + HOUR + 7 * 24 * HOUR });
  expect(later.dropped.map((file) => `/${file}`)).toEqual(expect.arrayContaining(fromN));
  for (const chunk of fromN) expect((await request.get(`${base}${chunk}`)).status(), chunk).toBe(404);
  expect(relative(releases, later.dir)).not.toContain('..');
});
