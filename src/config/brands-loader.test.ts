import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { brandFolderSchema } from './brand-schema.ts';
import type { BrandFolder } from './brand-schema.ts';
import { brandsLoader } from './brands-loader.ts';
import { formatProblem } from './config-errors.ts';
import { loadBrands } from './load-brands.ts';
import { loadCollection } from './loader-test-context.ts';

const BRANDS = join(import.meta.dirname, '../../brands');
let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function brandsCopy(): string {
  dir = mkdtempSync(join(tmpdir(), 'brands-loader-'));
  cpSync(BRANDS, dir, { recursive: true });
  return dir;
}

/** The brands collection as a build loads it (content.config.ts's loader and schema). */
const collection = (brandsDir: string, only: readonly string[] = []) => loadCollection('brands', brandsLoader({ brandsDir, only }), brandFolderSchema);

const problemLines = (folder: BrandFolder | undefined) => (folder?.ok === false ? folder.problems.map(formatProblem) : []);

describe('the brands collection', () => {
  test('holds every brand folder, each checked by the collection schema on its way in, as loadBrands reads it', async () => {
    const { entries, parsed } = await collection(BRANDS);
    expect(parsed.sort()).toEqual(['brightpath529', 'cwa', 'harbor', 'nxn', 'summit']);
    expect([...entries.values()].map((folder) => (folder.ok ? folder.brand : folder))).toEqual(loadBrands(BRANDS));
  });

  test('keeps a broken brand as its problems, in the words brand:check and the build print', async () => {
    const root = brandsCopy();
    writeFileSync(join(root, 'summit/brand.json'), JSON.stringify({ displayName: 'Summit', wideLogin: 1 }, null, 2));
    const { entries } = await collection(root, ['summit', 'nxn', 'nope']);
    expect(problemLines(entries.get('summit'))).toEqual(['brands/summit/brand.json: wideLogin: expected boolean, received number']);
    expect(problemLines(entries.get('nope'))).toEqual(['brands/nope: (folder): no such brand folder']);
    expect(entries.get('nxn')).toHaveProperty('brand.key', 'nxn');
  });

  test('holds only the defaults problem when _defaults/brand.json is broken: no brand can be read without it', async () => {
    const root = brandsCopy();
    writeFileSync(join(root, '_defaults/brand.json'), '{ "wideLogin": ');
    const { entries } = await collection(root);
    expect([...entries.keys()]).toEqual(['_defaults']);
    expect(problemLines(entries.get('_defaults'))).toEqual([expect.stringMatching(/^brands\/_defaults\/brand\.json: \(root\): invalid JSON: /)]);
  });
});

describe('the collection schema', () => {
  const [nxn] = loadBrands(BRANDS, ['nxn']);

  test('refuses an entry that is not a checked brand, naming the field', () => {
    const wrong = { ok: true, brand: { ...nxn, config: { ...nxn?.config, wideLogin: 'yes' } } };
    expect(brandFolderSchema.safeParse(wrong).error?.issues.map((issue) => issue.path.join('.'))).toContain('brand.config.wideLogin');
    const script = { ok: true, brand: { ...nxn, logoSvg: '<script>alert(1)</script>' } };
    expect(brandFolderSchema.safeParse(script).error?.issues.map((issue) => issue.path.join('.'))).toContain('brand.logoSvg');
    expect(brandFolderSchema.safeParse({ ok: true, brand: { ...nxn, extra: true } }).success).toBe(false);
  });

  test('refuses a problems entry without a problem, or a problem without its file', () => {
    expect(brandFolderSchema.safeParse({ ok: false, problems: [] }).success).toBe(false);
    expect(brandFolderSchema.safeParse({ ok: false, problems: [{ path: 'wideLogin', message: 'required' }] }).success).toBe(false);
  });

  test('takes what the loader reads from the shipped brands unchanged', () => {
    for (const brand of loadBrands(BRANDS)) expect(brandFolderSchema.parse({ ok: true, brand })).toEqual({ ok: true, brand });
  });
});
