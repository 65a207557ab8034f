import type { DeployedEnvironment, Environment, EnvironmentMap } from '../config/environment-schema.ts';
import { PORTAL_KINDS } from '../config/portal-kinds.ts';
import type { PortalKind } from '../config/portal-kinds.ts';

/** The environment-resolution failures of spec 8, with their exact messages. */
export const ENVIRONMENT_ERRORS = {
  MALFORMED_MAP: 'Malformed DomainEnvMap mapping',
  MULTIPLE_MATCHES: 'Domain matches multiple environment domain regex',
  NO_MATCH: 'Domain did not match any domain regex',
} as const;
export type EnvironmentError = keyof typeof ENVIRONMENT_ERRORS;

export type EnvironmentResult = { ok: true; environment: Environment } | { ok: false; error: EnvironmentError };

/**
 * What a page uses when the environment cannot be resolved (after logging why). PRODUCTION on purpose:
 * a host the map does not know is treated as a customer-facing one, so it never shows test tooling
 * (the White Label testing link) and posts to the production SiteMinder agent; test hosts are the ones
 * ops list in the map.
 */
export const FALLBACK_ENVIRONMENT: Environment = 'PRODUCTION';

const DEPLOYED: readonly DeployedEnvironment[] = ['DEV', 'QA', 'XAT', 'PRODUCTION'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isPattern = (pattern: string) => {
  try {
    new RegExp(pattern, 'i');
    return pattern !== '';
  } catch {
    return false;
  }
};

/**
 * The map checked again in the browser (it travels in the page as data); null when malformed. The build
 * validates it with its zod schema (environmentMapSchema, the source of its type); this re-check is
 * written out because zod in the login page's islands would cost more than its JS budget leaves.
 * environment.test.ts holds it to the schema: it accepts what the schema accepts, and whatever it
 * accepts resolves without throwing.
 */
export function checkedEnvironmentMap(map: unknown): EnvironmentMap | null {
  if (!isRecord(map)) return null;
  const { domainEnvMap, corporateDomains, whiteLabelTestingEnvironments, digitalPulseHosts, smagentname } = map;
  const valid = isRecord(domainEnvMap) && Object.values(domainEnvMap).every((patterns) => isTextList(patterns) && patterns.every(isPattern))
    && isTextList(corporateDomains) && corporateDomains.length > 0
    && isTextList(whiteLabelTestingEnvironments)
    && isRecord(digitalPulseHosts) && Object.values(digitalPulseHosts).every((host) => typeof host === 'string')
    && isRecord(smagentname) && PORTAL_KINDS.every((kind) => {
      const agents = smagentname[kind];
      return isRecord(agents) && typeof agents['qa'] === 'string' && typeof agents['other'] === 'string';
    });
  return valid ? (map as EnvironmentMap) : null;
}

/** A host name as the rules compare it: lower case, without a port or the trailing dot of a fully qualified name. */
export function normaliseHost(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * The part of a (normalised) host in front of the longest corporate domain it belongs to: `wl-dev2` for
 * `wl-dev2.nxn.example`, '' for the domain itself; null for a host outside the corporate domains.
 */
function corporateOwnPart(host: string, corporateDomains: readonly string[]): string | null {
  let own: string | null = null;
  for (const domain of corporateDomains.map(normaliseHost)) {
    const part = host === domain ? '' : host.endsWith(`.${domain}`) ? host.slice(0, -domain.length - 1) : null;
    if (part !== null && (own === null || part.length < own.length)) own = part;
  }
  return own;
}

/**
 * Resolves the environment from the host name (spec 4.4): localhost or a bare alphanumeric host is
 * MOCK (LOCAL when asked for), then the map's host patterns, then the corporate-domain substring
 * rules. Total: a malformed map, a host matched by the patterns of several environments, and a host
 * matched by none outside the corporate domains are errors, never exceptions.
 */
export function resolveEnvironment(hostname: string, map: unknown, options: { local?: boolean } = {}): EnvironmentResult {
  const checked = checkedEnvironmentMap(map);
  if (!checked) return { ok: false, error: 'MALFORMED_MAP' };
  const host = normaliseHost(hostname);
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || /^[a-z0-9]+$/.test(host)) {
    return { ok: true, environment: options.local ? 'LOCAL' : 'MOCK' };
  }
  // Several patterns of one environment may match (a list per environment); patterns of two environments may not.
  const matches = DEPLOYED.filter((environment) => (checked.domainEnvMap[environment] ?? []).some((pattern) => new RegExp(pattern, 'i').test(host)));
  if (matches.length > 1) return { ok: false, error: 'MULTIPLE_MATCHES' };
  const [only] = matches;
  if (only) return { ok: true, environment: only };
  // The substring rules read the host's own part: a corporate domain that itself contains `dev` or
  // `test` must not make every host under it DEV or QA.
  const own = corporateOwnPart(host, checked.corporateDomains);
  if (own === null) return { ok: false, error: 'NO_MATCH' };
  if (own.includes('dev')) return { ok: true, environment: 'DEV' };
  if (['xat', 'qa', 'demo'].some((part) => own.includes(part))) return { ok: true, environment: 'XAT' };
  if (['test', 'uat'].some((part) => own.includes(part))) return { ok: true, environment: 'QA' };
  return { ok: true, environment: 'PRODUCTION' };
}

/** Logs a resolution failure with its spec 8 message and the host, for ops reading the browser console. */
function logEnvironmentError(error: EnvironmentError, hostname: string): void {
  console.error(ENVIRONMENT_ERRORS[error], normaliseHost(hostname));
}

/** The environment a page reports and acts on: resolved, or FALLBACK_ENVIRONMENT after logging the error. */
export function pageEnvironment(hostname: string, map: unknown): Environment {
  const result = resolveEnvironment(hostname, map);
  if (result.ok) return result.environment;
  logEnvironmentError(result.error, hostname);
  return FALLBACK_ENVIRONMENT;
}

/**
 * Whether the White Label testing link shows: integration-test environments on the provider's domains.
 * A host that cannot be resolved never shows it (the error is logged).
 */
export function showsWhiteLabelTesting(hostname: string, map: unknown): boolean {
  const result = resolveEnvironment(hostname, map);
  if (!result.ok) {
    logEnvironmentError(result.error, hostname);
    return false;
  }
  const checked = checkedEnvironmentMap(map);
  return checked !== null && corporateOwnPart(normaliseHost(hostname), checked.corporateDomains) !== null
    && checked.whiteLabelTestingEnvironments.includes(result.environment);
}

/**
 * The SiteMinder agent name for the password-change redirect (spec 7): it differs by portal kind, and QA
 * has its own while every other environment shares one. '' when the map is malformed (resolving the
 * environment logs that).
 */
export function smAgentName(environment: Environment, portalKind: PortalKind, map: unknown): string {
  const agents = checkedEnvironmentMap(map)?.smagentname[portalKind];
  if (!agents) return '';
  return environment === 'QA' ? agents.qa : agents.other;
}
