/**
 * Headers every answer of the bundled server carries. The per-page CSP with script hashes is
 * Astro's meta tag; this adds what a meta tag cannot carry (frame-ancestors).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** Cache policy: hashed assets forever, HTML always revalidated (deploys switch instantly). */
export function cacheControlFor(file: string): string {
  if (file.startsWith('_astro/')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}
