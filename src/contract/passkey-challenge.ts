// How long a passkey challenge lives (design.md, "Passkeys": 2 minutes, single use), and so how soon the login
// page renews its autofill request: a browser keeps a conditional request pending for ever (WebAuthn L3 gives it
// no timer), so a page that never renewed would offer passkeys whose challenge the service has let go.
// Zod-free on purpose: the login page inlines what imports it, inside its byte budget.

/** A challenge is good this long after the service issued it. */
export const PASSKEY_CHALLENGE_TTL_MS = 2 * 60 * 1000;

/** The login page asks for a fresh challenge this long after the last: well before it lapses, with room for a slow answer. */
export const PASSKEY_RENEW_MS = PASSKEY_CHALLENGE_TTL_MS - 20_000;

/** Passkey calls time out like the service's other calls (spec 7: 30 s): the service client and the login page's options call. */
export const PASSKEY_TIMEOUT_MS = 30_000;
