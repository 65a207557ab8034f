/** The languages every page is built in; the first is the default and the fallback. */
export const LANGUAGES = ['en-US', 'de-DE'] as const;

/** A language the portal is built in. */
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en-US';

/**
 * Text a brand manager may give once for both languages or per language.
 * @example "Welcome" or { "en-US": "Welcome", "de-DE": "Willkommen" }
 */
export type LocalizedText = string | Readonly<Record<Language, string>>;

/** Picks the text for one language. */
export function localize(text: LocalizedText, language: Language): string {
  return typeof text === 'string' ? text : text[language];
}
