import { createHash } from 'node:crypto';

/** The CSP hash of an inline script or style, as Astro's `Astro.csp.insert*Hash` takes it. */
export function cspHash(source: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}

/**
 * Directives beyond script-src and style-src (which Astro fills with hashes). Islands call only
 * this origin; forms post only to this origin (SiteMinder login and password services are here).
 */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
] as const;
