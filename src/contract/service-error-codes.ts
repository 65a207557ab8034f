import { z } from 'zod/mini';
import { OTP_ERR_003 } from './status-codes.ts';

// Kept apart from error-codes.ts: the browser never needs the whole catalogue, the emulator does.

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
