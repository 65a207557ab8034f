import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigProblem } from '../config/config-errors.ts';
import { LOCALES_DIR } from '../config/paths.ts';
import { DEFAULT_LANGUAGE } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';

/**
 * One language's flat table: every JSON file of its folder, merged in file-name order (each file's keys carry
 * its name, so none collide); empty for a language without a folder (its keys then show as themselves).
 */
export function readLocaleTable(language: Language, localesDir: string = LOCALES_DIR): Record<string, string> {
  const folder = join(localesDir, language);
  if (!existsSync(folder)) return {};
  const tables = readdirSync(folder).filter((name) => name.endsWith('.json')).sort().map((name) => readTable(join(folder, name)) ?? {});
  return Object.fromEntries(tables.flatMap((table) => Object.entries(table).filter((entry): entry is [string, string] => typeof entry[1] === 'string')));
}

/** A translations file's flat table, or undefined when it is missing or not a JSON object of texts. */
function readTable(file: string): Record<string, unknown> | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every text a language's translations lack against the default language's (the source of the key set), one
 * problem per file and key: what brand:check and the build stop on for a language a brand offers. Read from the
 * files (not translations.ts, which the build's bundler assembles), so node scripts can run it.
 */
export function missingTranslations(language: Language, localesDir: string = LOCALES_DIR): ConfigProblem[] {
  if (language === DEFAULT_LANGUAGE) return [];
  const sourceDir = join(localesDir, DEFAULT_LANGUAGE);
  const files = readdirSync(sourceDir).filter((name) => name.endsWith('.json')).sort();
  return files.flatMap((name): ConfigProblem[] => {
    const file = `src/i18n/locales/${language}/${name}`;
    const source = readTable(join(sourceDir, name)) ?? {};
    const table = readTable(join(localesDir, language, name));
    if (!table) return [{ file, path: '(root)', message: `missing or not a JSON object: copy src/i18n/locales/${DEFAULT_LANGUAGE}/${name} and translate its texts` }];
    return Object.keys(source)
      .filter((key) => typeof table[key] !== 'string' || table[key].trim() === '')
      .map((key) => ({ file, path: key, message: `no ${language} text (the ${DEFAULT_LANGUAGE} text: ${JSON.stringify(source[key])})` }));
  });
}
