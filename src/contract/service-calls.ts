import { z } from 'zod/mini';
import type { ServiceErrorCode } from '../domain/error-codes.ts';
import { OTP_ERR_003 } from '../domain/error-codes.ts';
import {
  authenticationOptionsRequestSchema, authenticationOptionsResponseSchema, authenticationVerifyRequestSchema, authenticationVerifyResponseSchema,
  passkeyListSchema, passkeyRenameRequestSchema, passkeySummarySchema, registrationOptionsRequestSchema, registrationOptionsResponseSchema,
  registrationVerifyRequestSchema, registrationVerifyResponseSchema,
} from './passkeys.ts';
import type { PasskeyCode } from './passkeys.ts';
import {
  decryptRequestSchema, decryptResponseSchema, forgotUserChangeRequestSchema, forgotUserEmailRequestSchema, forgotUserLookupRequestSchema,
  forgotUserLookupResponseSchema, otpAuthRequestSchema, otpAuthResponseSchema, resultResponseSchema, sendOtpRequestSchema,
  sendOtpResponseSchema, temporaryPasswordRequestSchema, userTypeResponseSchema, verifyOtpRequestSchema, verifyOtpResponseSchema,
} from './recovery.ts';
import { PASSKEY_PATHS, PUBLIC_SERVICE_BASE } from './service-paths.ts';
import { XSRF_PATH } from '../lib/xsrf.ts';
import {
  homeCollectorQuerySchema, homeQuerySchema, loginActionQuerySchema, loginFormSchema, loginRefusedQuerySchema, noQuerySchema,
  passkeyOfferQuerySchema, passwordChangeActionQuerySchema, passwordChangeFormSchema, passwordChangeQuerySchema, passwordChangeRefusedQuerySchema,
} from './siteminder.ts';
import { SITEMINDER_HOME, SITEMINDER_LOGIN_ACTION } from './siteminder-paths.ts';
import { statisticsPayloadSchema } from './statistics.ts';
import { STATS_ENDPOINTS, USAGE_STORE_PATHS } from './statistics-paths.ts';
import { whiteLabelTestUrlsSchema } from './white-label-test-urls.ts';

// Every call the portal makes of the services it does not own (portal-login-service, SiteMinder, the metrics
// endpoints), with each answer it may get: the one table docs/api/openapi.json is generated from
// (scripts/contract/openapi.ts), the end-to-end run's calls are checked against, and `npm run contract:check`
// walks. Schemas are the zod schemas the page and the emulator already use; this file only says where each goes.

/** A JSON body with the name it has in the document's components. */
export interface NamedSchema {
  name: string;
  schema: z.ZodMiniType;
}

/** Where a 302 may send the visitor: a path (`{wl}` a brand key; `{TARGET}` any same-origin path) and its query. */
interface Redirect {
  to: string;
  query: z.ZodMiniType;
  when: string;
}

/** One answer of a call. */
export interface Answer {
  status: number;
  description: string;
  /** A JSON body. */
  json?: NamedSchema;
  /** Refusals `{ errorCode, message, field?, retryAfterSeconds? }` with these codes. */
  errors?: readonly ServiceErrorCode[];
  /** Passkey refusals `{ code, errorCode, message }` (design.md, "Passkeys"). */
  passkeyErrors?: readonly PasskeyCode[];
  /** A 302's possible destinations. */
  redirects?: readonly Redirect[];
  /** An HTML page (SiteMinder's home). */
  html?: boolean;
  /** A cookie this answer always sets. */
  setsCookie?: 'XSRF-TOKEN' | 'SMSESSION';
}

/** How a call proves it comes from the portal's pages: nothing, the XSRF header, SiteMinder's session, or both. */
export type CallSecurity = 'none' | 'xsrf' | 'session' | 'xsrf+session';

/** One call: where, what it sends, what it may get. */
export interface ServiceCall {
  operationId: string;
  method: 'get' | 'post' | 'patch' | 'delete';
  /** An OpenAPI path template. */
  path: string;
  tag: 'recovery' | 'xsrf' | 'passkeys' | 'siteminder' | 'metrics' | 'white-label';
  summary: string;
  description: string;
  security: CallSecurity;
  pathParams?: Readonly<Record<string, { schema: z.ZodMiniType; description: string }>>;
  query?: z.ZodMiniType;
  body?: { json: NamedSchema } | { form: NamedSchema };
  answers: readonly Answer[];
}

