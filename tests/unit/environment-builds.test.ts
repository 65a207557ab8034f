import { chromium } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serverDirOf } from '../../src/hosting/dist-layout.ts';
import fg from 'fast-glob';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildBrands } from '../../scripts/deploy/build-brands.ts';
import { makeRelease, rollBack, withReleaseLock } from '../../scripts/deploy/release.ts';
import { checkDist, environmentProblems } from '../../scripts/check-dist/check-dist.ts';
import { createPortalServer } from '../../scripts/server/portal-server.ts';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../scripts/browsers/chromium.ts';
import { loadEnvironmentMap } from '../../src/config/load-environment-map.ts';

// A build per environment (docs/deploying.md): a PRODUCTION build of two brands, made as ops make it
// (PORTAL_ENVIRONMENT=PRODUCTION), names nothing of DEV, QA or XAT, knows what it is for, and reports a host
// that is not production's in the browser.

const root = join(import.meta.dirname, '../..');
let work: string;
let dist: string;
const closers: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  mkdirSync(join(root, 'test-results'), { recursive: true });
  work = mkdtempSync(join(root, 'test-results', 'environment-builds-'));
  dist = join(work, 'production');
  process.env['PORTAL_ENVIRONMENT'] = 'PRODUCTION';
  try {
    await buildBrands({ out: dist, brands: ['nxn', 'cwa'], into: false });
  } finally {
    delete process.env['PORTAL_ENVIRONMENT'];
  }
}, 300_000);
afterAll(async () => {
  for (const close of closers) await close();
  rmSync(work, { recursive: true, force: true });
});

/** Every text a host serves or reads of the build: pages, scripts, styles, header and route files, the well-known files. */
function servedTexts(): Array<[string, string]> {
  return fg.sync(['**/*.{html,js,css,json,conf}', '_headers', '_redirects', '.well-known/*'], { cwd: dist, dot: true }).map((file) => [file, readFileSync(join(dist, file), 'utf8')]);
}

