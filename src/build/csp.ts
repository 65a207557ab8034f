import { createHash } from 'node:crypto';

/** The CSP hash of an inline script or style, as Astro's `Astro.csp.insert*Hash` takes it. */
export function cspHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}

/**
 * Directives beyond script-src and style-src (which Astro fills with hashes). Islands call this
 * origin and, for login statistics, the digital-pulse hosts of the environment map; forms post
 * only to this origin (SiteMinder login and password services are here).
 */
/** A directive Astro's `security.csp.directives` accepts. */
type Directive = `${'default-src' | 'img-src' | 'font-src' | 'connect-src' | 'object-src' | 'base-uri' | 'form-action'}${string}`;

export function cspDirectives(connectOrigins: readonly string[]): Directive[] {
  return [
    "default-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${[...new Set(connectOrigins)].map((origin) => ` ${origin}`).join('')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ];
}
