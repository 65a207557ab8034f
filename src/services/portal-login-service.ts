import {
  decryptResponseSchema, forgotUserLookupResponseSchema, otpAuthResponseSchema, resultResponseSchema, sendOtpResponseSchema,
  userTypeResponseSchema, verifyOtpResponseSchema,
} from '../contract/recovery.ts';
import type {
  DecryptResponse, ForgotUserLookupRequest, ForgotUserLookupResponse, OtpAuthRequest, OtpAuthResponse, ResultResponse,
  SendOtpRequest, SendOtpResponse, UserTypeResponse, VerifyOtpRequest, VerifyOtpResponse,
} from '../contract/recovery.ts';
import { PUBLIC_SERVICE_BASE } from '../contract/service-paths.ts';
import { createHttpClient } from './http.ts';
import type { ClientConfig, HttpClient } from './http.ts';
import type { ServiceResult } from './service-errors.ts';

const BASE = PUBLIC_SERVICE_BASE;
/** Recovery calls time out after 30000 ms (spec 7). */
export const RECOVERY_TIMEOUT_MS = 30_000;
/** Content and forgot-user calls: 30 s (spec 9). */
export const CONTENT_TIMEOUT_MS = 30_000;

/** The recovery calls of spec 7, one function per endpoint, each taking one object. */
export interface PortalLoginService {
  /** POST fps/auth: the channels that can reach the user, and the transaction. */
  requestOtpChannels: (request: OtpAuthRequest) => Promise<ServiceResult<OtpAuthResponse>>;
  /** POST fps/generate-otp: send a passcode over one channel. */
  generateOtp: (request: SendOtpRequest) => Promise<ServiceResult<SendOtpResponse>>;
  /** POST fps/resend-otp: a new passcode on the same channel, replacing the previous one. */
  resendOtp: (request: SendOtpRequest) => Promise<ServiceResult<SendOtpResponse>>;
  /** POST fps/verify-otp. */
  verifyOtp: (request: VerifyOtpRequest) => Promise<ServiceResult<VerifyOtpResponse>>;
  /** POST fps/email/{userId}: e-mail a temporary password after a verified passcode. */
  emailTemporaryPassword: (request: { userId: string; transactionId: string }) => Promise<ServiceResult<ResultResponse>>;
  /** POST fuid/lookup: the principal id of a user found by name and e-mail. */
  lookupForgottenUser: (request: ForgotUserLookupRequest) => Promise<ServiceResult<ForgotUserLookupResponse>>;
  /** POST fuid/emails: e-mail the user id after a verified passcode. */
  emailUserId: (request: { principalId: string; transactionId: string }) => Promise<ServiceResult<ResultResponse>>;
  /** GET uti/{userId}: whether the user is internal (no time-out, spec 7). */
  checkUserType: (request: { userId: string }) => Promise<ServiceResult<UserTypeResponse>>;
  /** POST uti/decrypt: whether the user behind a principal id is internal. */
  decryptIdentifier: (request: { identifier: string }) => Promise<ServiceResult<DecryptResponse>>;
}

/** The recovery calls over one page's HTTP client. */
export function portalLoginService(http: HttpClient): PortalLoginService {
  return {
    requestOtpChannels: (request) => http.call({ method: 'POST', path: `${BASE}/fps/auth`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: otpAuthResponseSchema }),
    generateOtp: (request) => http.call({ method: 'POST', path: `${BASE}/fps/generate-otp`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: sendOtpResponseSchema }),
    resendOtp: (request) => http.call({ method: 'POST', path: `${BASE}/fps/resend-otp`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: sendOtpResponseSchema }),
    verifyOtp: (request) => http.call({ method: 'POST', path: `${BASE}/fps/verify-otp`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: verifyOtpResponseSchema }),
    emailTemporaryPassword: (request) => http.call({
      method: 'POST', path: `${BASE}/fps/email/${encodeURIComponent(request.userId)}`, json: { transactionId: request.transactionId },
      timeoutMs: RECOVERY_TIMEOUT_MS, schema: resultResponseSchema,
    }),
    lookupForgottenUser: (request) => http.call({ method: 'POST', path: `${BASE}/fuid/lookup`, json: request, timeoutMs: CONTENT_TIMEOUT_MS, schema: forgotUserLookupResponseSchema }),
    emailUserId: (request) => http.call({ method: 'POST', path: `${BASE}/fuid/emails`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: resultResponseSchema }),
    checkUserType: (request) => http.call({ method: 'GET', path: `${BASE}/uti/${encodeURIComponent(request.userId)}`, timeoutMs: false, schema: userTypeResponseSchema }),
    decryptIdentifier: (request) => http.call({ method: 'POST', path: `${BASE}/uti/decrypt`, json: request, timeoutMs: RECOVERY_TIMEOUT_MS, schema: decryptResponseSchema }),
  };
}

/** A page's recovery client, created with its hooks (the HTTP-stats reporter). */
export function createPortalLoginService(config: ClientConfig): PortalLoginService {
  return portalLoginService(createHttpClient(config));
}
