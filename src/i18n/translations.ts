import type { Language } from '../domain/languages.ts';
import enCommon from './locales/en-US/common.json' with { type: 'json' };
import enLogin from './locales/en-US/login.json' with { type: 'json' };
import enPages from './locales/en-US/pages.json' with { type: 'json' };
import enRecovery from './locales/en-US/recovery.json' with { type: 'json' };
import enPasskeys from './locales/en-US/passkeys.json' with { type: 'json' };
import deCommon from './locales/de-DE/common.json' with { type: 'json' };
import deLogin from './locales/de-DE/login.json' with { type: 'json' };
import dePages from './locales/de-DE/pages.json' with { type: 'json' };
import deRecovery from './locales/de-DE/recovery.json' with { type: 'json' };
import dePasskeys from './locales/de-DE/passkeys.json' with { type: 'json' };

const enUS = { ...enCommon, ...enPages, ...enLogin, ...enRecovery, ...enPasskeys };

/** Every translation key; en-US is the source of the key set. */
export type TranslationKey = keyof typeof enUS;

/** The flat dotted-key tables per language (de-DE is checked against en-US by a test). */
export const TRANSLATIONS: Record<Language, Record<TranslationKey, string>> = {
  'en-US': enUS,
  'de-DE': { ...deCommon, ...dePages, ...deLogin, ...deRecovery, ...dePasskeys },
};

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
  const table: Readonly<Record<string, string>> = TRANSLATIONS[language];
  const translate: Translate = (key, values) => {
    const text = table[key];
    // A missing key or value is a build error, not a key or a placeholder shown to a visitor.
    if (text === undefined) throw new Error(`Missing translation ${language}: ${key}`);
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
