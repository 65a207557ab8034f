import {
  decryptResponseSchema, forgotUserChangeResponseSchema, forgotUserLookupResponseSchema, otpAuthResponseSchema,
  resultResponseSchema, sendOtpResponseSchema, userTypeResponseSchema, verifyOtpResponseSchema,
} from '../contract/recovery.ts';
import type {
  DecryptResponse, ForgotUserLookupRequest, ForgotUserLookupResponse, OtpAuthRequest, OtpAuthResponse, ResultResponse,
  SendOtpRequest, SendOtpResponse, UserTypeResponse, VerifyOtpRequest, VerifyOtpResponse,
} from '../contract/recovery.ts';
import { call } from './http.ts';
import type { ServiceResult } from './service-errors.ts';

// The page loading these calls attaches its HTTP-stats reporter through here, in the same import.
export { configureServiceClient } from './http.ts';

// One function per endpoint of spec 7, each taking one object.

const BASE = '/portal-login-service/public';
/** Recovery calls time out after 30000 ms (spec 7). */
export const RECOVERY_TIMEOUT_MS = 30_000;
/** Content and forgot-user calls: 30 s (spec 9). */
export const CONTENT_TIMEOUT_MS = 30_000;

/** POST fps/auth: the channels that can reach the user, and the transaction. */
export function requestOtpChannels(request: OtpAuthRequest): Promise<ServiceResult<OtpAuthResponse>> {
  return call({ method: 'POST', path: `${BASE}/fps/auth`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: otpAuthResponseSchema });
}

/** POST fps/generate-otp: send a passcode over one channel. */
export function generateOtp(request: SendOtpRequest): Promise<ServiceResult<SendOtpResponse>> {
  return call({ method: 'POST', path: `${BASE}/fps/generate-otp`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: sendOtpResponseSchema });
}

/** POST fps/resend-otp: a new passcode on the same channel, replacing the previous one. */
export function resendOtp(request: SendOtpRequest): Promise<ServiceResult<SendOtpResponse>> {
  return call({ method: 'POST', path: `${BASE}/fps/resend-otp`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: sendOtpResponseSchema });
}

/** POST fps/verify-otp. */
export function verifyOtp(request: VerifyOtpRequest): Promise<ServiceResult<VerifyOtpResponse>> {
  return call({ method: 'POST', path: `${BASE}/fps/verify-otp`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: verifyOtpResponseSchema });
}

/** POST fps/email/{userId}: e-mail a temporary password after a verified passcode. */
export function emailTemporaryPassword(request: { userId: string; transactionId: string }): Promise<ServiceResult<ResultResponse>> {
  return call({
    method: 'POST', path: `${BASE}/fps/email/${encodeURIComponent(request.userId)}`, json: { transactionId: request.transactionId },
    timeoutMs: RECOVERY_TIMEOUT_MS, schema: resultResponseSchema,
  });
}

/** POST fuid/lookup: the principal id of a user found by name and e-mail. */
export function lookupForgottenUser(request: ForgotUserLookupRequest): Promise<ServiceResult<ForgotUserLookupResponse>> {
  return call({ method: 'POST', path: `${BASE}/fuid/lookup`, json: request, timeoutMs: CONTENT_TIMEOUT_MS, schema: forgotUserLookupResponseSchema });
}

/** POST fuid/emails: e-mail the user id after a verified passcode. */
export function emailUserId(request: { principalId: string; transactionId: string }): Promise<ServiceResult<ResultResponse>> {
  return call({ method: 'POST', path: `${BASE}/fuid/emails`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: resultResponseSchema });
}

/** GET uti/{userId}: whether the user is internal (no time-out, spec 7). */
export function checkUserType(request: { userId: string }): Promise<ServiceResult<UserTypeResponse>> {
  return call({ method: 'GET', path: `${BASE}/uti/${encodeURIComponent(request.userId)}`, timeoutMs: false, schema: userTypeResponseSchema });
}

/** POST uti/decrypt: whether the user behind a principal id is internal. */
export function decryptIdentifier(request: { identifier: string }): Promise<ServiceResult<DecryptResponse>> {
  return call({ method: 'POST', path: `${BASE}/uti/decrypt`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: decryptResponseSchema });
}

/** POST change: the forgot-user change request (result not shown, spec 7). */
export function submitForgotUserChange(request: { principalId: string; emailId: string }): Promise<ServiceResult<Record<string, unknown>>> {
  return call({ method: 'POST', path: `${BASE}/change`, json: request, timeoutMs: CONTENT_TIMEOUT_MS, schema: forgotUserChangeResponseSchema });
}

