import { z } from 'zod';
import { ENVIRONMENTS } from '../domain/environments.ts';

/**
 * `src/config/site-files.json`: what ops set per environment for the files every host serves beside the pages,
 * `/.well-known/security.txt` (RFC 9116) and `/robots.txt`. The build writes its environment's (docs/security.md).
 */

/** RFC 9116's fields for one environment. */
const securityTxtSchema = z.strictObject({
  /** Where to report a vulnerability, most preferred first: `mailto:`, `https:` or `tel:` URIs. @example ["mailto:security@nxn.example"] */
  contact: z.array(z.string().regex(/^(?:mailto:[^\s@]+@[^\s@]+|https:\/\/\S+|tel:\+?[\d-]+)$/, 'must be a mailto:, https: or tel: URI')).min(1),
  /** Days from the build until the file's `Expires` (RFC 9116 advises less than a year): rebuild before then. @example 180 */
  expiresDays: z.number().int().min(1).max(365),
  /** The disclosure policy's https address. */
  policy: z.url({ protocol: /^https$/ }).optional(),
  /** Languages the security team reads (RFC 5646 tags). @example ["en", "de"] */
  preferredLanguages: z.array(z.string().regex(/^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*$/)).min(1).optional(),
  /** Acknowledgments page, https. */
  acknowledgments: z.url({ protocol: /^https$/ }).optional(),
});
export type SecurityTxt = z.infer<typeof securityTxtSchema>;

export const siteFilesSchema = z.strictObject({
  /** security.txt per environment: every environment has one (a test host is as open to reports as production). */
  securityTxt: z.record(z.enum(ENVIRONMENTS), securityTxtSchema),
  /**
   * Environments whose pages search engines may list (the login pages; never the recovery flows or the service
   * paths). Every other environment's robots.txt disallows everything. @example ["PRODUCTION"]
   */
  indexedEnvironments: z.array(z.enum(ENVIRONMENTS)),
});
export type SiteFiles = z.infer<typeof siteFilesSchema>;
