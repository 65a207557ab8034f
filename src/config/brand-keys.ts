import { readdirSync } from 'node:fs';

// Apart from load-brands.ts, which compiles themes (Sass): check:dist and release list the brands without loading them.

/** The brand keys present in a brands folder (folders starting with `_` hold shared data). */
export function listBrandKeys(brandsDir: string): string[] {
  return readdirSync(brandsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}
