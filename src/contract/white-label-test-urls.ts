import { z } from 'zod/mini';

/** GET /nxn-service/public/wlTestUrls: line-of-business groups with their client links. */
const whiteLabelTestGroupSchema = z.object({
  lobname: z.string(),
  contactemail: z.string(),
  plWLMap: z.array(z.object({ clientdesc: z.string(), wlKeyNonUniq: z.string(), wlHref: z.string() })),
});
export const whiteLabelTestUrlsSchema = z.array(whiteLabelTestGroupSchema);
export type WhiteLabelTestGroup = z.infer<typeof whiteLabelTestGroupSchema>;
