import { z } from 'zod/mini';

/** Recovery flows: forgot password, forgot user id, first-time user. */
export const flowSchema = z.enum(['FPS', 'FUID', 'FTU']);
export type Flow = z.infer<typeof flowSchema>;

/** Passcode channels as sent to the service (spec 4.3). */
export const channelSchema = z.enum(['email', 'sms', 'call']);
export type Channel = z.infer<typeof channelSchema>;

/** Channels as the auth response lists them: `phone` is the call channel (spec 3). */
export const supportedChannelSchema = z.enum(['email', 'phone', 'sms']);
export type SupportedChannel = z.infer<typeof supportedChannelSchema>;

/** User types (spec 6); both is the default when the backend check fails. */
export const userTypeSchema = z.enum(['internal', 'external', 'both']);
export type UserType = z.infer<typeof userTypeSchema>;

/** Result constants of spec 8. */
export const authenticationResultSchema = z.enum(['SUCCESS', 'FAILURE']);
export type AuthenticationResult = z.infer<typeof authenticationResultSchema>;
export const transitionResultSchema = z.enum(['Success', 'Failure']);

/** Verify error: the ID is locked (access denied). */
export const OTP_ERR_003 = 'OTP_ERR_003';
/** Channel status when the call channel could not reach the user. */
export const STATUS_UNREACHABLE = 'STATUS.UNREACHABLE';
/** Channel status while the callee has not keyed the code yet (emulator; the page keeps polling). */
export const STATUS_PENDING = 'STATUS.PENDING';

/** Known service error codes (spec 8); ISB_USRUP06 = previous password reused. */
export const ISB_CODES = [
  'ISB_PASSRES01', 'ISB_PASSVAL01', 'ISB_PASSVAL02', 'ISB_PASSVAL03', 'ISB_PASSVAL04', 'ISB_PASSSCH06', 'ISB_PASSSCH07',
  'ISB_PASSCH03', 'ISB_PASSCH04', 'ISB_PASSCH05', 'ISB_USRUP01', 'ISB_USRUP06', 'ISB_USRUP12', 'ISB_USRUP13', 'ISB_UACTN02',
  'ISB_SYSID01', 'ISB_EMAIL01', 'ISB_EMAIL02', 'ISB_META01', 'ISB_FAIL01', 'ISB_FAIL07', 'ISB_SITEMDR03', 'ISB_SITEMDR08',
  'ISB_SITEMDR15', 'ISB_AUDT09', 'ISB_SRCH35',
] as const;
export const isbCodeSchema = z.enum(ISB_CODES);
export type IsbCode = z.infer<typeof isbCodeSchema>;

/**
 * Error codes the service answers with in `{ errorCode, message }` bodies. The message is for
 * logs only; pages show their own translated text for the code.
 */
export const SERVICE_ERROR_CODES = [
  OTP_ERR_003, 'OTP_INVALID', 'OTP_EXPIRED', 'OTP_VOID', 'USER_NOT_FOUND', 'NO_CHANNEL', 'BAD_REQUEST', 'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE', 'SERVER_ERROR', 'NOT_FOUND', 'TRANSACTION_UNKNOWN', ...ISB_CODES,
] as const;
export const serviceErrorCodeSchema = z.enum(SERVICE_ERROR_CODES);
export type ServiceErrorCode = z.infer<typeof serviceErrorCodeSchema>;
