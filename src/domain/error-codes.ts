// Every error code of the portal in one place: what the service answers, the closed set the client
// turns failures into, and the SiteMinder password-change codes the page explains.

/** Verify error: the ID is locked (access denied, spec 4.3). */
export const OTP_ERR_003 = 'OTP_ERR_003';
/** Channel status when the call channel could not reach the user. */
export const STATUS_UNREACHABLE = 'STATUS.UNREACHABLE';
/** Channel status while the callee has not keyed the code yet (emulator; the page keeps polling). */
export const STATUS_PENDING = 'STATUS.PENDING';

/** Known service error codes (spec 8); ISB_USRUP06 = previous password reused. */
type IsbCode =
  | 'ISB_PASSRES01' | 'ISB_PASSVAL01' | 'ISB_PASSVAL02' | 'ISB_PASSVAL03' | 'ISB_PASSVAL04' | 'ISB_PASSSCH06' | 'ISB_PASSSCH07'
  | 'ISB_PASSCH03' | 'ISB_PASSCH04' | 'ISB_PASSCH05' | 'ISB_USRUP01' | 'ISB_USRUP06' | 'ISB_USRUP12' | 'ISB_USRUP13' | 'ISB_UACTN02'
  | 'ISB_SYSID01' | 'ISB_EMAIL01' | 'ISB_EMAIL02' | 'ISB_META01' | 'ISB_FAIL01' | 'ISB_FAIL07' | 'ISB_SITEMDR03' | 'ISB_SITEMDR08'
  | 'ISB_SITEMDR15' | 'ISB_AUDT09' | 'ISB_SRCH35';

/**
 * Error codes the service answers with in `{ errorCode, message }` bodies. The message is for logs
 * only; pages show their own translated text for the code.
 */
export type ServiceErrorCode =
  | typeof OTP_ERR_003 | 'OTP_INVALID' | 'OTP_EXPIRED' | 'OTP_VOID' | 'USER_NOT_FOUND' | 'NO_CHANNEL' | 'BAD_REQUEST' | 'TOO_MANY_REQUESTS'
  | 'PAYLOAD_TOO_LARGE' | 'SERVER_ERROR' | 'NOT_FOUND' | 'TRANSACTION_UNKNOWN' | 'XSRF' | 'CROSS_SITE' | IsbCode | PasskeyCode;

/** The passkey calls' refusals (design.md, "Passkeys"): `{ code, errorCode, message }`, the pages read the code. */
export const PASSKEY_CODES = ['PASSKEY_UNKNOWN', 'PASSKEY_REJECTED', 'ACCOUNT_LOCKED', 'NO_SESSION', 'REAUTH_REQUIRED'] as const;
export type PasskeyCode = (typeof PASSKEY_CODES)[number];

/**
 * The closed set of failures a service call can end in. Views show a translated message per code;
 * no English text travels from the service layer to the screen.
 */
export type ServiceError =
  | 'OTP_ERR_003' | 'OTP_INVALID' | 'OTP_EXPIRED' | 'OTP_VOID' | 'USER_NOT_FOUND' | 'NO_CHANNEL' | 'RATE_LIMITED' | 'FORBIDDEN'
  | 'BAD_REQUEST' | 'NOT_FOUND' | 'TIMEOUT' | 'NETWORK' | 'SERVER' | 'BAD_RESPONSE' | PasskeyCode;

/** `SMPWERR` codes the change-password page answers with their own message; any other shows the generic one. */
export const CHANGE_PASSWORD_ERROR_CODES = ['ISB_USRUP06', 'ISB_PASSVAL01', 'ISB_PASSVAL02', 'ISB_PASSVAL03', 'ISB_PASSVAL04'] as const;
export type ChangePasswordErrorCode = (typeof CHANGE_PASSWORD_ERROR_CODES)[number];
