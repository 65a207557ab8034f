// The passkey pages' pre-paint gate (compiled to ES5 at build time, `?pre-paint`), so nothing appears or goes once
// script runs: a browser without WebAuthn gets NO_WEBAUTHN_CLASS, which hides what only passkeys can do (login's
// Sign in with a passkey); on a host outside the RP ID's domain, RELATED_HOST_CLASS, which keeps the passkey UI
// hidden until the browser says it reads the related-origins file (page-scripts/passkey-login.ts, passkey-page.ts).
// The RP ID is build data (PORTAL_PASSKEY_RP_ID, src/integrations/pre-paint.ts): null in MOCK and LOCAL, where the
// RP ID is the page's own host.
import { NO_WEBAUTHN_CLASS, RELATED_HOST_CLASS, withinRpId } from '../lib/passkey-support.ts';

const root = document.documentElement;
// Typed as always there; an old browser has none.
const webAuthn = window.PublicKeyCredential as typeof PublicKeyCredential | undefined;
if (!webAuthn) root.className += ' ' + NO_WEBAUTHN_CLASS;
else if (PORTAL_PASSKEY_RP_ID !== null && !withinRpId(location.hostname, PORTAL_PASSKEY_RP_ID)) root.className += ' ' + RELATED_HOST_CLASS;
