import { z } from 'zod';
import { configProblemSchema } from './config-errors.ts';

/** The content sites of spec 7: `gateway` serves en-US, `portal-de-de` serves de-DE. */
export const contentSiteSchema = z.enum(['gateway', 'portal-de-de']);
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