/** A call the pages expect an answer to quickly: 429 with how long to wait (docs/security.md has the limits). */
const RATE_LIMITED: Answer = { status: 429, description: 'Too many requests from this client or for this user; `Retry-After` and `retryAfterSeconds` say when to try again.', errors: ['TOO_MANY_REQUESTS'] };

/**
 * The answers every JSON call of portal-login-service may also get: 400 for a body the schema refuses (naming the
 * field), 403 without the XSRF header (non-GET), 413 over 64 KiB. Merged into the call's own answers of the same status.
 */
function serviceAnswers(method: ServiceCall['method'], hasBody: boolean, answers: readonly Answer[]): Answer[] {
  const common: Answer[] = [
    ...(hasBody ? [{ status: 400, description: 'The body is not JSON, nests deeper than 32 levels, or a field breaks the schema (`field` names it).', errors: ['BAD_REQUEST'] } satisfies Answer] : []),
    ...(method === 'get' ? [] : [
      { status: 403, description: 'No `X-XSRF-TOKEN` header, or one that is not the `XSRF-TOKEN` cookie\'s value: the page fetches the token and repeats the call once.', errors: ['XSRF'] } satisfies Answer,
      { status: 413, description: 'A body over 64 KiB.', errors: ['PAYLOAD_TOO_LARGE'] } satisfies Answer,
    ]),
  ];
  const merged = answers.map((answer) => ({ ...answer }));
  for (const extra of common) {
    const same = merged.find((answer) => answer.status === extra.status);
    if (!same) merged.push(extra);
    else if (same.passkeyErrors && !same.errors) same.errors = extra.errors ?? [];
    else same.errors = [...new Set([...(same.errors ?? []), ...(extra.errors ?? [])])];
  }
  return merged.sort((a, b) => a.status - b.status);
}

const userIdParam = { userId: { schema: z.string().check(z.minLength(1), z.maxLength(100)), description: 'The user id, percent-encoded.' } };

