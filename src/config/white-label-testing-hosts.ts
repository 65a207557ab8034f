import type { EnvironmentMap } from '../contract/environment-map.ts';
import { DEPLOYED_ENVIRONMENTS } from '../domain/environments.ts';
import { normaliseHost, OWN_PART_RULES } from '../lib/environment.ts';

// Build time only (login.astro): kept out of lib/environment.ts, whose chunk the browser loads.

/**
 * A regular expression (its source, for a case-insensitive test of a host without its trailing dot) that
 * every host showing the White Label testing link matches: the login page wakes the link's island at once
 * only there, so production hosts never load its code. It may match a host that then does not show the
 * link (a corporate host a production pattern claims, say): that host only loads the island for nothing.
 */
export function whiteLabelTestingHosts(map: EnvironmentMap): string {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const testing = map.whiteLabelTestingEnvironments;
  const patterns = DEPLOYED_ENVIRONMENTS.filter((environment) => testing.includes(environment)).flatMap((environment) => map.domainEnvMap[environment] ?? []);
  const parts = OWN_PART_RULES.filter(([environment]) => testing.includes(environment)).flatMap(([, words]) => words);
  const which = [...patterns.map((pattern) => `(?=${pattern})`), ...(parts.length > 0 ? [`(?=.*(?:${parts.map(escape).join('|')}))`] : [])];
  const domains = map.corporateDomains.map((domain) => escape(normaliseHost(domain))).join('|');
  // Every corporate host where PRODUCTION itself is a testing environment; else only where a testing one can resolve.
  const gate = testing.includes('PRODUCTION') ? '' : `(?:${which.join('|') || '(?!)'})`;
  return `^${gate}(?:.*\\.)?(?:${domains})$`;
}
