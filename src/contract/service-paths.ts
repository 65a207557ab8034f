// Where portal-login-service answers (spec 7; passkeys: design.md, "Passkeys"): the page's client and the
// emulator build their paths from these, so a path the page calls is a path the emulator serves.

/** The service's calls that need no session (recovery, user type, passkey sign-in). */
export const PUBLIC_SERVICE_BASE = '/portal-login-service/public';

/**
 * The passkey sign-in's options, a constant of its own: the login page's inline module, whose bytes count before
 * any interaction, carries this path and not the whole table below (the rest of its sign-in is loaded on use).
 */
export const PASSKEY_SIGN_IN_OPTIONS = '/portal-login-service/public/passkey/authentication/options';
const PASSKEY_SIGN_IN_VERIFY = '/portal-login-service/public/passkey/authentication/verify';

/** The passkey calls; the signed-in ones need SiteMinder's session. */
export const PASSKEY_PATHS = {
  authenticationOptions: PASSKEY_SIGN_IN_OPTIONS,
  authenticationVerify: PASSKEY_SIGN_IN_VERIFY,
  registrationOptions: '/portal-login-service/passkey/registration/options',
  registrationVerify: '/portal-login-service/passkey/registration/verify',
  credentials: '/portal-login-service/passkey/credentials',
  decline: '/portal-login-service/passkey/offer/decline',
} as const;
