/**
 * Before the first paint: a browser without WebAuthn gets the `no-webauthn` class, which hides what only
 * passkeys can do (the login page's Sign in with a passkey), so nothing appears or goes once script runs.
 * ES5, hashed into the CSP by the page that renders it.
 */
const WEBAUTHN_GATE_SCRIPT = "if(!window.PublicKeyCredential)document.documentElement.className+=' no-webauthn';";

/**
 * The class the pre-paint gate gives a page on a host outside the RP ID's domain: its passkey UI waits, hidden,
 * until the browser says it reads the related-origins file (`getClientCapabilities().relatedOrigins`); a browser
 * that does not could only fail there (SecurityError), so it never shows.
 */
export const RELATED_HOST_CLASS = 'passkey-related';

/**
 * The gate for a build whose environment has an RP ID (null in MOCK and LOCAL, where the RP ID is the page's
 * host): as WEBAUTHN_GATE_SCRIPT, and on a host that is neither the RP ID nor under it, RELATED_HOST_CLASS.
 */
export function webauthnGateScript(rpId: string | null): string {
  if (!rpId) return WEBAUTHN_GATE_SCRIPT;
  const id = JSON.stringify(rpId);
  return `(function(){var d=document.documentElement,h=location.hostname,r=${id};if(!window.PublicKeyCredential)d.className+=' no-webauthn';else if(h!==r&&h.slice(-r.length-1)!=='.'+r)d.className+=' ${RELATED_HOST_CLASS}';})();`;
}

/** How long the offer's module may take to start before the page goes on to TARGET without it (src/page-scripts/passkey-offer-gate.ts). */
export const OFFER_WATCHDOG_MS = 2500;

/** `fromPage` on the login page's address when a passkey change needed a recent sign-in (design.md): login says why. */
export const REAUTH_FROM_PAGE = 'passkeys';