test('production\'s pages, scripts, policies and files name none of DEV\'s, QA\'s or XAT\'s hosts, analytics or agents', () => {
  const map = loadEnvironmentMap(root);
  // The other environments' literal host names (from their patterns), digital-pulse hosts and QA's agent names.
  const hostOf = (pattern: string) => pattern.replace(/^\^|\$$/g, '').replace(/\\\./g, '.');
  const others = (['DEV', 'QA', 'XAT'] as const).flatMap((environment) => [
    ...(map.domainEnvMap[environment] ?? []).map(hostOf).filter((host) => !/[[\]+*]/.test(host)),
    new URL(map.digitalPulseHosts[environment] ?? 'https://none.invalid').host,
  ]);
  const names = [...others, ...Object.values(map.smagentname).map((agents) => agents.qa), 'login-qa.cwa.example'];
  expect(names).toEqual(expect.arrayContaining(['portal-dev.nxn.example', 'portal-qa.nxn.example', 'portal-xat.nxn.example', 'wl-test.nxn.example', 'dp-qa.nxn.example', 'nxnportalqa']));
  const found = servedTexts().flatMap(([file, text]) => names.filter((name) => text.includes(name)).map((name) => `${file}: ${name}`));
  expect(found).toEqual([]);
  // The policy allows this environment's analytics host alone, in every host's header files and in the pages.
  const connectSources = new Set(servedTexts().flatMap(([, text]) => [...text.matchAll(/connect-src ([^;"]*)/g)].map((match) => match[1])));
  expect([...connectSources]).toEqual(['\'self\' https://dp.nxn.example']);
  // The login page carries production's entry of the map and nothing else.
  expect(readFileSync(join(dist, 'app/nxn/login.html'), 'utf8')).toContain('&quot;build&quot;:[0,&quot;PRODUCTION&quot;]');
});

test('the build says what it is for: check:dist, the health file, the related origins, and a release for another environment refused', () => {
  // Build metadata, beside dist/ in its dist-server/ (not for visitors).
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const info = JSON.parse(readFileSync(join(serverDirOf(dist), '_portal-build.json'), 'utf8')) as { commit: string };
  expect(info.commit).toMatch(new RegExp(`^${head}(-dirty)?$`));
  // Every origin the service must allow: the RP ID's own and the brands' hosts.
  expect(info).toEqual({
    environment: 'PRODUCTION', commit: info.commit,
    passkeys: { rpId: 'portal.nxn.example', allowedOrigins: ['https://portal.nxn.example', 'https://login.cwa.example'], relatedOrigins: [{ origin: 'https://login.cwa.example', brands: ['cwa'] }] },
  });
  // cwa's QA host (brands/cwa/brand.json) is never a related origin of production.
  expect(JSON.parse(readFileSync(join(dist, '.well-known/webauthn'), 'utf8'))).toEqual({ origins: ['https://login.cwa.example'] });
  expect(JSON.parse(readFileSync(join(dist, 'health.json'), 'utf8'))).toEqual({ status: 'ok', environment: 'PRODUCTION', commit: info.commit });
  expect(checkDist(dist, ['nxn', 'cwa'])).toEqual([]);
  const releases = join(work, 'releases');
  expect(() => makeRelease({ dist, releases, host: 'nginx', environment: 'QA' })).toThrow(`${dist} was built for PRODUCTION, not QA: build it with PORTAL_ENVIRONMENT=QA npm run build`);
  const release = makeRelease({ dist, releases, host: 'cloudflare', environment: 'PRODUCTION' });
  expect(JSON.parse(readFileSync(join(release.dir, 'release.json'), 'utf8'))).toMatchObject({ host: 'cloudflare', environment: 'PRODUCTION' });
  // A monitor reads which release and commit answer.
  expect(JSON.parse(readFileSync(join(release.site, 'health.json'), 'utf8'))).toEqual({ status: 'ok', environment: 'PRODUCTION', commit: info.commit, release: release.dir.split('/').pop() });
  // A static host publishes the related-origins file (other dotfiles it does not).
  expect(readFileSync(join(release.site, '.well-known/webauthn'), 'utf8')).toBe(readFileSync(join(dist, '.well-known/webauthn'), 'utf8'));
});

/** A copy of the production build (dist/ and its dist-server/), to change. */
function copyOfBuild(name: string): string {
  const copy = join(work, name);
  cpSync(dist, copy, { recursive: true });
  cpSync(serverDirOf(dist), serverDirOf(copy), { recursive: true });
  return copy;
}

const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

test('a release refuses a MOCK or LOCAL build unless --allow-mock, and a build check:dist rejects, changing nothing', () => {
  const releases = join(work, 'refusals');
  for (const environment of ['MOCK', 'LOCAL']) {
    const test = copyOfBuild(`build-${environment}`);
    const infoFile = join(serverDirOf(test), '_portal-build.json');
    writeFileSync(infoFile, JSON.stringify({ ...(JSON.parse(readFileSync(infoFile, 'utf8')) as object), environment }));
    const made = entries(releases);
    expect(() => makeRelease({ dist: test, releases, host: 'nginx' })).toThrow(`${test} is a ${environment} build, a test build: it carries every environment's hosts and analytics in its pages and policy, and no passkey origins. A deploy never ships it.`);
    expect(entries(releases)).toEqual(made);
    expect(makeRelease({ dist: test, releases, host: 'nginx', allowMock: true }).environment).toBe(environment);
  }
  const broken = copyOfBuild('broken');
  rmSync(join(broken, 'de-DE/app/cwa/login.html'));
  const before = entries(releases);
  expect(() => makeRelease({ dist: broken, releases, host: 'nginx' })).toThrow(`${broken} fails check:dist (1 problem(s)); nothing was released:\n  de-DE/app/cwa/login.html: missing page`);
  expect(entries(releases)).toEqual(before);
});

test('one release at a time: a second one stops with a message while the first runs, a dead one\'s lock is taken over', () => {
  const releases = join(work, 'locked');
  const first = makeRelease({ dist, releases, host: 'nginx', now: Date.UTC(2026, 0, 1) });
  // A release of this folder under way (this process holds the lock): another stops at once and changes nothing.
  withReleaseLock(releases, 'a release of dist-a', 0, () => {
    expect(() => makeRelease({ dist, releases, host: 'nginx', now: Date.UTC(2026, 0, 2) })).toThrow(new RegExp(`^${releases}: a release of dist-a \\(process ${String(process.pid)}, since [-\\dT:.Z]+\\) is under way; nothing was changed. Run again when it has ended, or pass --wait SECONDS to wait for it$`));
  });
  expect(readlinkSync(join(releases, 'current'))).toBe(first.dir.split('/').pop());
  // A release that died holding the lock (its process gone) and half-way through its copy leaves neither behind.
  const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid;
  mkdirSync(join(releases, '.release-lock'));
  writeFileSync(join(releases, '.release-lock', 'owner.json'), JSON.stringify({ pid: dead, startedAt: Date.UTC(2026, 0, 1), what: 'a release of dist-b' }));
  mkdirSync(join(releases, '.incoming-2026-01-01T00-00-00-000Z', 'site'), { recursive: true });
  const second = makeRelease({ dist, releases, host: 'nginx', now: Date.UTC(2026, 0, 3) });
  expect(readlinkSync(join(releases, 'current'))).toBe(second.dir.split('/').pop());
  expect(entries(releases)).toEqual([first.dir.split('/').pop(), second.dir.split('/').pop(), 'current'].sort());
});

test('whether nginx must reload is read against the release replaced, even when --keep removes it', () => {
  const releases = join(work, 'keep-one');
  makeRelease({ dist, releases, host: 'nginx', keep: 1, now: Date.UTC(2026, 0, 1) });
  // The same build again: nothing nginx reads at load changed, however few releases are kept.
  expect(makeRelease({ dist, releases, host: 'nginx', keep: 1, now: Date.UTC(2026, 0, 2) }).includesChanged).toEqual([]);
  // A build whose page policy changed (a new inline script's hash): that include, and only it.
  const changed = copyOfBuild('new-policy');
  const policy = join(serverDirOf(changed), '_nginx-policy.conf');
  writeFileSync(policy, readFileSync(policy, 'utf8').replace("script-src 'self'", "script-src 'self' 'sha256-bmV3LWlubGluZS1zY3JpcHQtaGFzaC1mb3ItdGVzdHM='"));
  expect(makeRelease({ dist: changed, releases, host: 'nginx', keep: 1, now: Date.UTC(2026, 0, 3) }).includesChanged).toEqual(['_nginx-policy.conf']);
});

test('a copy that fails leaves no folder behind and the current release as it was', () => {
  const releases = join(work, 'failed-copy');
  const first = makeRelease({ dist, releases, host: 'cloudflare', now: Date.UTC(2026, 0, 1) });
  const broken = copyOfBuild('dangling');
  // A file the copy cannot read (a link to nothing), after some files were copied.
  symlinkSync(join(work, 'nowhere'), join(broken, 'zz-gone.txt'));
  expect(() => makeRelease({ dist: broken, releases, host: 'cloudflare', now: Date.UTC(2026, 0, 2) })).toThrow(/ENOENT/);
  expect(entries(releases)).toEqual([first.dir.split('/').pop(), 'current'].sort());
  expect(readlinkSync(join(releases, 'current'))).toBe(first.dir.split('/').pop());
});

test('a rollback makes the release before current again, still serving the chunks of the release it leaves', () => {
  const releases = join(work, 'rollback');
  const older = makeRelease({ dist, releases, host: 'nginx', now: Date.UTC(2026, 0, 1) });
  // The next build: its chunks under new names.
  const next = copyOfBuild('next');
  const renamed: string[] = [];
  for (const file of readdirSync(join(next, '_astro')).filter((name) => name.endsWith('.js'))) {
    renameSync(join(next, '_astro', file), join(next, '_astro', `next-${file}`));
    renamed.push(`_astro/next-${file}`);
  }
  for (const file of fg.sync('**/*.{html,js}', { cwd: next })) {
    const text = readFileSync(join(next, file), 'utf8').replace(/\/_astro\/([\w.-]+\.js)/g, '/_astro/next-$1');
    writeFileSync(join(next, file), text);
    if (existsSync(join(serverDirOf(next), `${file}.gz`))) writeFileSync(join(serverDirOf(next), `${file}.gz`), gzipSync(text));
  }
  for (const file of renamed) renameSync(join(serverDirOf(next), `${file.replace('next-', '')}.gz`), join(serverDirOf(next), `${file}.gz`));
  const newer = makeRelease({ dist: next, releases, host: 'nginx', now: Date.UTC(2026, 0, 2) });
  expect(renamed.length).toBeGreaterThan(0);
  for (const file of renamed) expect(existsSync(join(older.site, file)), file).toBe(false);
  const back = rollBack({ releases, now: Date.UTC(2026, 0, 3) });
  expect([back.dir, back.left]).toEqual([older.dir, newer.dir]);
  expect(readlinkSync(join(releases, 'current'))).toBe(older.dir.split('/').pop());
  for (const file of renamed) {
    expect(readFileSync(join(older.site, file), 'utf8'), file).toBe(readFileSync(join(newer.site, file), 'utf8'));
    expect(existsSync(join(older.site, `${file}.gz`)), `${file}.gz`).toBe(true);
  }
  expect(back.carried).toEqual(expect.arrayContaining(renamed));
  // Policy and routes are the same in both: nginx needs no reload.
  expect(back.includesChanged).toEqual([]);
  expect(() => rollBack({ releases, to: older.dir.split('/').pop() ?? '' })).toThrow('is already current');
});

test('brands rebuilt into a production dist/ are built for production; PORTAL_ENVIRONMENT naming another is refused', async () => {
  process.env['PORTAL_ENVIRONMENT'] = 'MOCK';
  try {
    await expect(buildBrands({ out: dist, brands: ['cwa'], into: true })).rejects.toThrow(`${dist} was built for PRODUCTION, this build is for MOCK (PORTAL_ENVIRONMENT): rebuild every brand for one environment`);
  } finally {
    delete process.env['PORTAL_ENVIRONMENT'];
  }
  // As documented: npm run build:brand -- cwa, on the production build, without naming the environment again.
  await buildBrands({ out: dist, brands: ['cwa'], into: true });
  expect(JSON.parse(readFileSync(join(serverDirOf(dist), '_portal-build.json'), 'utf8'))).toMatchObject({ environment: 'PRODUCTION' });
  expect(readFileSync(join(dist, 'app/cwa/login.html'), 'utf8')).toContain('&quot;build&quot;:[0,&quot;PRODUCTION&quot;]');
  expect(checkDist(dist, ['nxn', 'cwa'])).toEqual([]);
}, 300_000);

test('check:dist refuses a dist/ that does not say its environment, and related origins past the fifth label, naming the brands', () => {
  const copy = join(work, 'tampered');
  mkdirSync(join(copy, '.well-known'), { recursive: true });
  mkdirSync(serverDirOf(copy), { recursive: true });
  expect(environmentProblems(copy)).toEqual(['_portal-build.json: missing: no telling which environment this dist/ is for (rebuild it)']);
  const related = ['a', 'b', 'c', 'd', 'e', 'f'].map((label) => ({ origin: `https://login.${label}.example`, brands: [`brand-${label}`] }));
  writeFileSync(join(serverDirOf(copy), '_portal-build.json'), JSON.stringify({ environment: 'PRODUCTION', commit: 'abc123', passkeys: { rpId: 'portal.nxn.example', allowedOrigins: ['https://portal.nxn.example', ...related.map(({ origin }) => origin)], relatedOrigins: related } }));
  writeFileSync(join(copy, '.well-known/webauthn'), JSON.stringify({ origins: related.map(({ origin }) => origin) }));
  expect(environmentProblems(copy)).toEqual([
    '.well-known/webauthn: RP ID portal.nxn.example has related origins on 6 registrable-domain labels (a, b, c, d, e, f); browsers (Firefox\'s cap) honour the first 5: move brand-f onto a host under portal.nxn.example or under a, b, c, d, e',
  ]);
});

test('in the browser, a production page on production\'s host is quiet; on a QA host or a host in no pattern it reports the spec\'s error', async () => {
  const server = createPortalServer({ distDir: dist });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  const hosts = ['portal.nxn.example', 'login.cwa.example', 'portal-qa.nxn.example', 'portal.unlisted.example.org'];
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    // Every other name resolves nowhere: nothing leaves this machine.
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1`).join(', ')}, MAP * ~NOTFOUND`],
  });
  closers.push(() => browser.close());
  const errorsOn = async (host: string): Promise<string[]> => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Domain')) errors.push(message.text());
    });
    await page.goto(`http://${host}:${String(port)}/app/nxn/login?SMQUERYDATA=q`);
    // The environment is resolved where it is used: the White Label testing island wakes on engagement and
    // loads the resolver. Quiet means quiet once that code has run.
    const resolver = page.waitForResponse((response) => /\/_astro\/environment\.[\w-]+\.js$/.test(response.url()));
    for (let tries = 0; tries < 50 && (await page.locator('astro-island[ssr]').count()) > 0; tries += 1) {
      await page.locator('astro-island[ssr]').evaluateAll((islands) => {
        for (const island of islands) island.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
      });
      await page.waitForTimeout(100);
    }
    await resolver;
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
    await page.close();
    return errors;
  };
  expect(await errorsOn('portal.nxn.example')).toEqual([]);
  expect(await errorsOn('login.cwa.example')).toEqual([]);
  expect(await errorsOn('portal-qa.nxn.example')).toEqual(['Domain did not match any domain regex portal-qa.nxn.example (this build is for PRODUCTION; the host is a XAT host)']);
  expect(await errorsOn('portal.unlisted.example.org')).toEqual(['Domain did not match any domain regex portal.unlisted.example.org (this build is for PRODUCTION)']);
}, 60_000);
