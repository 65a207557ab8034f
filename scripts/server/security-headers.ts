import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { urlPathOf } from '../../src/build/security-headers.ts';

/** Cache policy: hashed assets forever, HTML always revalidated (deploys switch instantly). */
export function cacheControlFor(file: string): string {
  if (file.startsWith('_astro/')) return 'public, max-age=31536000, immutable';
  if (file.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** Per-page headers (the CSP with frame-ancestors) written by the build. */
export function loadPageHeaders(distDir: string): (file: string) => Record<string, string> {
  const path = join(distDir, '_portal-headers.json');
  const table = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, Record<string, string>>) : {};
  return (file) => {
    return table[urlPathOf(file)] ?? {};
  };
}
