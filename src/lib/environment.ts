import type { BuiltEnvironmentMap, EnvironmentMap } from '../contract/environment-map.ts';
import { DEPLOYED_ENVIRONMENTS, ENVIRONMENT_ERRORS, FALLBACK_ENVIRONMENT } from '../domain/environments.ts';
import type { DeployedEnvironment, Environment, EnvironmentError } from '../domain/environments.ts';
import type { PortalKind } from '../domain/portal-kinds.ts';

export type EnvironmentResult = { ok: true; environment: Environment } | { ok: false; error: EnvironmentError };

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
 * rules. Total: a pattern this browser cannot compile, a host matched by the patterns of several environments, and a host
 * matched by none outside the corporate domains are errors, never exceptions.
 */
export function resolveEnvironment(hostname: string, map: EnvironmentMap, options: { local?: boolean } = {}): EnvironmentResult {
  const host = normaliseHost(hostname);
  if (host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || /^[a-z0-9]+$/.test(host)) {
    return { ok: true, environment: options.local ? 'LOCAL' : 'MOCK' };
  }
  // Several patterns of one environment may match (a list per environment); patterns of two environments may not.
  let matches: DeployedEnvironment[];
  try {
    matches = DEPLOYED_ENVIRONMENTS.filter((environment) => (map.domainEnvMap[environment] ?? []).some((pattern) => new RegExp(pattern, 'i').test(host)));
  } catch {
    // The build compiled every pattern; a browser whose regular expressions differ may still refuse one.
    return { ok: false, error: 'MALFORMED_MAP' };
  }
  if (matches.length > 1) return { ok: false, error: 'MULTIPLE_MATCHES' };
  const [only] = matches;
  if (only) return { ok: true, environment: only };
  // The substring rules read the host's own part: a corporate domain that itself contains `dev` or
  // `test` must not make every host under it DEV or QA.
  const own = corporateOwnPart(host, map.corporateDomains);
  if (own === null) return { ok: false, error: 'NO_MATCH' };
  const rule = OWN_PART_RULES.find(([, parts]) => parts.some((part) => own.includes(part)));
  return { ok: true, environment: rule ? rule[0] : 'PRODUCTION' };
}

/** Spec 4.4's substring rules for a corporate host's own part, in the order they are tried. */
export const OWN_PART_RULES: ReadonlyArray<readonly [DeployedEnvironment, readonly string[]]> = [['DEV', ['dev']], ['XAT', ['xat', 'qa', 'demo']], ['QA', ['test', 'uat']]];

/**
 * The environment a host is for in this build (docs/deploying.md): a MOCK or LOCAL build (never deployed, it
 * carries the whole map) answers spec 4.4's resolution as it is; a build for a deployed environment accepts
 * only hosts that resolve to that environment, and a host that resolves to another one is an error like a
 * host that matches nothing: that build does not know the other environment's values.
 */
export function checkBuiltEnvironment(hostname: string, map: BuiltEnvironmentMap): EnvironmentResult & { resolved?: Environment } {
  const result = resolveEnvironment(hostname, map, { local: map.build === 'LOCAL' });
  if (!result.ok || map.build === 'MOCK' || map.build === 'LOCAL' || result.environment === map.build) return result;
  return { ok: false, error: 'NO_MATCH', resolved: result.environment };
}

/** Logs a resolution failure with its spec 8 message, the host and the build's environment, for ops reading the browser console. */
function logEnvironmentError(error: EnvironmentError, hostname: string, map: BuiltEnvironmentMap, resolved?: Environment): void {
  console.error(ENVIRONMENT_ERRORS[error], normaliseHost(hostname), `(this build is for ${map.build}${resolved ? `; the host is a ${resolved} host` : ''})`);
}

/**
 * The environment a page reports and acts on: the host's, checked against the build; after logging an error,
 * the build's own environment (the only values a deployed build has), or PRODUCTION in a MOCK or LOCAL build,
 * so an unknown host there never shows test tooling (FALLBACK_ENVIRONMENT).
 */
export function pageEnvironment(hostname: string, map: BuiltEnvironmentMap): Environment {
  const result = checkBuiltEnvironment(hostname, map);
  if (result.ok) return result.environment;
  logEnvironmentError(result.error, hostname, map, result.resolved);
  return map.build === 'MOCK' || map.build === 'LOCAL' ? FALLBACK_ENVIRONMENT : map.build;
}

/**
 * Whether the White Label testing link shows: integration-test environments on the provider's domains.
 * A host that cannot be resolved, or is not for this build, never shows it (the error is logged).
 */
export function showsWhiteLabelTesting(hostname: string, map: BuiltEnvironmentMap): boolean {
  const result = checkBuiltEnvironment(hostname, map);
  if (!result.ok) {
    logEnvironmentError(result.error, hostname, map, result.resolved);
    return false;
  }
  return corporateOwnPart(normaliseHost(hostname), map.corporateDomains) !== null
    && map.whiteLabelTestingEnvironments.includes(result.environment);
}

/**
 * The SiteMinder agent name for the password-change redirect (spec 7): it differs by portal kind, and QA
 * has its own while every other environment shares one.
 */
export function smAgentName(environment: Environment, portalKind: PortalKind, map: EnvironmentMap): string {
  const agents = map.smagentname[portalKind];
  return environment === 'QA' ? agents.qa : agents.other;
}
