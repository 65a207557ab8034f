import { chromium } from '@playwright/test';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serverDirOf } from '../../src/hosting/dist-layout.ts';
import fg from 'fast-glob';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildBrands } from '../../scripts/deploy/build-brands.ts';
import { makeRelease } from '../../scripts/deploy/release.ts';
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
  expect(JSON.parse(readFileSync(join(serverDirOf(dist), '_portal-build.json'), 'utf8'))).toEqual({
    environment: 'PRODUCTION', passkeys: { rpId: 'portal.nxn.example', relatedOrigins: [{ origin: 'https://login.cwa.example', brands: ['cwa'] }] },
  });
  // cwa's QA host (brands/cwa/brand.json) is never a related origin of production.
  expect(JSON.parse(readFileSync(join(dist, '.well-known/webauthn'), 'utf8'))).toEqual({ origins: ['https://login.cwa.example'] });
  expect(JSON.parse(readFileSync(join(dist, 'health.json'), 'utf8'))).toEqual({ status: 'ok', environment: 'PRODUCTION' });
  expect(checkDist(dist, ['nxn', 'cwa'])).toEqual([]);
  const releases = join(work, 'releases');
  expect(() => makeRelease({ dist, releases, host: 'nginx', environment: 'QA' })).toThrow(`${dist} was built for PRODUCTION, not QA: build it with PORTAL_ENVIRONMENT=QA npm run build`);
  const release = makeRelease({ dist, releases, host: 'cloudflare', environment: 'PRODUCTION' });
  expect(JSON.parse(readFileSync(join(release.dir, 'release.json'), 'utf8'))).toMatchObject({ host: 'cloudflare', environment: 'PRODUCTION' });
  // A static host publishes the related-origins file (other dotfiles it does not).
  expect(readFileSync(join(release.site, '.well-known/webauthn'), 'utf8')).toBe(readFileSync(join(dist, '.well-known/webauthn'), 'utf8'));
});

test('brands built for another environment are not merged into this build', async () => {
  await expect(buildBrands({ out: dist, brands: ['cwa'], into: true })).rejects.toThrow(`${dist} was built for PRODUCTION, this build is for MOCK (PORTAL_ENVIRONMENT): rebuild every brand for one environment`);
});

test('check:dist refuses a dist/ that does not say its environment, and related origins past the fifth label, naming the brands', () => {
  const copy = join(work, 'tampered');
  mkdirSync(join(copy, '.well-known'), { recursive: true });
  mkdirSync(serverDirOf(copy), { recursive: true });
  expect(environmentProblems(copy)).toEqual(['_portal-build.json: missing: no telling which environment this dist/ is for (rebuild it)']);
  const related = ['a', 'b', 'c', 'd', 'e', 'f'].map((label) => ({ origin: `https://login.${label}.example`, brands: [`brand-${label}`] }));
  writeFileSync(join(serverDirOf(copy), '_portal-build.json'), JSON.stringify({ environment: 'PRODUCTION', passkeys: { rpId: 'portal.nxn.example', relatedOrigins: related } }));
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
