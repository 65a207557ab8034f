import { z } from 'zod/mini';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, USER_ID_MAX_LENGTH } from '../domain/limits.ts';
import { authenticationResultSchema, channelSchema, flowSchema, supportedChannelSchema } from './vocabulary.ts';

// Requests and responses of portal-login-service's public recovery calls (spec 3 and 7). Contact
// values and passcodes travel obfuscated (3 random characters + base64, src/lib/obfuscation.ts).

const bounded = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
const userId = bounded(1, USER_ID_MAX_LENGTH);
const id = bounded(1, 200);
const obfuscated = bounded(4, 2000);

/** POST /portal-login-service/public/fps/auth: which channels can reach this user. */
export const otpAuthRequestSchema = z.strictObject({
  /** Device fingerprint, form-encoded fp_* fields. */
  devicePrint: z.string().check(z.maxLength(4000)),
  flow: flowSchema,
  userId,
});
export type OtpAuthRequest = z.infer<typeof otpAuthRequestSchema>;

export const otpAuthResponseSchema = z.object({
  userId,
  transactionId: id,
  sessionId: id,
  /** Obfuscated contact values; null when the user has none. */
  primaryEmail: z.nullable(obfuscated),
  businessPhone: z.nullable(obfuscated),
  cellPhone: z.nullable(obfuscated),
  supportedotpChannels: z.array(supportedChannelSchema),
});
export type OtpAuthResponse = z.infer<typeof otpAuthResponseSchema>;

/** POST fps/generate-otp and fps/resend-otp: send a passcode over one channel. */
export const sendOtpRequestSchema = z.strictObject({
  channel: channelSchema,
  sessionId: id,
  transactionId: id,
  /** The contact value of the channel, obfuscated as it arrived. */
  value: obfuscated,
  flow: flowSchema,
  userId,
});
export type SendOtpRequest = z.infer<typeof sendOtpRequestSchema>;

export const sendOtpResponseSchema = z.object({
  /** Obfuscated passcode for the call channel (the page shows it); null for e-mail and SMS. */
  otp: z.nullable(obfuscated),
  transactionId: id,
  sessionId: id,
  /** Seconds until the passcode expires (20 minutes). */
  expiresInSeconds: z.int().check(z.positive()),
  /** Seconds before a resend is accepted. */
  resendAfterSeconds: z.int().check(z.nonnegative()),
});
export type SendOtpResponse = z.infer<typeof sendOtpResponseSchema>;

/** POST fps/verify-otp: the send request of the passcode's channel, with the passcode and the device. */
export const verifyOtpRequestSchema = z.extend(sendOtpRequestSchema, {
  devicePrint: z.string().check(z.maxLength(4000)),
  /** The passcode, obfuscated. */
  otp: obfuscated,
});
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

export const verifyOtpResponseSchema = z.object({
  /** SUCCESS or FAILURE; null while a call is not answered yet or could not reach the user. */
  authenticationResult: z.nullable(authenticationResultSchema),
  /** e.g. STATUS.UNREACHABLE, STATUS.PENDING; null otherwise. */
  channelStatus: z.nullable(z.string()),
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/** POST fps/email/{userId}: e-mail a temporary password after a verified passcode. */
export const temporaryPasswordRequestSchema = z.strictObject({ transactionId: id });
export const resultResponseSchema = z.object({ result: z.literal('SUCCESS') });
export type ResultResponse = z.infer<typeof resultResponseSchema>;

const name = bounded(1, NAME_MAX_LENGTH).check(z.refine((value) => !value.includes('*'), 'must not contain *'));

/** POST fuid/lookup: find a user by name and e-mail. */
export const forgotUserLookupRequestSchema = z.strictObject({
  firstName: name,
  lastName: name,
  emailId: bounded(3, EMAIL_MAX_LENGTH),
});
export type ForgotUserLookupRequest = z.infer<typeof forgotUserLookupRequestSchema>;
export const forgotUserLookupResponseSchema = z.object({
  /** An encrypted identifier of the user (decrypt with uti/decrypt). */
  principalId: id,
});
export type ForgotUserLookupResponse = z.infer<typeof forgotUserLookupResponseSchema>;

/** POST fuid/emails: e-mail the user id after a verified passcode. */
export const forgotUserEmailRequestSchema = z.strictObject({ principalId: id, transactionId: id });

/** GET uti/{userId}: whether the user is internal. */
export const userTypeResponseSchema = z.object({ internal: z.boolean() });
export type UserTypeResponse = z.infer<typeof userTypeResponseSchema>;

/** POST uti/decrypt: whether the user behind an encrypted identifier is internal (never the user id itself). */
export const decryptRequestSchema = z.strictObject({ identifier: id });
export const decryptResponseSchema = z.object({ internal: z.boolean() });
export type DecryptResponse = z.infer<typeof decryptResponseSchema>;

/** POST change: the forgot-user change request (spec 7; its result is not shown). */
export const forgotUserChangeRequestSchema = z.strictObject({ principalId: id, emailId: bounded(3, EMAIL_MAX_LENGTH) });

/** Every error body of the service. `message` is for logs; pages translate `errorCode`. */
/** A refusal that names its code only as `code` (design.md's passkey table writes `401 { code: "PASSKEY_UNKNOWN" }`). */
export const refusalCodeSchema = z.object({ code: z.string() });

export const errorResponseSchema = z.object({
  errorCode: z.string(),
  message: z.string(),
  /** The request field that was wrong, for 400 answers. */
  field: z.optional(z.string()),
  /** Seconds to wait, for 429 answers. */
  retryAfterSeconds: z.optional(z.number()),
});
