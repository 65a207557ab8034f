import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';

// Apart from load-brands.ts, which compiles themes (Sass): check:dist and release list the brands without loading them.

/** The brand keys present in a brands folder (folders starting with `_` hold shared data). */
export function listBrandKeys(brandsDir: string): string[] {
  return readdirSync(brandsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The languages a brand folder's brand.json offers (`languages`), read without loading the brand, for the checks
 * of a built dist/ that must know which pages to expect; every language of the list when it names none.
 * load-brands.ts checks the list itself (its schema: languages of the list, the default among them).
 */
export function offeredLanguages(brandsDir: string, key: string): readonly Language[] {
  try {
    const config: unknown = JSON.parse(readFileSync(join(brandsDir, key, 'brand.json'), 'utf8'));
    const named = typeof config === 'object' && config !== null ? (config as Record<string, unknown>)['languages'] : undefined;
    if (Array.isArray(named)) return LANGUAGES.filter((language) => named.includes(language));
  } catch {
    // Unreadable: the brand's own check reports it.
  }
  return LANGUAGES;
}
