import { z } from 'zod';
import { configProblemSchema } from './config-errors.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/languages.ts';

/**
 * The content sites of spec 7, one per language of src/domain/languages.json: `gateway` serves the default
 * language (en-US), `portal-<tag in lower case>` each other (`portal-de-de` serves de-DE): contentSiteFor.
 */
export const contentSiteSchema = z.enum(['gateway', ...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => `portal-${language.toLowerCase()}`)]);
export type ContentSite = z.infer<typeof contentSiteSchema>;

/** A content JSON file (`content/<site>/<name>.json`), as the content service returns it. */
export const contentPageSchema = z.object({
  page: z.object({
    /** The page body as HTML; sanitized at build time before it reaches a page. */
    text_s: z.string(),
    /** Optional title. */
    title_s: z.string().optional(),
  }),
});

/** One content file read and checked, as the content collection holds it: its sanitized HTML, or what is wrong with it. */
export const contentFileSchema = z.union([
  z.strictObject({ file: z.string(), html: z.string() }),
  z.strictObject({ file: z.string(), problems: z.array(configProblemSchema).min(1) }),
]);
export type ContentFile = z.infer<typeof contentFileSchema>;
