/** The environments of spec 4.4. */
export const ENVIRONMENTS = ['LOCAL', 'MOCK', 'DEV', 'XAT', 'QA', 'PRODUCTION'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Environments a host pattern can map to (LOCAL and MOCK come from the host shape). */
export const DEPLOYED_ENVIRONMENTS = ['DEV', 'QA', 'XAT', 'PRODUCTION'] as const;
export type DeployedEnvironment = (typeof DEPLOYED_ENVIRONMENTS)[number];

/** The environment-resolution failures of spec 8, with their exact messages. */
export const ENVIRONMENT_ERRORS = {
  MALFORMED_MAP: 'Malformed DomainEnvMap mapping',
  MULTIPLE_MATCHES: 'Domain matches multiple environment domain regex',
  NO_MATCH: 'Domain did not match any domain regex',
} as const;
export type EnvironmentError = keyof typeof ENVIRONMENT_ERRORS;

/**
 * What a page uses when the environment cannot be resolved (after logging why). PRODUCTION on purpose:
 * a host the map does not know is treated as a customer-facing one, so it never shows test tooling
 * (the White Label testing link) and posts to the production SiteMinder agent; test hosts are the ones
 * ops list in the map.
 */
export const FALLBACK_ENVIRONMENT: Environment = 'PRODUCTION';
