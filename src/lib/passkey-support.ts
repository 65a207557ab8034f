/**
 * Before the first paint: a browser without WebAuthn gets the `no-webauthn` class, which hides what only
 * passkeys can do (the login page's Sign in with a passkey), so nothing appears or goes once script runs.
 * ES5, hashed into the CSP by the page that renders it.
 */
export const WEBAUTHN_GATE_SCRIPT = "if(!window.PublicKeyCredential)document.documentElement.className+=' no-webauthn';";

/**
 * Before the first paint of `/app/{wl}/passkey`: with a TARGET it is the offer after a password sign-in
 * (`passkey-offer` class), without it Your passkeys; only the right one paints. ES5, hashed into the CSP.
 */
export const PASSKEY_OFFER_GATE_SCRIPT = `${WEBAUTHN_GATE_SCRIPT}if(/[?&]TARGET=/.test(location.search))document.documentElement.className+=' passkey-offer';`;
