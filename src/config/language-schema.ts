import { z } from 'zod';
import languageList from '../domain/languages.json' with { type: 'json' };

// Kept apart from domain/languages.ts so browser code that needs the language list never pulls in zod.

/**
 * A language tag as the list writes it: language and region, `en-US`, `de-DE` (the cookie's `de_DE` form maps onto
 * it). Its format is what lets a tag go into a path, a file name, a header and a cookie without escaping.
 */
export const languageTagSchema = z.string().regex(/^[a-z]{2,3}-[A-Z]{2}$/, 'must be a language tag like en-US: language, hyphen, region');


/**
 * `src/domain/languages.json`, the one list of languages: the tags, the default, and the address rule. The rule is
 * data so that it is read in one place, but the hosts' routes (nginx, _redirects, the worker, the server) are
 * written for this one rule, so the schema admits only it: the default has no prefix, the others `/<tag>`.
 */
export const languagesFileSchema = z.object({
  $comment: z.string().optional(),
  default: languageTagSchema,
  languages: z.array(languageTagSchema).min(1),
  addresses: z.strictObject({ default: z.literal(''), others: z.literal('/{language}') }),
}).refine((file) => file.languages.includes(file.default), { path: ['default'], message: 'must be one of languages' })
  .refine((file) => new Set(file.languages).size === file.languages.length, { path: ['languages'], message: 'names a language twice' });

const [FIRST = '', ...REST] = languageList.languages;
const LIST = [FIRST, ...REST] as const;

/**
 * Brand text: one string for every language, or a text per language. Which languages a text must name is the
 * brand's (its `languages`, default all): load-brands.ts checks that, with the file and key.
 */
export const localizedTextSchema = z.union(
  [z.string().min(1), z.partialRecord(z.enum(LIST), z.string().min(1)).refine((texts) => Object.keys(texts).length > 0, { error: 'names no language' })],
  { error: `must be a text, or { ${LIST.map((tag) => `"${tag}": text`).join(', ')} } with a text per language` },
);
