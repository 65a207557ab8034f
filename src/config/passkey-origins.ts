import { getDomainWithoutSuffix } from 'tldts';
import { DEPLOYED_ENVIRONMENTS } from '../domain/environments.ts';
import type { DeployedEnvironment, Environment } from '../domain/environments.ts';
import { resolveEnvironment } from '../lib/environment.ts';
import { withinRpId } from '../lib/passkey-support.ts';
import type { EnvironmentMap } from '../contract/environment-map.ts';

// Build time: which origins may use an environment's passkeys, and the WebAuthn related-origins file
// (`/.well-known/webauthn`) that lets browsers accept those outside the RP ID's domain (docs/passkeys.md).

/** Each brand's own host per environment (brand.json `hosts`), by brand key. */
export type BrandHosts = Record<string, Partial<Record<DeployedEnvironment, string>>>;

/** Registrable-domain labels browsers honour in a related-origins file (Firefox's and Chrome's cap). */
const RELATED_ORIGIN_LABEL_LIMIT = 5;


export interface PasskeyOrigins {
  /** The RP ID; null in MOCK and LOCAL, where it is the page's host. */
  rpId: string | null;
  /** Every origin allowed to use it (what the service checks a credential's origin against), each with the brands on it. */
  origins: Array<{ origin: string; brands: string[] }>;
  /** The origins outside the RP ID's domain: the related-origins file, in this order. */
  relatedOrigins: Array<{ origin: string; brands: string[] }>;
}

/**
 * An environment's passkey origins: the map's own origins, then each brand's host for the environment (by brand
 * key). Only that environment's: a QA host is never an origin of production.
 */
export function passkeyOrigins(map: EnvironmentMap, environment: Environment, brandHosts: BrandHosts): PasskeyOrigins {
  if (environment === 'MOCK' || environment === 'LOCAL') return { rpId: null, origins: [], relatedOrigins: [] };
  const config = map.passkeys?.[environment];
  if (!config) return { rpId: null, origins: [], relatedOrigins: [] };
  const byOrigin = new Map<string, string[]>(config.origins.map((origin) => [origin, []]));
  for (const brand of Object.keys(brandHosts).sort()) {
    const host = brandHosts[brand]?.[environment];
    if (!host) continue;
    const origin = `https://${host}`;
    byOrigin.set(origin, [...(byOrigin.get(origin) ?? []), brand]);
  }
  const origins = [...byOrigin].map(([origin, brands]) => ({ origin, brands }));
  return { rpId: config.rpId, origins, relatedOrigins: origins.filter(({ origin }) => !withinRpId(new URL(origin).hostname, config.rpId)) };
}

/** The related-origins file's text (`{ "origins": [...] }`). */
export const relatedOriginsFile = (origins: PasskeyOrigins): string => `${JSON.stringify({ origins: origins.relatedOrigins.map(({ origin }) => origin) }, null, 2)}\n`;

/**
 * What makes the passkey configuration unsafe or unusable, one line each: an origin or brand host of an
 * environment that the environment map resolves to another environment (or to none: its pages would report an
 * error), another environment's host under an RP ID (its pages could use the RP ID's passkeys without any
 * file), and an RP ID that is not one of its own environment's hosts or a domain above them.
 */
export function passkeyConfigProblems(map: EnvironmentMap, brandHosts: BrandHosts): string[] {
  const problems: string[] = [];
  const hostsOf = (environment: DeployedEnvironment) => passkeyOrigins(map, environment, brandHosts).origins.map(({ origin, brands }) => ({ host: new URL(origin).hostname, brands }));
  for (const environment of DEPLOYED_ENVIRONMENTS) {
    const config = map.passkeys?.[environment];
    for (const { host, brands } of hostsOf(environment)) {
      const resolved = resolveEnvironment(host, map);
      const where = brands.length > 0 ? `brand ${brands.join(', ')}: hosts.${environment}` : `passkeys.${environment}.origins`;
      if (!resolved.ok) problems.push(`${where}: ${host} matches no host pattern of the environment map (add it to domainEnvMap.${environment})`);
      else if (resolved.environment !== environment) problems.push(`${where}: ${host} is a ${resolved.environment} host, never an origin of ${environment}`);
    }
    if (!config) continue;
    const resolved = resolveEnvironment(config.rpId, map);
    if (resolved.ok && resolved.environment !== environment && !hostsOf(environment).some(({ host }) => withinRpId(host, config.rpId))) {
      problems.push(`passkeys.${environment}.rpId: ${config.rpId} is a ${resolved.environment} host and none of ${environment}'s origins is on or under it`);
    }
    for (const other of DEPLOYED_ENVIRONMENTS.filter((name) => name !== environment)) {
      for (const { host } of hostsOf(other)) {
        if (withinRpId(host, config.rpId)) problems.push(`passkeys.${environment}.rpId: ${other}'s ${host} is under ${config.rpId}: a ${other} page could use ${environment}'s passkeys; choose an RP ID only ${environment} hosts are under`);
      }
      const otherRp = map.passkeys?.[other]?.rpId;
      if (otherRp && withinRpId(otherRp, config.rpId)) problems.push(`passkeys.${environment}.rpId: ${other}'s RP ID ${otherRp} is under ${config.rpId}`);
    }
  }
  return problems;
}

/** The registrable-domain label of an origin as browsers count it (`cwa` of https://login.cwa.example). */
const registrableLabel = (origin: string): string => getDomainWithoutSuffix(origin, { allowPrivateDomains: true }) ?? new URL(origin).hostname;

/**
 * An RP ID whose related origins span more registrable-domain labels than browsers honour: they ignore the
 * origins past the fifth label, so those brands' visitors could not use their passkeys. Names the brands to move.
 */
export function relatedOriginLabelProblems(rpId: string | null, relatedOrigins: ReadonlyArray<{ origin: string; brands: readonly string[] }>): string[] {
  const labels: string[] = [];
  const beyond: Array<{ origin: string; brands: readonly string[] }> = [];
  for (const entry of relatedOrigins) {
    const label = registrableLabel(entry.origin);
    if (labels.includes(label)) continue;
    labels.push(label);
    if (labels.length > RELATED_ORIGIN_LABEL_LIMIT) beyond.push(entry);
  }
  if (labels.length <= RELATED_ORIGIN_LABEL_LIMIT) return [];
  const kept = labels.slice(0, RELATED_ORIGIN_LABEL_LIMIT);
  const move = beyond.flatMap(({ origin }) => relatedOrigins.filter((entry) => registrableLabel(entry.origin) === registrableLabel(origin)).flatMap((entry) => (entry.brands.length > 0 ? entry.brands : [entry.origin])));
  return [`.well-known/webauthn: RP ID ${rpId ?? '(none)'} has related origins on ${String(labels.length)} registrable-domain labels (${labels.join(', ')}); browsers (Firefox's cap) honour the first ${String(RELATED_ORIGIN_LABEL_LIMIT)}: move ${[...new Set(move)].join(', ')} onto a host under ${rpId ?? 'the RP ID'} or under ${kept.join(', ')}`];
}
