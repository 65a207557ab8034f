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
type Directive = `${'default-src' | 'img-src' | 'font-src' | 'connect-src' | 'object-src' | 'base-uri' | 'form-action' | 'require-trusted-types-for' | 'trusted-types'}${string}`;

/**
 * The Trusted Types policies the portal creates: none. No code of ours, React's or Astro's writes a string
 * into an HTML or script sink (`innerHTML`, `outerHTML`, `insertAdjacentHTML`, `document.write`, a script's
 * text or src, `eval`), so under `require-trusted-types-for 'script'` every such write throws instead of
 * running, and `trusted-types 'none'` refuses any policy that would turn strings into trusted values. Code
 * that truly needs a sink names its policy here, and the policy's review comes with it.
 */
const TRUSTED_TYPES_POLICIES: readonly string[] = [];

export function cspDirectives(connectOrigins: readonly string[]): Directive[] {
  return [
    "default-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${[...new Set(connectOrigins)].map((origin) => ` ${origin}`).join('')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "require-trusted-types-for 'script'",
    `trusted-types ${TRUSTED_TYPES_POLICIES.length > 0 ? TRUSTED_TYPES_POLICIES.join(' ') : "'none'"}`,
  ];
}
