import { z } from 'zod';
import { DEPLOYED_ENVIRONMENTS, ENVIRONMENTS } from '../domain/environments.ts';
import { PORTAL_KINDS } from '../domain/portal-kinds.ts';

const environmentSchema = z.enum(ENVIRONMENTS);
const deployedEnvironmentSchema = z.enum(DEPLOYED_ENVIRONMENTS);

const hostPatternSchema = z.string().min(1).refine((pattern) => {
  try {
    new RegExp(pattern, 'i');
    return true;
  } catch {
    return false;
  }
}, 'must be a valid regular expression');

/**
 * The environment map ops edit (`src/config/environment-map.json`): which host names are which
 * environment, and the per-environment values that depend on it. The same dist/ serves them all.
 */
export const environmentMapSchema = z.strictObject({
  /** Host-name regular expressions per environment (case-insensitive). @example { "QA": ["^portal-qa\\\\.nxn\\\\.example$"] } */
  domainEnvMap: z.partialRecord(deployedEnvironmentSchema, z.array(hostPatternSchema)),
  /** The provider's corporate domains, where the substring rules of spec 4.4 apply. @example ["nxn.example"] */
  corporateDomains: z.array(z.string().regex(/^[a-z0-9.-]+$/i, 'must be a domain name')).min(1),
  /** Environments where the White Label testing link shows (integration-test environments). */
  whiteLabelTestingEnvironments: z.array(environmentSchema),
  /** The digital-pulse events host per environment (login statistics). */
  digitalPulseHosts: z.partialRecord(environmentSchema, z.url({ protocol: /^https?$/ })),
  /**
   * SiteMinder agent names for the password-change redirect, per portal kind (brand.json `portalKind`):
   * QA has its own, every other environment shares one (spec 7).
   * @example { "investor": { "qa": "nxnportalqa", "other": "nxnportal" }, "client": { "qa": "nxnclientqa", "other": "nxnclient" } }
   */
  smagentname: z.record(z.enum(PORTAL_KINDS), z.strictObject({ qa: z.string().min(1), other: z.string().min(1) })),
});
export type EnvironmentMap = z.infer<typeof environmentMapSchema>;
