import { z } from 'zod';

// Kept apart from domain/languages.ts so browser code that needs the language list never pulls in zod.

/** Brand text: one string for both languages, or both languages spelled out. */
export const localizedTextSchema = z.union(
  [z.string().min(1), z.strictObject({ 'en-US': z.string().min(1), 'de-DE': z.string().min(1) })],
  { error: 'must be a text, or { "en-US": text, "de-DE": text } with both languages' },
);