/** The recovery calls of spec 7 (time-out 30 s, except the user-type check). */
const recoveryCalls: ServiceCall[] = [
  {
    operationId: 'requestOtpChannels', method: 'post', path: `${PUBLIC_SERVICE_BASE}/fps/auth`, tag: 'recovery', security: 'xsrf',
    summary: 'The channels that can reach a user, and a transaction',
    description: 'Starts a forgot-password, first-time-user or forgot-user-id flow. Contact values arrive obfuscated (3 random characters + base64).',
    body: { json: { name: 'OtpAuthRequest', schema: otpAuthRequestSchema } },
    answers: serviceAnswers('post', true, [
      { status: 200, description: 'The user, the transaction and the channels.', json: { name: 'OtpAuthResponse', schema: otpAuthResponseSchema } },
      { status: 404, description: 'No such user.', errors: ['USER_NOT_FOUND'] },
      RATE_LIMITED,
    ]),
  },
  ...(['generate', 'resend'] as const).map((kind): ServiceCall => ({
    operationId: `${kind}Otp`, method: 'post', path: `${PUBLIC_SERVICE_BASE}/fps/${kind}-otp`, tag: 'recovery', security: 'xsrf',
    summary: kind === 'generate' ? 'Send a passcode over one channel' : 'Send a new passcode, replacing the previous one',
    description: 'A 6-digit passcode, valid 20 minutes, single use, void after 5 wrong tries. Only the call channel returns it (obfuscated, the page shows it); a second code to the same channel within 30 seconds is refused with 429.',
    body: { json: { name: 'SendOtpRequest', schema: sendOtpRequestSchema } },
    answers: serviceAnswers('post', true, [
      { status: 200, description: 'Sent.', json: { name: 'SendOtpResponse', schema: sendOtpResponseSchema } },
      { status: 400, description: 'The channel cannot reach the user, the value is not its contact, the flow is not the transaction\'s, or the transaction\'s passcodes are void.', errors: ['NO_CHANNEL', 'OTP_VOID'] },
      { status: 404, description: 'No such transaction (or it lapsed), or no such user.', errors: ['TRANSACTION_UNKNOWN', 'USER_NOT_FOUND'] },
      RATE_LIMITED,
    ]),
  })),
  {
    operationId: 'verifyOtp', method: 'post', path: `${PUBLIC_SERVICE_BASE}/fps/verify-otp`, tag: 'recovery', security: 'xsrf',
    summary: 'Check a passcode',
    description: 'For the call channel, `authenticationResult` stays null with `channelStatus` `STATUS.PENDING` until the callee has keyed the code (the page asks again every 20 s), or `STATUS.UNREACHABLE`.',
    body: { json: { name: 'VerifyOtpRequest', schema: verifyOtpRequestSchema } },
    answers: serviceAnswers('post', true, [
      { status: 200, description: 'The result.', json: { name: 'VerifyOtpResponse', schema: verifyOtpResponseSchema } },
      { status: 400, description: 'A wrong passcode; no open passcode for the channel or 5 wrong tries; an expired one.', errors: ['OTP_INVALID', 'OTP_VOID', 'OTP_EXPIRED'] },
      { status: 403, description: 'The user id is locked (the page shows access denied).', errors: [OTP_ERR_003] },
      { status: 404, description: 'No such transaction, or no such user.', errors: ['TRANSACTION_UNKNOWN', 'USER_NOT_FOUND'] },
      RATE_LIMITED,
    ]),
  },
  {
    operationId: 'emailTemporaryPassword', method: 'post', path: `${PUBLIC_SERVICE_BASE}/fps/email/{userId}`, tag: 'recovery', security: 'xsrf',
    summary: 'E-mail a temporary password after a verified passcode',
    description: 'The page then opens the change-password page, which posts to SiteMinder\'s password services.',
    pathParams: userIdParam,
    body: { json: { name: 'TemporaryPasswordRequest', schema: temporaryPasswordRequestSchema } },
    answers: serviceAnswers('post', true, [
      { status: 200, description: 'Sent.', json: { name: 'ResultResponse', schema: resultResponseSchema } },
      { status: 403, description: 'The transaction\'s passcode is not verified.', errors: ['TRANSACTION_UNKNOWN'] },
      { status: 404, description: 'No such user or transaction.', errors: ['USER_NOT_FOUND', 'TRANSACTION_UNKNOWN'] },
    ]),
  },
  {
    operationId: 'lookupForgottenUser', method: 'post', path: `${PUBLIC_SERVICE_BASE}/fuid/lookup`, tag: 'recovery', security: 'xsrf',
    summary: 'Find a user by first name, last name and e-mail', description: 'The e-mail is compared case-insensitively. The answer never carries the user id.',
    body: { json: { name: 'ForgotUserLookupRequest', schema: forgotUserLookupRequestSchema } },
    answers: serviceAnswers('post', true, [
      { status: 200, description: 'Found.', json: { name: 'ForgotUserLookupResponse', schema: forgotUserLookupResponseSchema } },
      { status: 404, description: 'No user with these details.', errors: ['USER_NOT_FOUND'] },
      RATE_LIMITED,
    ]),
  },
  {
    operationId: 'emailUserId', method: 'post', path: `${PUBLIC_SERVICE_BASE}/fuid/emails`, tag: 'recovery', security: 'xsrf',
    summary: 'E-mail the user id after a verified passcode', description: 'Forgot user id\'s last call.',
    body: { json: { name: 'ForgotUserEmailRequest', schema: forgotUserEmailRequestSchema } },
    answers: serviceAnswers('post', true, [
      { status: 200, description: 'Sent.', json: { name: 'ResultResponse', schema: resultResponseSchema } },
      { status: 403, description: 'The transaction\'s passcode is not verified.', errors: ['TRANSACTION_UNKNOWN'] },
      { status: 404, description: 'No such principal or transaction.', errors: ['USER_NOT_FOUND', 'TRANSACTION_UNKNOWN'] },
    ]),
  },
  {
    operationId: 'checkUserType', method: 'get', path: `${PUBLIC_SERVICE_BASE}/uti/{userId}`, tag: 'recovery', security: 'none',
    summary: 'Whether a user is internal', description: 'No time-out (spec 7). Internal users get the 16-character password rule.',
    pathParams: userIdParam,
    answers: serviceAnswers('get', false, [
      { status: 200, description: 'The user type.', json: { name: 'UserTypeResponse', schema: userTypeResponseSchema } },
      { status: 400, description: 'A malformed percent-escape in the path.', errors: ['BAD_REQUEST'] },
      { status: 404, description: 'No such user.', errors: ['USER_NOT_FOUND'] },
      RATE_LIMITED,
    ]),
  },
  {
    operationId: 'decryptIdentifier', method: 'post', path: `${PUBLIC_SERVICE_BASE}/uti/decrypt`, tag: 'recovery', security: 'xsrf',
    summary: 'Whether the user behind an encrypted identifier is internal', description: 'Used by forgot user id; never answers the user id itself.',
    body: { json: { name: 'DecryptRequest', schema: decryptRequestSchema } },
    answers: serviceAnswers('post', true, [
      { status: 200, description: 'The user type.', json: { name: 'DecryptResponse', schema: decryptResponseSchema } },
      { status: 404, description: 'No such identifier.', errors: ['USER_NOT_FOUND'] },
    ]),
  },
  {
    operationId: 'forgotUserChange', method: 'post', path: `${PUBLIC_SERVICE_BASE}/change`, tag: 'recovery', security: 'xsrf',
    summary: 'The forgot-user change request', description: 'Spec 7 lists it; its result is not shown and no flow of the portal calls it today.',
    body: { json: { name: 'ForgotUserChangeRequest', schema: forgotUserChangeRequestSchema } },
    answers: serviceAnswers('post', true, [{ status: 200, description: 'Accepted.', json: { name: 'EmptyResponse', schema: z.strictObject({}) } }]),
  },
];

