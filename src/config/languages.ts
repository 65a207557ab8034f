import { z } from 'zod';

/** The languages every page is built in; the first is the default and the fallback. */
export const LANGUAGES = ['en-US', 'de-DE'] as const;

/** A language the portal is built in. */
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

export const DEFAULT_LANGUAGE: Language = 'en-US';

/**
 * Text a brand manager may give once for both languages or per language.
 * @example "Welcome" or { "en-US": "Welcome", "de-DE": "Willkommen" }
 */
export const localizedTextSchema = z.union(
  [z.string().min(1), z.strictObject({ 'en-US': z.string().min(1), 'de-DE': z.string().min(1) })],
  { error: 'must be a text, or { "en-US": text, "de-DE": text } with both languages' },
);
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** Picks the text for one language. */
export function localize(text: LocalizedText, language: Language): string {
  return typeof text === 'string' ? text : text[language];
}
