import languageList from './languages.json' with { type: 'json' };

// The languages are data (src/domain/languages.json, checked against languagesFileSchema in
// src/config/language-schema.ts by the build and brand:check); this module is what every page, server and
// pre-paint script reads of them. It imports the JSON and no zod, so the ES5 pre-paint scripts that need the
// list carry the list, not a validator.

/** A language of the portal: a tag of the list (its format: languageTagSchema). */
export type Language = (typeof languageList.languages)[number];

/** The languages pages are built in, in the list's order; the default is one of them. */
export const LANGUAGES: readonly Language[] = languageList.languages;

/** The language of addresses without a prefix and of a missing or unknown language cookie. */
export const DEFAULT_LANGUAGE: Language = languageList.default;

/** The languages other than the default: the ones whose addresses carry a prefix. */
export const PREFIXED_LANGUAGES: readonly Language[] = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

/**
 * The address prefix of a language, by the list's address rule: '' for the default, `/<tag>` for the others
 * (languagesFileSchema admits only this rule; every host's routes are written from it). Concatenation and a
 * replace, not a template: the ES5 pre-paint scripts use it.
 */
export function languagePrefix(language: Language): string {
  return language === DEFAULT_LANGUAGE ? languageList.addresses.default : languageList.addresses.others.replace('{language}', language);
}

/** Whether a value names a language of the list (exact tag). A loop, not `includes`: ES5 without polyfills. */
export function isLanguage(value: string): value is Language {
  for (const language of LANGUAGES) {
    if (language === value) return true;
  }
  return false;
}

/**
 * Text a brand manager may give once for every language or per language.
 * @example "Welcome" or { "en-US": "Welcome", "de-DE": "Willkommen" }
 */
export type LocalizedText = string | Readonly<Partial<Record<Language, string>>>;

/**
 * Picks the text for one language. A brand's texts are checked to name every language it offers (brand:check,
 * the build); one missing here anyway shows the default language's.
 */
export function localize(text: LocalizedText, language: Language): string {
  return typeof text === 'string' ? text : (text[language] ?? text[DEFAULT_LANGUAGE] ?? '');
}