const xsrfCall: ServiceCall = {
  operationId: 'getXsrfToken', method: 'get', path: XSRF_PATH, tag: 'xsrf', security: 'none',
  summary: 'The XSRF token cookie, for a page that holds none',
  description: 'Pages are static on every real host, so no page answer sets `XSRF-TOKEN`. A page without the cookie makes this call before its first non-GET call (one at a time, however many calls wait). The service also sets the cookie on any answer to a request that lacks a valid one.',
  answers: [{ status: 204, description: 'No body; `Set-Cookie: XSRF-TOKEN=…; Path=/; SameSite=Strict` (readable by the page, `Secure` over TLS).', setsCookie: 'XSRF-TOKEN' }],
};

const credentialIdParam = { id: { schema: z.string().check(z.minLength(1), z.maxLength(1024)), description: 'The passkey\'s credential id (base64url), percent-encoded.' } };
const REAUTH = 'More than 10 minutes since this session\'s sign-in: the page sends the visitor through login and back.';

/** The passkey calls (design.md, "Passkeys": our extension of the service contract). */
const passkeyCalls: ServiceCall[] = [
  {
    operationId: 'passkeyAuthenticationOptions', method: 'post', path: PASSKEY_PATHS.authenticationOptions, tag: 'passkeys', security: 'xsrf',
    summary: 'Options for a passkey sign-in', description: 'A fresh challenge (32 random bytes, single use, valid 2 minutes) bound to the browser that asked (an HttpOnly cookie names it), the RP ID, user verification required, no allowCredentials.',
    body: { json: { name: 'PasskeyAuthenticationOptionsRequest', schema: authenticationOptionsRequestSchema } },
    answers: serviceAnswers('post', true, [
      { status: 200, description: 'PublicKeyCredentialRequestOptionsJSON.', json: { name: 'PasskeyAuthenticationOptions', schema: authenticationOptionsResponseSchema } },
      { status: 403, description: 'Passkeys are not enabled on this host.', passkeyErrors: ['PASSKEY_REJECTED'] },
    ]),
  },
  {
    operationId: 'passkeyAuthenticationVerify', method: 'post', path: PASSKEY_PATHS.authenticationVerify, tag: 'passkeys', security: 'xsrf',
    summary: 'Sign in with a passkey', description: 'Verifies the assertion (challenge issued to this browser and unused, origin allowed, RP ID hash, signature, user verified, the passkey\'s own user handle); on success the same SiteMinder session cookie a password sign-in gets.',
    body: { json: { name: 'PasskeyAuthenticationVerifyRequest', schema: authenticationVerifyRequestSchema } },
    answers: serviceAnswers('post', true, [
      { status: 200, description: 'Signed in; the page goes to `redirect`.', json: { name: 'PasskeyAuthenticationVerifyResponse', schema: authenticationVerifyResponseSchema }, setsCookie: 'SMSESSION' },
      { status: 401, description: '`PASSKEY_UNKNOWN`: a credential the service does not hold; `PASSKEY_REJECTED`: anything else that fails; `ACCOUNT_LOCKED`: the login lockout.', passkeyErrors: ['PASSKEY_UNKNOWN', 'PASSKEY_REJECTED', 'ACCOUNT_LOCKED'] },
      { status: 403, description: 'Passkeys are not enabled on this host.', passkeyErrors: ['PASSKEY_REJECTED'] },
    ]),
  },
  {
    operationId: 'passkeyRegistrationOptions', method: 'post', path: PASSKEY_PATHS.registrationOptions, tag: 'passkeys', security: 'xsrf+session',
    summary: 'Options for creating a passkey', description: '`user.id` is an opaque random handle, never the user id; `excludeCredentials` lists the user\'s passkeys.',
    body: { json: { name: 'PasskeyRegistrationOptionsRequest', schema: registrationOptionsRequestSchema } },
    answers: serviceAnswers('post', true, [
      { status: 200, description: 'PublicKeyCredentialCreationOptionsJSON.', json: { name: 'PasskeyRegistrationOptions', schema: registrationOptionsResponseSchema } },
      { status: 401, description: 'No session.', passkeyErrors: ['NO_SESSION'] },
      { status: 403, description: 'Passkeys are not enabled on this host.', passkeyErrors: ['PASSKEY_REJECTED'] },
    ]),
  },
  {
    operationId: 'passkeyRegistrationVerify', method: 'post', path: PASSKEY_PATHS.registrationVerify, tag: 'passkeys', security: 'xsrf+session',
    summary: 'Store a new passkey', description: 'The automatic upgrade (`conditional: true`) only within 5 minutes of a password sign-in of this session, once, without user presence or verification; any other registration within 10 minutes of a sign-in.',
    body: { json: { name: 'PasskeyRegistrationVerifyRequest', schema: registrationVerifyRequestSchema } },
    answers: serviceAnswers('post', true, [
      { status: 201, description: 'Stored; `name` from the authenticator\'s AAGUID where known, else "Passkey".', json: { name: 'PasskeySummaryCreated', schema: registrationVerifyResponseSchema } },
      { status: 400, description: 'The registration does not verify, or the passkey is already registered.', passkeyErrors: ['PASSKEY_REJECTED'] },
      { status: 401, description: `No session; a challenge not issued to this browser, used or lapsed; or: ${REAUTH}`, passkeyErrors: ['NO_SESSION', 'PASSKEY_REJECTED', 'REAUTH_REQUIRED'] },
      { status: 403, description: 'Passkeys are not enabled on this host.', passkeyErrors: ['PASSKEY_REJECTED'] },
    ]),
  },
  {
    operationId: 'listPasskeys', method: 'get', path: PASSKEY_PATHS.credentials, tag: 'passkeys', security: 'session',
    summary: 'The signed-in user\'s passkeys', description: 'Name, created and last used, for Your passkeys.',
    answers: [
      { status: 200, description: 'The passkeys.', json: { name: 'PasskeyList', schema: passkeyListSchema } },
      { status: 401, description: 'No session.', passkeyErrors: ['NO_SESSION'] },
    ],
  },
  {
    operationId: 'renamePasskey', method: 'patch', path: `${PASSKEY_PATHS.credentials}/{id}`, tag: 'passkeys', security: 'xsrf+session',
    summary: 'Rename a passkey', description: 'Within 10 minutes of a sign-in of this session.', pathParams: credentialIdParam,
    body: { json: { name: 'PasskeyRenameRequest', schema: passkeyRenameRequestSchema } },
    answers: serviceAnswers('patch', true, [
      { status: 200, description: 'Renamed.', json: { name: 'PasskeySummary', schema: passkeySummarySchema } },
      { status: 401, description: `No session, or: ${REAUTH}`, passkeyErrors: ['NO_SESSION', 'REAUTH_REQUIRED'] },
      { status: 404, description: 'No such passkey of this user.', errors: ['NOT_FOUND'] },
    ]),
  },
  {
    operationId: 'removePasskey', method: 'delete', path: `${PASSKEY_PATHS.credentials}/{id}`, tag: 'passkeys', security: 'xsrf+session',
    summary: 'Remove a passkey', description: 'Within 10 minutes of a sign-in of this session.', pathParams: credentialIdParam,
    answers: serviceAnswers('delete', false, [
      { status: 204, description: 'Removed.' },
      { status: 400, description: 'A malformed percent-escape in the path.', errors: ['BAD_REQUEST'] },
      { status: 401, description: `No session, or: ${REAUTH}`, passkeyErrors: ['NO_SESSION', 'REAUTH_REQUIRED'] },
      { status: 404, description: 'No such passkey of this user.', errors: ['NOT_FOUND'] },
    ]),
  },
  {
    operationId: 'declinePasskeyOffer', method: 'post', path: PASSKEY_PATHS.decline, tag: 'passkeys', security: 'xsrf+session',
    summary: 'Not now', description: 'No passkey offer after a password sign-in for 30 days.',
    answers: serviceAnswers('post', false, [
      { status: 204, description: 'Remembered.' },
      { status: 401, description: 'No session.', passkeyErrors: ['NO_SESSION'] },
    ]),
  },
];

