import { z } from 'zod/mini';
import { STATS_USER_ID_FORMAT, TRUNCATION_LIMITS } from '../domain/limits.ts';
import { transitionResultSchema, userTypeSchema } from './vocabulary.ts';

// The statistics records of spec 3. Schemas only: the page builds them (src/services/telemetry/)
// and the emulator records any payload (statisticsPayloadSchema) because the real endpoints do.
// Lengths follow the truncation limits of spec 9.

const text = (max: number) => z.string().check(z.maxLength(max));
const nullableNull = z.null();
/** The user id a record carries: null unless it has the format statistics allow. */
const statsUserIdSchema = z.nullable(z.string().check(z.regex(STATS_USER_ID_FORMAT)));

/** What the metrics endpoints accept: any JSON object with its statsType, at most 16 KiB. */
export const statisticsPayloadSchema = z.record(z.string().check(z.maxLength(100)), z.unknown()).check(
  z.refine((payload) => JSON.stringify(payload).length <= 16_384, 'payload larger than 16 KiB'),
);

/** The usage-stats record of the recovery flows (NXN_USAGE_STATS). */
export const usageRecordSchema = z.object({
  /** White-label key, e.g. `nxn`. */
  WL_KEY: text(40),
  /** Display language, e.g. `en-US`. */
  USER_LANGUAGE: text(10),
  /** The state left, e.g. `FPS/requestPage`, at most 512 characters (a navigation state). */
  FROM_STATE: text(TRUNCATION_LIMITS.navigationState),
  /** The state entered, e.g. `FPS/generateOTPPage`, at most 512 characters. */
  TO_STATE: text(TRUNCATION_LIMITS.navigationState),
  /** Success or Failure. */
  TRANSITION_STATUS: transitionResultSchema,
  /** Milliseconds spent in FROM_STATE. */
  ELAPSED_TIME: z.number().check(z.nonnegative()),
  /** `yyyy-MM-dd'T'HH:mm:ssxxx`, e.g. `2026-11-22T12:05:09+01:00`. */
  TIME_STAMP_WITH_ZONE: text(40),
  /** The page's URL, at most 512 characters. */
  HOST_URL: text(TRUNCATION_LIMITS.url),
  /** internal, external or both. */
  USER_TYPE: userTypeSchema,
  /** The user id when it is 1 to 50 of letters, digits, @ . _ - (spec 5); else null. */
  LAST_ACTIVITY_USER_ID: statsUserIdSchema,
  /** `Client Experience Delivery` by default. */
  LINE_OF_BUSINESS: text(100),
  /** One id per page visit, tying its records together. */
  STATE_GUID: text(100),
});
export type UsageRecordContract = z.infer<typeof usageRecordSchema>;

/** The HTTP-stats payload: one service call (NXN_HTTP_STATS; spec 3 general payload, spec 8 status rules). */
export const httpStatsSchema = z.object({
  /** `NXN`. */
  applicationMnemonic: text(20),
  /** The portal, e.g. the white-label key. */
  portalName: text(100),
  /** e.g. `Chrome 156.0.0.0`. */
  browserInfo: text(TRUNCATION_LIMITS.clickFromState),
  /** Desktop, Mobile or Tablet (Desktop by default). */
  deviceType: text(20),
  /** e.g. `Windows 10.0`. */
  osInfo: text(TRUNCATION_LIMITS.clickFromState),
  /** e.g. `1920x1080`. */
  screenResolution: text(20),
  /** The user agent, at most 512 characters. */
  userAgent: text(TRUNCATION_LIMITS.clickState),
  /** LOCAL, MOCK, DEV, XAT, QA or PRODUCTION, resolved from the host name (spec 4.4). */
  environment: text(20),
  /** The user token: the usrTok cookie, at most 4096 characters; null when absent. */
  userToken: z.nullable(text(TRUNCATION_LIMITS.headers)),
  /** The provider's client whose portal this is: the white-label key, e.g. `nxn`. */
  clientId: text(40),
  /** The user id the visitor gave, when it is 1 to 50 of letters, digits, @ . _ - (spec 5); else null. */
  lastActivityUserId: statsUserIdSchema,
  /** internal, external or both (both until known). */
  userType: userTypeSchema,
  /** The state the call was made from, e.g. `FPS/requestPage`, at most 512 characters; null when the page has none. */
  fromState: z.nullable(text(TRUNCATION_LIMITS.navigationState)),
  /** The state once the answer was handled, e.g. `FPS/otpPage`, at most 512 characters; null when the page has none. */
  toState: z.nullable(text(TRUNCATION_LIMITS.navigationState)),
  /** `Client Experience Delivery` by default. */
  lineOfBusiness: text(100),
  /** The API version the called path names, e.g. `v1` of `/contentsvcs/v1/api/…`; null when it names none. */
  apiVersion: z.nullable(text(20)),
  /** GET, POST, ... */
  httpMethod: text(10),
  /** The called URL, at most 512 characters. */
  url: text(TRUNCATION_LIMITS.url),
  /** Success, or Failure. */
  status: transitionResultSchema,
  /** The HTTP status; on a time-out 1 past timeoutInSeconds else 0; -1 for other failures. */
  statusCode: z.int(),
  /** Bytes of the answer. */
  responseSize: z.int().check(z.nonnegative()),
  /** Milliseconds the call took. */
  elapsedTime: z.number().check(z.nonnegative()),
  /** One id per call. */
  requestGuid: text(100),
  /** First path segment, e.g. `portal-login-service`. */
  serviceName: text(150),
  /** The path without the query, at most 150 characters. */
  contextPath: text(TRUNCATION_LIMITS.contextPath),
  /** Call start, `yyyy-MM-dd'T'HH:mm:ssxxx`. */
  transitionStartTime: text(40),
  /** Call end, `yyyy-MM-dd'T'HH:mm:ssxxx`. */
  transitionEndTime: text(40),
});
export type HttpStatsContract = z.infer<typeof httpStatsSchema>;

