import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');

test('a broken brand stops astro build with one line per problem', { timeout: 120_000 }, () => {
  const brands = mkdtempSync(join(tmpdir(), 'broken-brands-'));
  const out = mkdtempSync(join(tmpdir(), 'broken-dist-'));
  try {
    cpSync(join(root, 'brands'), brands, { recursive: true });
    writeFileSync(join(brands, 'cwa', 'brand.json'), JSON.stringify({ displayName: 'CWA', wideLogin: 1 }));
    rmSync(join(brands, 'harbor', 'logo.svg'));
    const nxn = JSON.parse(readFileSync(join(brands, 'nxn', 'brand.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(brands, 'nxn', 'brand.json'), JSON.stringify({ ...nxn, heroTextt: nxn['heroText'] }, null, 2));
    const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', out], {
      cwd: root,
      encoding: 'utf8',
      // Vitest's own variables (VITEST, NODE_ENV=test) would put Astro in test mode.
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORTAL_BRANDS_DIR: brands, BRANDS: 'cwa,harbor,nxn' },
    });
    const output = `${build.stdout}\n${build.stderr}`;
    expect(build.status).not.toBe(0);
    expect(output).toContain('brands/cwa/brand.json: wideLogin: expected boolean, received number');
    expect(output).toContain('brands/harbor/brand.json: logo: file "logo.svg" not found in brands/harbor/');
    // The misspelt key the editor flags (brand.schema.json) fails the build in the same words as the dev server's error page.
    expect(output).toContain('brands/nxn/brand.json: heroTextt: unknown key');
  } finally {
    rmSync(brands, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
});
