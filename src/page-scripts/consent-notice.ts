import { getCookie, setCookie } from '../lib/cookies.ts';
import type { CookieJar } from '../lib/cookies.ts';

/** Days the consent provider's alert-closed cookie lasts (spec 4.2, 9). */
const CONSENT_COOKIE_DAYS = 365;

/** Whether a host is one of the patterns: exact names, or `*.domain` for any host under it. */
export function hostMatches(hostname: string, patterns: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return patterns.some((pattern) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern));
}

/** Sets the provider's alert-closed cookie (an ISO date) for 365 days when it is missing (spec 4.2). */
export function closeProviderAlert(jar: CookieJar, name: string, now: Date, secure: boolean): void {
  if (getCookie(jar, name) === null) setCookie(jar, name, now.toISOString(), { days: CONSENT_COOKIE_DAYS, secure });
}

/**
 * The cookie policy page's consent notice (spec 2.3): a region tab shows the provider's notice instead
 * of the policy content on the brand's listed hosts (the HTML shows the content, so visitors without
 * script still read the policy), and the provider's alert-closed cookie is set when missing.
 */
export function applyConsentNotice(root: Document, place: { hostname: string; secure: boolean }, now: Date): void {
  const provider = root.querySelector<HTMLElement>('[data-consent-cookie]');
  if (!provider) return;
  closeProviderAlert(root, provider.dataset['consentCookie'] ?? '', now, place.secure);
  root.querySelectorAll<HTMLElement>('[data-consent-hosts]').forEach((panel) => {
    if (!hostMatches(place.hostname, (panel.dataset['consentHosts'] ?? '').split(' ').filter(Boolean))) return;
    panel.querySelector<HTMLElement>('[data-consent-notice]')?.removeAttribute('hidden');
    panel.querySelector<HTMLElement>('[data-policy-content]')?.setAttribute('hidden', '');
  });
}
