import { z } from 'zod/mini';
import { BRAND_KEY } from '../domain/brands.ts';

// The passkey calls of portal-login-service (design.md, "Passkeys"): the bodies the pages send and the
// answers they read. WebAuthn's own JSON (the browser's credential.toJSON()) is checked for shape here and
// for meaning by the service's verifier.

const base64url = z.string().check(z.regex(/^[A-Za-z0-9_-]*$/), z.maxLength(16_384));

/** An AuthenticationResponseJSON as `credential.toJSON()` gives it. */
const authenticationCredentialSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: z.optional(z.nullable(base64url)),
  }),
  authenticatorAttachment: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
  clientExtensionResults: z.optional(z.record(z.string(), z.unknown())),
});

/** A RegistrationResponseJSON as `credential.toJSON()` gives it. */
const registrationCredentialSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(10))),
    authenticatorData: z.optional(base64url),
    publicKey: z.optional(base64url),
    publicKeyAlgorithm: z.optional(z.number()),
  }),
  authenticatorAttachment: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
  clientExtensionResults: z.optional(z.record(z.string(), z.unknown())),
});

const brandKey = z.string().check(z.regex(BRAND_KEY));

/** `POST /portal-login-service/public/passkey/authentication/options`. */
export const authenticationOptionsRequestSchema = z.strictObject({ wl: brandKey });

/** `POST /portal-login-service/public/passkey/authentication/verify`. */
export const authenticationVerifyRequestSchema = z.strictObject({
  wl: brandKey,
  SMQUERYDATA: z.string().check(z.maxLength(4096)),
  TARGET: z.string().check(z.maxLength(4096)),
  credential: authenticationCredentialSchema,
});

/** `POST /portal-login-service/passkey/registration/options`. */
export const registrationOptionsRequestSchema = z.strictObject({});

/** `POST /portal-login-service/passkey/registration/verify`. */
export const registrationVerifyRequestSchema = z.strictObject({ credential: registrationCredentialSchema, conditional: z.boolean() });

/** The longest name of a passkey (design.md: 1 to 64 characters). */
export const PASSKEY_NAME_MAX = 64;

/** `PATCH /portal-login-service/passkey/credentials/{id}`: a name of 1 to 64 characters, not only spaces. */
export const passkeyRenameRequestSchema = z.strictObject({ name: z.string().check(z.maxLength(PASSKEY_NAME_MAX), z.regex(/\S/)) });

/** One of the visitor's passkeys, as the management page lists it. */
const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;
export const passkeyListSchema = z.array(passkeySummarySchema);
export { passkeySummarySchema };

/** The codes of a refused passkey call (`{ code }`). */
export type { PasskeyCode } from '../domain/error-codes.ts';

/** The options of a sign-in (`PublicKeyCredentialRequestOptionsJSON`): what the page reads of them checked, the rest the browser's. */
export const requestOptionsSchema = z.looseObject({ challenge: base64url, rpId: z.optional(z.string()) });

/** The options of a registration (`PublicKeyCredentialCreationOptionsJSON`). */
export const creationOptionsSchema = z.looseObject({
  challenge: base64url,
  rp: z.looseObject({ id: z.optional(z.string()), name: z.string() }),
  user: z.looseObject({ id: base64url, name: z.string(), displayName: z.string() }),
});

/** A sign-in's answer: where to go. */
export const signInAnswerSchema = z.object({ redirect: z.string() });

/** A registration's answer (`201 { id, name, createdAt }`). */
export const registeredSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });

/** An answer without a body (`204`). */
export const emptyAnswerSchema = z.object({});