const CROSS_SITE: Answer = { status: 403, description: 'A post another site made (an Origin of another host, `Sec-Fetch-Site: cross-site`, or `Origin: null` without the XSRF cookie).', errors: ['CROSS_SITE'] };
const FORM_TOO_LARGE: Answer = { status: 413, description: 'A form over 64 KiB.', errors: ['PAYLOAD_TOO_LARGE'] };

/** SiteMinder: the login and password-change forms, its home and logout (spec 7; design.md). */
const siteMinderCalls: ServiceCall[] = [
  {
    operationId: 'processLogin', method: 'post', path: SITEMINDER_LOGIN_ACTION, tag: 'siteminder', security: 'none',
    summary: 'Sign in with a password (the login form)', description: 'A plain HTML form post. Every outcome is a 302: SiteMinder never answers the form with an error status. 5 wrong passwords for one user id within 15 minutes lock it for 15 minutes (the right password fails too); more than 200 sign-ins per client in 15 minutes are refused.',
    query: loginActionQuerySchema,
    body: { form: { name: 'LoginForm', schema: loginFormSchema } },
    answers: [
      {
        status: 302, description: 'Where the visitor goes.',
        redirects: [
          { to: '{TARGET}', query: z.looseObject({}), when: 'Signed in: the session cookie `SMSESSION` (`__Host-SMSESSION` over TLS, HttpOnly, SameSite=Lax) and TARGET (default `/apps/home`).' },
          { to: '/app/{wl}/passkey', query: passkeyOfferQuerySchema, when: 'Signed in, by password, a user without a passkey and no Not now in 30 days: the passkey offer, then TARGET.' },
          { to: '/self-service/{wl}/fps-self-change-pw', query: passwordChangeQuerySchema, when: 'The password is temporary: it must be changed first.' },
          { to: '/app/{wl}/login', query: loginRefusedQuerySchema, when: 'Refused: wrong user id or password, a locked id, or the client\'s limit.' },
        ],
      },
      CROSS_SITE, FORM_TOO_LARGE,
    ],
  },
  {
    operationId: 'changePassword', method: 'post', path: '/pw/forms/smpwservices.fcc', tag: 'siteminder', security: 'none',
    summary: 'Change a password (SiteMinder\'s password services)', description: 'Rules: 8 characters external, 16 internal; upper, lower, digit, special; no reuse of the last 12. A wrong current password counts toward the login lockout.',
    query: passwordChangeActionQuerySchema,
    body: { form: { name: 'PasswordChangeForm', schema: passwordChangeFormSchema } },
    answers: [
      {
        status: 302, description: 'Where the visitor goes.',
        redirects: [
          { to: '/self-service/{wl}/fps-self-change-pw', query: passwordChangeRefusedQuerySchema, when: 'Refused: the form\'s query with `SMPWERR` (`ISB_USRUP06` reused, `ISB_PASSVAL01` wrong current password, `ISB_PASSVAL02`-`04` rules, `ACCOUNT_LOCKED`, `TOO_MANY_REQUESTS`).' },
          { to: '{TARGET}', query: z.looseObject({}), when: 'Changed: TARGET (default `/apps/home?fromPage=FPS`).' },
        ],
      },
      CROSS_SITE, FORM_TOO_LARGE,
    ],
  },
  {
    operationId: 'siteMinderHome', method: 'get', path: SITEMINDER_HOME, tag: 'siteminder', security: 'none',
    summary: 'SiteMinder\'s protected home', description: 'Signed in: the host application. Without a session: the portal\'s root as SiteMinder\'s credential collector, which follows the white-label and language cookies to the right login page.',
    query: homeQuerySchema,
    answers: [
      { status: 200, description: 'Signed in (a session cookie).', html: true },
      { status: 302, description: 'No session.', redirects: [{ to: '/', query: homeCollectorQuerySchema, when: 'No session (the credential collector).' }] },
    ],
  },
  {
    operationId: 'logout', method: 'get', path: '/login/logout.html', tag: 'siteminder', security: 'none',
    summary: 'Log out', description: 'Ends the session and removes its cookie.',
    answers: [{ status: 302, description: 'The logout page of the brand the visitor signed in with (else the white-label cookie\'s, else `nxn`).', redirects: [{ to: '/app/{wl}/logout', query: noQuerySchema, when: 'Always.' }] }],
  },
];

