/**
 * Before the first paint: a browser without WebAuthn gets the `no-webauthn` class, which hides what only
 * passkeys can do (the login page's Sign in with a passkey), so nothing appears or goes once script runs.
 * ES5, hashed into the CSP by the page that renders it.
 */
export const WEBAUTHN_GATE_SCRIPT = "if(!window.PublicKeyCredential)document.documentElement.className+=' no-webauthn';";

/** How long the offer's module may take to start before the page goes on to TARGET without it (src/page-scripts/passkey-offer-gate.ts). */
export const OFFER_WATCHDOG_MS = 2500;
