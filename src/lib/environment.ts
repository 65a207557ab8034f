import type { DeployedEnvironment, Environment, EnvironmentMap } from '../config/environment-schema.ts';

/** The environment-resolution failures of spec 8, with their exact messages. */
export const ENVIRONMENT_ERRORS = {
  MALFORMED_MAP: 'Malformed DomainEnvMap mapping',
  MULTIPLE_MATCHES: 'Domain matches multiple environment domain regex',
  NO_MATCH: 'Domain did not match any domain regex',
} as const;
export type EnvironmentError = keyof typeof ENVIRONMENT_ERRORS;

export type EnvironmentResult = { ok: true; environment: Environment } | { ok: false; error: EnvironmentError };

const DEPLOYED: readonly DeployedEnvironment[] = ['DEV', 'QA', 'XAT', 'PRODUCTION'];

/**
 * Resolves the environment from the host name (spec 4.4): localhost or a bare alphanumeric host is
 * MOCK (LOCAL when asked for), then the map's host patterns, then the corporate-domain substring
 * rules. The map travels in the page as data, so it is checked again here.
 */
export function resolveEnvironment(hostname: string, map: EnvironmentMap, options: { local?: boolean } = {}): EnvironmentResult {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '').replace(/:\d+$/, '');
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || /^[a-z0-9]+$/.test(host)) {
    return { ok: true, environment: options.local ? 'LOCAL' : 'MOCK' };
  }
  const matches: DeployedEnvironment[] = [];
  for (const environment of DEPLOYED) {
    const patterns = map.domainEnvMap[environment] ?? [];
    if (!Array.isArray(patterns)) return { ok: false, error: 'MALFORMED_MAP' };
    for (const pattern of patterns) {
      let regex: RegExp;
      try {
        regex = new RegExp(pattern, 'i');
      } catch {
        return { ok: false, error: 'MALFORMED_MAP' };
      }
      if (regex.test(host) && !matches.includes(environment)) matches.push(environment);
    }
  }
  if (matches.length > 1) return { ok: false, error: 'MULTIPLE_MATCHES' };
  const [only] = matches;
  if (only) return { ok: true, environment: only };
  const corporate = map.corporateDomains.some((domain) => host === domain.toLowerCase() || host.endsWith(`.${domain.toLowerCase()}`));
  if (!corporate) return { ok: false, error: 'NO_MATCH' };
  if (host.includes('dev')) return { ok: true, environment: 'DEV' };
  if (['xat', 'qa', 'demo'].some((part) => host.includes(part))) return { ok: true, environment: 'XAT' };
  if (['test', 'uat'].some((part) => host.includes(part))) return { ok: true, environment: 'QA' };
  return { ok: true, environment: 'PRODUCTION' };
}

/** Whether the White Label testing link shows: integration-test environments on the provider's domains. */
export function showsWhiteLabelTesting(hostname: string, map: EnvironmentMap): boolean {
  const result = resolveEnvironment(hostname, map);
  if (!result.ok) return false;
  const host = hostname.toLowerCase();
  const onProviderDomain = map.corporateDomains.some((domain) => host === domain || host.endsWith(`.${domain}`));
  return onProviderDomain && map.whiteLabelTestingEnvironments.includes(result.environment);
}

/** The SiteMinder agent name for the password-change redirect (QA differs, spec 7). */
export function smAgentName(environment: Environment, map: EnvironmentMap): string {
  return environment === 'QA' ? map.smagentname.qa : map.smagentname.other;
}
