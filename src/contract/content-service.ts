import { z } from 'zod/mini';

/** GET /app/npx/public/contentsvcs/v1/api/sites/{site}/sblocks/open/{block}: an HTML block. */
export const contentBlockSchema = z.object({ block: z.object({ text: z.string() }) });
export type ContentBlock = z.infer<typeof contentBlockSchema>;

/** Content sites: gateway for en-US, portal-de-DE for de-DE (spec 7). */
export const contentServiceSiteSchema = z.enum(['gateway', 'portal-de-DE']);
