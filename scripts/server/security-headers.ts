import { readPortalHeaders } from '../../src/hosting/security-headers.ts';

/** Cache policy: hashed assets forever, HTML always revalidated (deploys switch instantly). */
export function cacheControlFor(file: string): string {
  if (file.startsWith('_astro/')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** The headers every page gets (the one CSP, with frame-ancestors), as the build wrote them. */
export function loadPageHeaders(distDir: string): Readonly<Record<string, string>> {
  return readPortalHeaders(distDir) ?? {};
}
