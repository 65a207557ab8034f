import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildBrands } from '../../scripts/deploy/build-brands.ts';
import { checkDist } from '../../scripts/check-dist/check-dist.ts';
import { createPortalServer } from '../../scripts/server/portal-server.ts';
import { serverDirOf } from '../../src/hosting/dist-layout.ts';
import { publishes } from '../../scripts/deploy/release.ts';
import fg from 'fast-glob';

// Partial builds of the brand set: two deploys built for different brands, served side by side, each answer
// their own brands; then one brand rebuilt into a dist/ built before keeps the other brand working.

const root = join(import.meta.dirname, '../..');
let work: string;
let brandsDir: string;
const closers: Array<() => void> = [];

/** Serves a dist/ with the bundled server on a free loopback port. */
async function serve(distDir: string): Promise<string> {
  const server = createPortalServer({ distDir });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => server.close());
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
}

/** Status of a brand's login page and of every /_astro/ asset it links, and the theme stylesheet's text. */
async function brandAnswers(base: string, wl: string): Promise<{ page: number; assets: number[]; theme: string }> {
  const response = await fetch(`${base}/app/${wl}/login?SMQUERYDATA=x`);
  const html = await response.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)].map((match) => match[1] ?? '');
  const statuses = await Promise.all(assets.map(async (asset) => (await fetch(`${base}${asset}`)).status));
  const themeHref = assets.find((asset) => asset.startsWith(`/_astro/theme-${wl}.`));
  return { page: response.status, assets: statuses, theme: themeHref ? await (await fetch(`${base}${themeHref}`)).text() : '' };
}

beforeAll(async () => {
  // Inside the project, as every build here (see build-brands.ts); a copy of the brands a brand manager can change.
  mkdirSync(join(root, 'test-results'), { recursive: true });
  work = mkdtempSync(join(root, 'test-results', 'brand-builds-'));
  brandsDir = join(work, 'brands');
  cpSync(join(root, 'brands'), brandsDir, { recursive: true });
  process.env['PORTAL_BRANDS_DIR'] = brandsDir;
  await Promise.all([
    buildBrands({ out: join(work, 'nxn'), brands: ['nxn'], into: false }),
    buildBrands({ out: join(work, 'cwa'), brands: ['cwa'], into: false }),
  ]);
}, 300_000);
afterAll(() => {
  for (const close of closers) close();
  delete process.env['PORTAL_BRANDS_DIR'];
  rmSync(work, { recursive: true, force: true });
});

test('two partial builds served side by side each answer their own brands, with their assets', async () => {
  const [nxnDeploy, cwaDeploy] = await Promise.all([serve(join(work, 'nxn')), serve(join(work, 'cwa'))]);
  const nxn = await brandAnswers(nxnDeploy, 'nxn');
  const cwa = await brandAnswers(cwaDeploy, 'cwa');
  expect({ page: nxn.page, assets: new Set(nxn.assets) }).toEqual({ page: 200, assets: new Set([200]) });
  expect({ page: cwa.page, assets: new Set(cwa.assets) }).toEqual({ page: 200, assets: new Set([200]) });
  expect(nxn.theme).toContain('--color-primary:');
  // The other deploy's brand is not there: page not found, not another brand's page.
  expect((await fetch(`${nxnDeploy}/app/cwa/login`)).status).toBe(404);
  expect((await fetch(`${cwaDeploy}/app/nxn/login`)).status).toBe(404);
  expect(checkDist(join(work, 'nxn'), ['nxn'])).toEqual([]);
  expect(checkDist(join(work, 'cwa'), ['cwa'])).toEqual([]);
  // dist/ as a Git integration publishes it is what a Cloudflare release publishes: nothing to leave out.
  const published = fg.sync('**/*', { cwd: join(work, 'nxn'), dot: true });
  expect(published.filter((file) => !publishes('cloudflare', file))).toEqual([]);
  expect(published).toEqual(expect.arrayContaining(['_headers', '_redirects', '_worker.js', '_routes.json', 'app/nxn/login.html']));
  expect(fg.sync('**/*.gz', { cwd: serverDirOf(join(work, 'nxn')) })).toEqual(expect.arrayContaining(['app/nxn/login.html.gz', 'index.html.gz']));
});

test('a brand rebuilt into an existing dist/ changes that brand alone; both brands and their assets answer', async () => {
  const dist = join(work, 'nxn');
  const nxnLogin = readFileSync(join(dist, 'app/nxn/login.html'), 'utf8');
  // The brand manager changes cwa's primary colour; cwa joins the nxn deploy.
  const brand = join(brandsDir, 'cwa', 'brand.json');
  writeFileSync(brand, readFileSync(brand, 'utf8').replace('"primary": "#5a1f4f"', '"primary": "#4a1a41"'));
  const result = await buildBrands({ out: dist, brands: ['cwa'], into: true });
  expect(result.headerRules).toBe(3);
  expect(readFileSync(join(dist, 'app/nxn/login.html'), 'utf8')).toBe(nxnLogin);
  expect(readFileSync(join(serverDirOf(dist), '.portal-build-stamp'), 'utf8')).toBe('cwa,nxn');
  expect(checkDist(dist, ['nxn', 'cwa'])).toEqual([]);
  const base = await serve(dist);
  const nxn = await brandAnswers(base, 'nxn');
  const cwa = await brandAnswers(base, 'cwa');
  expect({ page: nxn.page, assets: new Set(nxn.assets) }).toEqual({ page: 200, assets: new Set([200]) });
  expect({ page: cwa.page, assets: new Set(cwa.assets) }).toEqual({ page: 200, assets: new Set([200]) });
  expect(cwa.theme).toContain('--color-primary:#4a1a41;');
  expect((await fetch(`${base}/de-DE/self-service/cwa/fps`)).status).toBe(200);
}, 300_000);
