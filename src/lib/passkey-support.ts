/**
 * Whether a page on `host` may use the passkeys of `rpId` without the related-origins file: the RP ID itself or a
 * host under it (WebAuthn's registrable-domain-suffix rule as the portal's hosts use it). The build's checks of the
 * environment map (config/passkey-origins.ts) and the pages' pre-paint gate (page-scripts/webauthn-gate.ts) both ask
 * it. ES5 only: every browser runs the gate before the first paint.
 */
export function withinRpId(host: string, rpId: string): boolean {
  return host === rpId || host.slice(-rpId.length - 1) === '.' + rpId;
}

/**
 * The class the pre-paint gate gives a page on a host outside the RP ID's domain: its passkey UI waits, hidden,
 * until the browser says it reads the related-origins file (`getClientCapabilities().relatedOrigins`); a browser
 * that does not could only fail there (SecurityError), so it never shows.
 */
export const RELATED_HOST_CLASS = 'passkey-related';

/** The class the pre-paint gate gives a page in a browser without WebAuthn: what only passkeys can do stays hidden. */
export const NO_WEBAUTHN_CLASS = 'no-webauthn';

/** How long the offer's module may take to start before the page goes on to TARGET without it (src/page-scripts/passkey-offer-gate.ts). */
export const OFFER_WATCHDOG_MS = 2500;

/** `fromPage` on the login page's address when a passkey change needed a recent sign-in (design.md): login says why. */
export const REAUTH_FROM_PAGE = 'passkeys';
