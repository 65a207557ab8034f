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
export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;
export const passkeyListSchema = z.array(passkeySummarySchema);

/** `POST …/registration/verify`'s answer (201): the stored passkey. */
export const registrationVerifyResponseSchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });

/** `POST …/authentication/verify`'s answer: where the signed-in visitor goes (a same-origin path, TARGET or SiteMinder's home). */
export const authenticationVerifyResponseSchema = z.object({ redirect: z.string().check(z.regex(/^\/(?![/\\])/)) });

/** A credential the options name (WebAuthn's PublicKeyCredentialDescriptorJSON). */
const credentialDescriptorSchema = z.looseObject({ id: base64url, type: z.literal('public-key'), transports: z.optional(z.array(z.string())) });

/**
 * `POST …/authentication/options`' answer, WebAuthn's PublicKeyCredentialRequestOptionsJSON as design.md fixes it: a
 * fresh challenge, the RP ID, user verification required, no allowCredentials (discoverable credentials only). Loose:
 * WebAuthn's own members beyond these (timeout, hints, extensions) pass to the browser as they are.
 */
export const authenticationOptionsResponseSchema = z.looseObject({
  challenge: base64url.check(z.minLength(43)),
  rpId: z.string().check(z.minLength(1)),
  userVerification: z.literal('required'),
  allowCredentials: z.optional(z.array(credentialDescriptorSchema).check(z.maxLength(0))),
});

/** `POST …/registration/options`' answer, WebAuthn's PublicKeyCredentialCreationOptionsJSON as design.md fixes it. */
export const registrationOptionsResponseSchema = z.looseObject({
  challenge: base64url.check(z.minLength(43)),
  rp: z.looseObject({ id: z.string().check(z.minLength(1)), name: z.string() }),
  /** `id` an opaque random handle (never the user id), `name` the user id, `displayName` the full name. */
  user: z.looseObject({ id: base64url, name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ type: z.literal('public-key'), alg: z.number() })).check(z.minLength(1)),
  excludeCredentials: z.array(credentialDescriptorSchema),
  authenticatorSelection: z.looseObject({ residentKey: z.literal('required') }),
  attestation: z.literal('none'),
});

/** The codes of a refused passkey call (`{ code }`): one list, in src/domain/error-codes.ts. */
export { PASSKEY_CODES } from '../domain/error-codes.ts';
export type { PasskeyCode } from '../domain/error-codes.ts';

/** An answer without a body (`204`). */
export const emptyAnswerSchema = z.object({});
