import { z } from 'zod';
import { ENVIRONMENTS } from '../domain/environments.ts';

/**
 * `src/config/site-files.json`: what ops set per environment for the files every host serves beside the pages,
 * `/.well-known/security.txt` (RFC 9116) and `/robots.txt`, and the optional page headers a bank's go-live may
 * ask for (HSTS preload, CSP reports). The build writes its environment's (docs/security.md).
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

/** Optional page headers of one environment (nginx and the static hosts send them with every page). */
const pageHeaderOptionsSchema = z.strictObject({
  /**
   * Adds `preload` to Strict-Transport-Security: only once every subdomain of the registrable domain serves HTTPS
   * and the domain is to be submitted to hstspreload.org (undoing it takes months). @example true
   */
  hstsPreload: z.boolean().optional(),
  /** Where browsers send CSP violation reports (Reporting API): the page policy gets `report-to`, pages `Reporting-Endpoints`. @example "https://csp-reports.nxn.example/portal" */
  cspReportTo: z.url({ protocol: /^https$/ }).optional(),
});
export type PageHeaderOptions = z.infer<typeof pageHeaderOptionsSchema>;

export const siteFilesSchema = z.strictObject({
  /** security.txt per environment: every environment has one (a test host is as open to reports as production). */
  securityTxt: z.record(z.enum(ENVIRONMENTS), securityTxtSchema),
  /**
   * Environments whose pages search engines may list (the login pages; never the recovery flows or the service
   * paths). Every other environment's robots.txt disallows everything. @example ["PRODUCTION"]
   */
  indexedEnvironments: z.array(z.enum(ENVIRONMENTS)),
  /** Page header options per environment; none by default. */
  pageHeaders: z.partialRecord(z.enum(ENVIRONMENTS), pageHeaderOptionsSchema).optional(),
});
export type SiteFiles = z.infer<typeof siteFilesSchema>;