const statisticsAnswers: Answer[] = [
  { status: 200, description: 'Recorded.', json: { name: 'ResultResponse', schema: resultResponseSchema } },
  { status: 400, description: 'Not a JSON object, nested deeper than 32 levels, or over 16 KiB.', errors: ['BAD_REQUEST'] },
  { status: 413, description: 'A body over 64 KiB.', errors: ['PAYLOAD_TOO_LARGE'] },
];
const statisticsBody = { json: { name: 'StatisticsPayload', schema: statisticsPayloadSchema } };
const metricsCall = (operationId: string, path: string, summary: string, extra: Partial<ServiceCall> = {}): ServiceCall => ({
  operationId, method: 'post', path, tag: 'metrics', security: 'none', summary,
  description: 'Any JSON object with its `statsType`, at most 16 KiB; the records the page sends are described in spec 3 and docs/telemetry.md. Failures never reach the visitor.',
  body: statisticsBody, answers: statisticsAnswers, ...extra,
});

/** The metrics endpoints (spec 7). */
const metricsCalls: ServiceCall[] = [
  metricsCall('postMetrics', STATS_ENDPOINTS.metrics, 'NXN_* statistics (HTTP, usage, clicks, login, profile audit, password)'),
  metricsCall('postStatsEvent', `${STATS_ENDPOINTS.stats}/{eventName}`, 'Any other event, its name in the path', {
    pathParams: { eventName: { schema: z.string().check(z.regex(/^[\w.%-]+$/)), description: 'The event name, percent-encoded.' } },
  }),
  metricsCall('postLoginAnalytics', STATS_ENDPOINTS.loginAnalytics, 'Login statistics (NXN_LOGIN_STATS)'),
  metricsCall('postDigitalPulse', STATS_ENDPOINTS.digitalPulsePath, 'Login statistics for the digital-pulse events service (same origin when the environment names no host)'),
  metricsCall('postClickMonitor', STATS_ENDPOINTS.clickMonitor, 'Click metrics of the portals whose brand sends them to the monitoring helper'),
  metricsCall('postHttpUsage', USAGE_STORE_PATHS[0], 'HTTP usage store (spec 7)'),
  metricsCall('postStateUsage', USAGE_STORE_PATHS[1], 'State usage store (spec 7)'),
];

const whiteLabelCall: ServiceCall = {
  operationId: 'whiteLabelTestUrls', method: 'get', path: '/nxn-service/public/wlTestUrls', tag: 'white-label', security: 'none',
  summary: 'White Label testing groups', description: 'Line-of-business groups with their client links (spec 7), shown in integration-test environments.',
  answers: [{ status: 200, description: 'The groups.', json: { name: 'WhiteLabelTestGroups', schema: whiteLabelTestUrlsSchema } }],
};

/** Every call of the contract, in the document's order. */
export const SERVICE_CALLS: readonly ServiceCall[] = [xsrfCall, ...recoveryCalls, ...passkeyCalls, ...siteMinderCalls, ...metricsCalls, whiteLabelCall];
