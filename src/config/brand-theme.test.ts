import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { compileBrandTheme, compileBrandThemes } from './brand-theme.ts';
import { listBrandKeys } from './load-brands.ts';

const shipped = join(import.meta.dirname, '../../brands');
const keys = listBrandKeys(shipped);

test('one compilation of every brand gives each brand the theme it gets alone', () => {
  const together = compileBrandThemes(shipped, keys);
  expect(Object.fromEntries(together)).toEqual(Object.fromEntries(keys.map((key) => [key, compileBrandTheme(shipped, key)])));
  expect(together.get('nxn')).toEqual({ css: expect.stringMatching(/^:root\{--font-family: system-ui.*--radius: 4px\}$/) as unknown });
  // Each brand wears the corner radius its theme.scss sets, written out here rather than compiled a second way.
  const radius: Record<string, string> = { nxn: '4px', brightpath529: '10px', cwa: '0', summit: '8px', harbor: '20px' };
  expect(keys.toSorted()).toEqual(Object.keys(radius).toSorted());
  for (const key of keys) expect(together.get(key), key).toEqual({ css: expect.stringContaining(`--radius: ${radius[key] ?? ''}}`) as unknown });
});

test('a brand that fails names itself; the others still compile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'themes-'));
  cpSync(shipped, dir, { recursive: true });
  writeFileSync(join(dir, 'cwa/theme.scss'), '$colour-primary: red;');
  writeFileSync(join(dir, 'summit/theme.scss'), '$color-primary: ;');
  const themes = compileBrandThemes(dir, keys);
  // Each problem also says where it sits in the file, for the dev server's error page.
  expect(themes.get('cwa')).toEqual({ problem: { file: 'brands/cwa/theme.scss', path: '$colour-primary', message: 'unknown token', at: { absolute: join(dir, 'cwa/theme.scss'), line: 1, column: 1 } } });
  expect(themes.get('summit')).toEqual({ problem: expect.objectContaining({ file: 'brands/summit/theme.scss', path: '(root)', at: expect.objectContaining({ absolute: join(dir, 'summit/theme.scss'), line: 1 }) as unknown }) as unknown });
  expect(themes.get('nxn')).toEqual(compileBrandTheme(shipped, 'nxn'));
});

test('a value with a brace in it cannot cut another brand\'s theme short', () => {
  const dir = mkdtempSync(join(tmpdir(), 'themes-'));
  cpSync(shipped, dir, { recursive: true });
  writeFileSync(join(dir, 'cwa/theme.scss'), '$font-family: "a}b", serif;');
  const themes = compileBrandThemes(dir, keys);
  expect(themes.get('cwa')).toEqual(compileBrandTheme(dir, 'cwa'));
  expect(themes.get('harbor')).toEqual(compileBrandTheme(dir, 'harbor'));
});
