import { readPortalHeaders } from '../../src/hosting/security-headers.ts';

/**
 * Cache policy, as on the other hosts: hashed assets forever; every other file (pages, health.json, robots.txt,
 * security.txt, the passkey origins) revalidated, so a deploy switches at once and a monitor sees what is served.
 */
export function cacheControlFor(file: string): string {
  return file.startsWith('_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The headers every page gets (the one CSP, with frame-ancestors), as the build wrote them. */
export function loadPageHeaders(distDir: string): Readonly<Record<string, string>> {
  return readPortalHeaders(distDir) ?? {};
}
