import i18next from 'i18next';
import type { Language } from '../domain/languages.ts';
import enCommon from './locales/en-US/common.json' with { type: 'json' };
import enLogin from './locales/en-US/login.json' with { type: 'json' };
import enPages from './locales/en-US/pages.json' with { type: 'json' };
import enRecovery from './locales/en-US/recovery.json' with { type: 'json' };
import deCommon from './locales/de-DE/common.json' with { type: 'json' };
import deLogin from './locales/de-DE/login.json' with { type: 'json' };
import dePages from './locales/de-DE/pages.json' with { type: 'json' };
import deRecovery from './locales/de-DE/recovery.json' with { type: 'json' };

const enUS = { ...enCommon, ...enPages, ...enLogin, ...enRecovery };

/** Every translation key; en-US is the source of the key set. */
export type TranslationKey = keyof typeof enUS;

/** The flat dotted-key tables per language (de-DE is checked against en-US by a test). */
export const TRANSLATIONS: Record<Language, Record<TranslationKey, string>> = {
  'en-US': enUS,
  'de-DE': { ...deCommon, ...dePages, ...deLogin, ...deRecovery },
};

/** Translates one key, filling `{{placeholders}}`. */
export type Translate = (key: TranslationKey, values?: Record<string, string | number>) => string;

const translators = new Map<Language, Translate>();

/** The translator for one language; built once per build and shared by every page. */
export function createTranslator(language: Language): Translate {
  const existing = translators.get(language);
  if (existing) return existing;
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    initAsync: false,
    keySeparator: false,
    nsSeparator: false,
    resources: { [language]: { translation: TRANSLATIONS[language] } },
    interpolation: { escapeValue: false },
    // A missing key is a build error, not a key shown to a visitor.
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => {
      throw new Error(`Missing translation ${language}: ${key}`);
    },
  });
  const translate: Translate = (key, values) => instance.t(key, values ?? {});
  translators.set(language, translate);
  return translate;
}

/** Picks a subset of keys as plain strings, for handing to an island as props. */
export function pickStrings<K extends TranslationKey>(t: Translate, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as Record<K, string>;
}
