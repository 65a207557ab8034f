import { z } from 'zod';
import { DEPLOYED_ENVIRONMENTS, ENVIRONMENTS } from '../domain/environments.ts';
import { HOST_NAME_FORMAT } from '../domain/host-names.ts';
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

const hostNameSchema = z.string().regex(new RegExp(`^${HOST_NAME_FORMAT}$`), 'must be a lowercase host name without scheme, port or path');

/**
 * An environment's passkeys (WebAuthn): the RP ID its passkeys are bound to and the origins, besides the
 * brands' own hosts (brand.json `hosts`), allowed to use them. Origins outside the RP ID's domain go into
 * the related-origins file `/.well-known/webauthn` that the build writes (docs/passkeys.md).
 */
const passkeyEnvironmentSchema = z.strictObject({
  /** A host name the environment's pages are on or under; never a parent of another environment's hosts. @example "portal.nxn.example" */
  rpId: hostNameSchema,
  /** https origins allowed to use the RP ID. @example ["https://portal.nxn.example"] */
  origins: z.array(z.url({ protocol: /^https$/ }).refine((url) => new URL(url).origin === url, 'must be an origin: https://host, without a path or a trailing slash')),
});

/**
 * The environment map ops edit (`src/config/environment-map.json`): which host names are which
 * environment, and the per-environment values that depend on it. A build is made for one environment
 * (`PORTAL_ENVIRONMENT`, see src/config/build-environment.ts): its pages carry only that environment's entries.
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
  /** Passkeys per deployed environment (MOCK and LOCAL use the page's host as the RP ID). */
  passkeys: z.partialRecord(deployedEnvironmentSchema, passkeyEnvironmentSchema).optional(),
});
export type EnvironmentMap = z.infer<typeof environmentMapSchema>;

/**
 * The map a build's pages carry: the environment map reduced to the build's environment (`build`), except in
 * MOCK and LOCAL builds, which never deploy and keep every environment so each can be tried on this machine.
 */
export type BuiltEnvironmentMap = Omit<EnvironmentMap, 'passkeys'> & { build: z.infer<typeof environmentSchema> };
