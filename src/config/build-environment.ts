import { z } from 'zod';
import { ENVIRONMENTS } from '../domain/environments.ts';
import type { DeployedEnvironment, Environment } from '../domain/environments.ts';
import { ConfigError } from './config-errors.ts';
import type { BuiltEnvironmentMap, EnvironmentMap } from '../contract/environment-map.ts';
import { loadEnvironmentMap } from './load-environment-map.ts';

// Build time only: which environment a build is for, and what of the environment map its pages carry.

/** The variable that names the build's environment. */
const BUILD_ENVIRONMENT_VARIABLE = 'PORTAL_ENVIRONMENT';
/** What `npm start`, `npm run dev` and the tests build: the emulator's environment. */
const DEFAULT_BUILD_ENVIRONMENT: Environment = 'MOCK';

/** Builds that never deploy: they keep every environment's entries so each can be tried on this machine. */
const isDevelopmentBuild = (environment: Environment): boolean => environment === 'MOCK' || environment === 'LOCAL';

/**
 * The build's environment from `PORTAL_ENVIRONMENT` (MOCK when unset); any other value stops the build. A build
 * on a static host's Git integration (Netlify sets NETLIFY=true, Cloudflare Pages CF_PAGES=1) is published as it
 * is, with no release step to refuse it: there a MOCK or LOCAL build stops the build instead.
 */
export function buildEnvironment(variables: NodeJS.ProcessEnv = process.env): Environment {
  const value = (variables[BUILD_ENVIRONMENT_VARIABLE] ?? '').trim() || DEFAULT_BUILD_ENVIRONMENT;
  const parsed = z.enum(ENVIRONMENTS).safeParse(value);
  if (!parsed.success) {
    throw new ConfigError([{ file: BUILD_ENVIRONMENT_VARIABLE, path: '(value)', message: `"${value}" is not an environment: one of ${ENVIRONMENTS.join(', ')}` }]);
  }
  const publishedBy = variables['NETLIFY'] === 'true' ? 'Netlify' : variables['CF_PAGES'] === '1' ? 'Cloudflare Pages' : undefined;
  if (publishedBy && isDevelopmentBuild(parsed.data)) {
    throw new ConfigError([{ file: BUILD_ENVIRONMENT_VARIABLE, path: '(value)', message: `a ${parsed.data} build is a test build and ${publishedBy} publishes what it builds: set ${BUILD_ENVIRONMENT_VARIABLE} (PRODUCTION, QA, XAT or DEV) in the site's environment variables` }]);
  }
  return parsed.data;
}

const only = <T>(record: Partial<Record<Environment, T>>, environment: Environment): Partial<Record<Environment, T>> =>
  (record[environment] === undefined ? {} : { [environment]: record[environment] });

/**
 * The map reduced to one deployed environment: its host patterns, digital-pulse host, White Label testing and
 * SiteMinder agent names, and nothing of any other environment (nor any passkey configuration, which pages do
 * not use). The corporate domains stay: the
 * spec's substring rules need them to tell this environment's corporate hosts from the others'. MOCK and
 * LOCAL keep every environment's entries.
 */
export function scopeEnvironmentMap(map: EnvironmentMap, environment: Environment): BuiltEnvironmentMap {
  // Pages never need the passkey configuration (the service holds it; the build writes the related-origins file).
  if (isDevelopmentBuild(environment)) {
    const pageMap: Omit<EnvironmentMap, 'passkeys'> & { passkeys?: unknown } = { ...map };
    delete pageMap.passkeys;
    return { ...pageMap, build: environment };
  }
  const deployed = environment as DeployedEnvironment;
  const agent = (names: { qa: string; other: string }) => (environment === 'QA' ? names.qa : names.other);
  return {
    build: environment,
    domainEnvMap: only(map.domainEnvMap, deployed),
    corporateDomains: map.corporateDomains,
    whiteLabelTestingEnvironments: map.whiteLabelTestingEnvironments.filter((name) => name === environment),
    digitalPulseHosts: only(map.digitalPulseHosts, environment),
    // One name per portal kind, the build's: the other environments' agents are not this build's business.
    smagentname: Object.fromEntries(Object.entries(map.smagentname).map(([kind, names]) => [kind, { qa: agent(names), other: agent(names) }])) as EnvironmentMap['smagentname'],
  };
}

/** The environment map of this build's pages: validated, reduced to `PORTAL_ENVIRONMENT`'s entries. */
export function loadBuiltEnvironmentMap(root: string = process.cwd(), environment: Environment = buildEnvironment()): BuiltEnvironmentMap {
  return scopeEnvironmentMap(loadEnvironmentMap(root), environment);
}

/**
 * What a built dist/ says about itself (`_portal-build.json` in its dist-server/, build metadata no host serves): the environment
 * it was built for, read by `npm run release`, `check:dist` and `npm start`, and the passkey configuration
 * check:dist checks.
 */
export const BUILD_INFO_FILE = '_portal-build.json';
export const buildInfoSchema = z.strictObject({
  environment: z.enum(ENVIRONMENTS),
  /** The commit the build was made from (`git rev-parse HEAD`, `-dirty` with uncommitted changes; PORTAL_COMMIT overrides). */
  commit: z.string(),
  /** The RP ID and each related origin with the brands on it (empty in MOCK and LOCAL: the RP ID is the page's host). */
  passkeys: z.strictObject({
    rpId: z.string().nullable(),
    /**
     * Every origin whose pages use the RP ID's passkeys, the RP ID's own and those under it included: what the
     * service must allow as a WebAuthn client origin (and for its calls) in this environment.
     */
    allowedOrigins: z.array(z.string()),
    relatedOrigins: z.array(z.strictObject({ origin: z.string(), brands: z.array(z.string()) })),
  }),
});
export type BuildInfo = z.infer<typeof buildInfoSchema>;

/**
 * The RP ID of this build's environment (environment-map.json `passkeys`), for the pre-paint gate that tells a
 * host outside its domain (page-scripts/webauthn-gate.ts, given it as pre-paint build data); null in MOCK and LOCAL,
 * where the RP ID is the page's host.
 */
export function buildPasskeyRpId(root: string = process.cwd(), environment: Environment = buildEnvironment()): string | null {
  if (isDevelopmentBuild(environment)) return null;
  return loadEnvironmentMap(root).passkeys?.[environment as DeployedEnvironment]?.rpId ?? null;
}
