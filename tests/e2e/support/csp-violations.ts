import type { BrowserContext } from '@playwright/test';

/** One `securitypolicyviolation` event a page of the context fired. */
export interface Violation {
  url: string;
  directive: string;
  blocked: string;
  /** The start of what was refused (a Trusted Types violation names the sink, e.g. `Element innerHTML|<b>`). */
  sample: string;
}

/**
 * Every CSP violation any page of `context` reports from now on, across navigations and reloads: Trusted
 * Types refusals (`require-trusted-types-for`, `trusted-types`) as well as blocked scripts, styles and calls.
 * The listener goes in before the page's own scripts run, so nothing on the way in is missed.
 */
export async function watchViolations(context: BrowserContext): Promise<Violation[]> {
  const violations: Violation[] = [];
  await context.exposeBinding('__portalCspViolation', (_source, violation: Violation) => {
    violations.push(violation);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __portalCspViolation: (violation: unknown) => void }).__portalCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      report({ url: location.href, directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
    });
  });
  return violations;
}
