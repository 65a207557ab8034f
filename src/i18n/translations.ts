import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';
import { readLocaleTable } from './locale-files.ts';
// The key set's source: the key type is read from these files, so a key used in code and missing from them is a
// type error. Every language's tables, these included, are found below by their folder.
import sourceCommon from './locales/en-US/common.json' with { type: 'json' };
import sourceLogin from './locales/en-US/login.json' with { type: 'json' };
import sourcePages from './locales/en-US/pages.json' with { type: 'json' };
import sourceRecovery from './locales/en-US/recovery.json' with { type: 'json' };
import sourcePasskeys from './locales/en-US/passkeys.json' with { type: 'json' };

/** Every translation key; the en-US tables are the source of the key set. */
export type TranslationKey = keyof (typeof sourceCommon & typeof sourceLogin & typeof sourcePages & typeof sourceRecovery & typeof sourcePasskeys);


/**
 * The flat dotted-key tables per language of the list. A language's table may lack keys (a test and brand:check
 * name them): at run time such a key shows as itself; the build stops on it for a language a brand offers
 * (createTranslator, check-translations.ts).
 */
export const TRANSLATIONS: Readonly<Record<Language, Readonly<Partial<Record<TranslationKey, string>>>>> = Object.fromEntries(
  // Found by folder (`src/i18n/locales/<tag>/*.json`): a language of the list is its folder, no code names it.
  // Read once per build, from the files (not a bundler's glob): the e2e specs and node scripts read them too.
  LANGUAGES.map((language) => [language, readLocaleTable(language)]),
);

/**
 * One language's table, for tests and checks that read texts by key: empty for a tag outside the list. Typed as
 * complete; missingTranslationKeys says which keys it lacks.
 */
export function translationsOf(language: Language): Readonly<Record<TranslationKey, string>> {
  return (TRANSLATIONS[language] ?? {}) as Readonly<Record<TranslationKey, string>>;
}

/** The keys a language's table lacks, against the default language's (the source of the key set). */
export function missingTranslationKeys(language: Language): TranslationKey[] {
  const table = TRANSLATIONS[language] ?? {};
  return (Object.keys(TRANSLATIONS[DEFAULT_LANGUAGE] ?? {}) as TranslationKey[]).filter((key) => table[key] === undefined);
}

/** Translates one key, filling `{{placeholders}}`. */
export type Translate = (key: TranslationKey, values?: Record<string, string | number>) => string;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

const translators = new Map<Language, Translate>();

/**
 * The translator for one language; built once per build and shared by every page. The tables are flat and
 * their only syntax is `{{placeholder}}`, so a lookup and a replace do what a general i18n library did at
 * a tenth of its cost per call: 22,000 pages each translate some hundred texts.
 */
export function createTranslator(language: Language): Translate {
  const existing = translators.get(language);
  if (existing) return existing;
  const table: Readonly<Record<string, string>> = TRANSLATIONS[language] ?? {};
  const translate: Translate = (key, values) => {
    const text = table[key];
    // A missing key or value is a build error, not a key or a placeholder shown to a visitor.
    if (text === undefined) throw new Error(`Missing translation ${language}: ${key} (src/i18n/locales/${language}/)`);
    // Without values a text stays a template: islands fill its placeholders in the browser.
    if (values === undefined || !text.includes('{{')) return text;
    return text.replace(PLACEHOLDER, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`Translation ${language}: ${key} needs a value for {{${name}}}`);
      return String(value);
    });
  };
  translators.set(language, translate);
  return translate;
}

/** Picks a subset of keys as plain strings, for handing to an island as props. */
export function pickStrings<K extends TranslationKey>(t: Translate, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as Record<K, string>;
}