/** A click event (NXN_USER_CLICK_STATS). Values of password or passcode fields are never sent. */
export const clickEventSchema = z.object({
  /** What was done, e.g. `click`. */
  action: text(100),
  /** The component, e.g. `RequestStep`. */
  component: text(100),
  /** The field or button id. */
  fieldId: text(100),
  /** A non-secret value, at most 512 characters. */
  fieldValue: text(TRUNCATION_LIMITS.clickState),
  /** e.g. `button`, `link`. */
  eventType: text(50),
  /** Where the page goes after the call (removed from the payload before it is sent). */
  redirect: z.optional(text(TRUNCATION_LIMITS.url)),
  /** The state the click happened in, at most 256 characters. */
  fromState: text(TRUNCATION_LIMITS.clickFromState),
  /** The page's URL, at most 512 characters. */
  hostUrl: text(TRUNCATION_LIMITS.url),
  /** Free text about the transaction, at most 512 characters. */
  transactionDetails: text(TRUNCATION_LIMITS.clickState),
});
export type ClickEventContract = z.infer<typeof clickEventSchema>;

/** The login statistics event (NXN_LOGIN_STATS); the OTP fields are always null (spec 3). */
export const loginStatsEventSchema = z.object({
  /** White-label key. */
  WL_KEY: text(40),
  /** The user id that tried, when it passes the usage-stats filter; else null. */
  USER_ID: z.nullable(text(50)),
  /** The usrTok cookie, at most 4096 characters; null when absent. */
  USR_TOKEN: z.nullable(text(TRUNCATION_LIMITS.headers)),
  /** `NLA01` for login. */
  EVENT_CODE: text(20),
  /** NLA0103 (SMAUTHSTATUS 1), NLA0102 (SMAUTHREASON 24) or NLA0113 (spec 4.1). */
  SUB_EVENT_CODE: z.enum(['NLA0102', 'NLA0103', 'NLA0113']),
  /** `LOGIN`. */
  EVENT_NAME: text(50),
  /** Success or Failure. */
  EVENT_STATUS: transitionResultSchema,
  /** The catalogue message shown (spec 8), never the raw query parameter. */
  EVENT_ERROR_MESSAGE: text(TRUNCATION_LIMITS.clickState),
  /** The SiteMinder codes, digits only (anything else in the query is dropped), e.g. `SMAUTHREASON=0;SMAUTHSTATUS=0`. */
  FAILURE_REASON: z.string().check(z.regex(/^SMAUTHREASON=\d{0,10};SMAUTHSTATUS=\d{0,10}$/)),
  /** Browser name and version. */
  BROWSER_INFO: text(TRUNCATION_LIMITS.clickFromState),
  /** OS name and version. */
  OS_INFO: text(TRUNCATION_LIMITS.clickFromState),
  /** LOCAL, MOCK, DEV, XAT, QA or PRODUCTION. */
  ENVIRONMENT: text(20),
  /** `yyyy-MM-dd'T'HH:mm:ssxxx`. */
  TIME_STAMP: text(40),
  /** The page's URL, at most 512 characters. */
  HOST_URL: text(TRUNCATION_LIMITS.url),
  /** Always null. */
  OTP_TYPE: nullableNull,
  /** Always null. */
  OTP_STATUS: nullableNull,
  /** Always null. */
  OTP_CHANNEL: nullableNull,
});
export type LoginStatsEventContract = z.infer<typeof loginStatsEventSchema>;
