/**
 * Before the first paint: a browser without WebAuthn gets the `no-webauthn` class, which hides what only
 * passkeys can do (the login page's Sign in with a passkey), so nothing appears or goes once script runs.
 * ES5, hashed into the CSP by the page that renders it.
 */
export const WEBAUTHN_GATE_SCRIPT = "if(!window.PublicKeyCredential)document.documentElement.className+=' no-webauthn';";

/** How long the offer's module may take to start before the page goes on to TARGET without it. */
const OFFER_WATCHDOG_MS = 2500;

/**
 * Before the first paint of `/app/{wl}/passkey`: with a TARGET it is the offer after a password sign-in
 * (`passkey-offer` class), without it Your passkeys; only the right one paints. A browser that runs no modules
 * (the page's script would never come), or whose module has not started within OFFER_WATCHDOG_MS (its chunk
 * lost or refused), goes straight on to TARGET: the offer never holds up a password sign-in. TARGET is kept
 * only when it resolves to this origin, the same rule as isSafeRedirect (the module's check, for modern
 * browsers); anything else goes to /apps/home. ES5, hashed into the CSP.
 */
export const PASSKEY_OFFER_GATE_SCRIPT = `${WEBAUTHN_GATE_SCRIPT}${String.raw`(function(){var m=/[?&]TARGET=([^&]*)/.exec(location.search);if(!m)return;var d=document.documentElement;d.className+=' passkey-offer';function on(){if(d.getAttribute('data-passkey-offer'))return;var t='/apps/home';try{var u=new URL(decodeURIComponent(m[1].replace(/\+/g,' ')),location.href);if(u.origin===location.origin&&u.pathname.indexOf('//')!==0)t=u.pathname+u.search+u.hash;}catch(e){}location.replace(t);}if(!('noModule' in document.createElement('script')))on();else setTimeout(on,${OFFER_WATCHDOG_MS});})();`}`;
