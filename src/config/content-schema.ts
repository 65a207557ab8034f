import { z } from 'zod';

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
