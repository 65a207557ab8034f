import type { ServiceError, ServiceErrorCode } from '../domain/error-codes.ts';

/** A call's outcome: the validated data, or one error code. */
export type ServiceResult<T> = { ok: true; data: T } | { ok: false; error: ServiceError; retryAfterSeconds?: number };

const KNOWN: Readonly<Partial<Record<ServiceErrorCode, ServiceError>>> = {
  OTP_ERR_003: 'OTP_ERR_003',
  OTP_INVALID: 'OTP_INVALID',
  OTP_EXPIRED: 'OTP_EXPIRED',
  OTP_VOID: 'OTP_VOID',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  NO_CHANNEL: 'NO_CHANNEL',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  TRANSACTION_UNKNOWN: 'OTP_VOID',
  XSRF: 'FORBIDDEN',
  CROSS_SITE: 'FORBIDDEN',
  BAD_REQUEST: 'BAD_REQUEST',
  PAYLOAD_TOO_LARGE: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  PASSKEY_UNKNOWN: 'PASSKEY_UNKNOWN',
  PASSKEY_REJECTED: 'PASSKEY_REJECTED',
  ACCOUNT_LOCKED: 'ACCOUNT_LOCKED',
  NO_SESSION: 'NO_SESSION',
  REAUTH_REQUIRED: 'REAUTH_REQUIRED',
};

/** Maps an HTTP status and the service's error code to the closed set. */
export function toServiceError(status: number, errorCode: string | undefined): ServiceError {
  const known = errorCode ? (KNOWN as Readonly<Record<string, ServiceError | undefined>>)[errorCode] : undefined;
  if (known) return known;
  if (status === 429) return 'RATE_LIMITED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status >= 400 && status < 500) return 'BAD_REQUEST';
  return 'SERVER';
}
