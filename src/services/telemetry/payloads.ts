import { TRUNCATION_LIMITS as LIMITS } from '../../domain/limits.ts';
import { statsUserId, truncate } from './limits.ts';
import { formatTimestamp } from './timestamp.ts';
import type { ClickEventContract, HttpStatsContract, LoginStatsEventContract, UsageRecordContract } from '../../contract/statistics.ts';

/** Statistics defaults of spec 9. */
const STATS_DEFAULTS = {
  applicationMnemonic: 'NXN',
  lineOfBusiness: 'Client Experience Delivery',
  deviceType: 'Desktop',
} as const;

export type TransitionStatus = UsageRecordContract['TRANSITION_STATUS'];
export type StatsUserType = UsageRecordContract['USER_TYPE'];

/** What every recovery usage record knows about the page it comes from. */
export interface UsageContext {
  wlKey: string;
  language: string;
  hostUrl: string;
  userType: StatsUserType;
  userId?: string | null;
}

/** The usage-stats record of spec 3 (NXN_USAGE_STATS); the contract's schema is the source of the type. */
export type UsageRecord = UsageRecordContract;

/** Builds a usage record for a state transition (e.g. `FPS/generateOTPPage`, Success). */
export function buildUsageRecord(input: {
  context: UsageContext;
  from: string;
  to: string;
  status: TransitionStatus;
  elapsedMs: number;
  now: Date;
  stateGuid: string;
}): UsageRecord {
  return {
    WL_KEY: input.context.wlKey,
    USER_LANGUAGE: input.context.language,
    FROM_STATE: truncate(input.from, LIMITS.navigationState),
    TO_STATE: truncate(input.to, LIMITS.navigationState),
    TRANSITION_STATUS: input.status,
    ELAPSED_TIME: Math.max(0, Math.round(input.elapsedMs)),
    TIME_STAMP_WITH_ZONE: formatTimestamp(input.now),
    HOST_URL: truncate(input.context.hostUrl, LIMITS.url),
    USER_TYPE: input.context.userType,
    LAST_ACTIVITY_USER_ID: statsUserId(input.context.userId),
    LINE_OF_BUSINESS: STATS_DEFAULTS.lineOfBusiness,
    STATE_GUID: input.stateGuid,
  };
}

/** Sub-event code of a failed login (spec 4.1). */
export function loginSubEventCode(smAuthStatus: string | null, smAuthReason: string | null): 'NLA0103' | 'NLA0102' | 'NLA0113' {
  if (smAuthStatus === '1') return 'NLA0103';
  if (smAuthReason === '24') return 'NLA0102';
  return 'NLA0113';
}

/**
 * A SiteMinder reason or status code as it may be recorded: digits only. The values come from the
 * login page's query, which anyone can write, so anything else (text, markup, a long value) is dropped.
 */
function authCode(value: string | null): string {
  return value !== null && /^\d{1,10}$/.test(value) ? value : '';
}

/** The login statistics event (NXN_LOGIN_STATS). */
export type LoginStatsEvent = LoginStatsEventContract;

/** Builds the failed-login event reported when the login page comes back with SMUSRMSG. */
export function buildLoginFailureEvent(input: {
  wlKey: string;
  userId: string | null;
  userToken: string | null;
  smAuthStatus: string | null;
  smAuthReason: string | null;
  /** The catalogue message shown (never the raw query parameter). */
  message: string;
  browser: string;
  os: string;
  environment: string;
  hostUrl: string;
  now: Date;
}): LoginStatsEvent {
  return {
    WL_KEY: input.wlKey,
    USER_ID: statsUserId(input.userId),
    USR_TOKEN: input.userToken ? truncate(input.userToken, LIMITS.headers) : null,
    EVENT_CODE: 'NLA01',
    SUB_EVENT_CODE: loginSubEventCode(input.smAuthStatus, input.smAuthReason),
    EVENT_NAME: 'LOGIN',
    EVENT_STATUS: 'Failure',
    EVENT_ERROR_MESSAGE: truncate(input.message, LIMITS.clickState),
    FAILURE_REASON: `SMAUTHREASON=${authCode(input.smAuthReason)};SMAUTHSTATUS=${authCode(input.smAuthStatus)}`,
    BROWSER_INFO: truncate(input.browser, LIMITS.clickFromState),
    OS_INFO: truncate(input.os, LIMITS.clickFromState),
    ENVIRONMENT: input.environment,
    TIME_STAMP: formatTimestamp(input.now),
    HOST_URL: truncate(input.hostUrl, LIMITS.url),
    OTP_TYPE: null,
    OTP_STATUS: null,
    OTP_CHANNEL: null,
  };
}

/** A click event (spec 3). Field values are for non-secret fields only; callers never pass input values of password or code fields. */
export type ClickEvent = ClickEventContract;

/** Builds a click event with the spec's truncation limits. */
export function buildClickEvent(input: ClickEvent): ClickEvent {
  return {
    ...input,
    fieldValue: truncate(input.fieldValue, LIMITS.clickState),
    fromState: truncate(input.fromState, LIMITS.clickFromState),
    hostUrl: truncate(input.hostUrl, LIMITS.url),
    transactionDetails: truncate(input.transactionDetails, LIMITS.clickState),
    ...(input.redirect === undefined ? {} : { redirect: truncate(input.redirect, LIMITS.url) }),
  };
}

/** The HTTP-stats payload: one service call (spec 3 general payload, spec 8 status rules). */
export type HttpStatsPayload = HttpStatsContract;

/** Builds the HTTP-stats payload for one call, with what the page knows of the visitor. */
export function buildHttpStats(input: {
  portalName: string;
  browser: string;
  os: string;
  deviceType?: string;
  screenResolution: string;
  userAgent: string;
  environment: string;
  /** The usrTok cookie, or null. */
  userToken: string | null;
  /** The white-label key. */
  clientId: string;
  /** The user id as given; sent only when it passes the usage-stats filter. */
  userId: string | null;
  userType: StatsUserType;
  fromState: string | null;
  toState: string | null;
  method: string;
  url: string;
  status: TransitionStatus;
  statusCode: number;
  responseSize: number;
  startedAt: Date;
  endedAt: Date;
  requestGuid: string;
}): HttpStatsPayload {
  const path = input.url.replace(/^https?:\/\/[^/]+/, '');
  return {
    applicationMnemonic: STATS_DEFAULTS.applicationMnemonic,
    portalName: input.portalName,
    browserInfo: truncate(input.browser, LIMITS.clickFromState),
    deviceType: input.deviceType ?? STATS_DEFAULTS.deviceType,
    osInfo: truncate(input.os, LIMITS.clickFromState),
    screenResolution: input.screenResolution,
    userAgent: truncate(input.userAgent, LIMITS.clickState),
    environment: input.environment,
    userToken: input.userToken === null ? null : truncate(input.userToken, LIMITS.headers),
    clientId: input.clientId,
    lastActivityUserId: statsUserId(input.userId),
    userType: input.userType,
    fromState: input.fromState === null ? null : truncate(input.fromState, LIMITS.navigationState),
    toState: input.toState === null ? null : truncate(input.toState, LIMITS.navigationState),
    lineOfBusiness: STATS_DEFAULTS.lineOfBusiness,
    apiVersion: /\/(v\d+(?:\.\d+)*)\//i.exec(path.split('?')[0] ?? '')?.[1] ?? null,
    httpMethod: input.method,
    url: truncate(input.url, LIMITS.url),
    status: input.status,
    statusCode: input.statusCode,
    responseSize: input.responseSize,
    elapsedTime: Math.max(0, input.endedAt.getTime() - input.startedAt.getTime()),
    requestGuid: input.requestGuid,
    serviceName: path.split('/').filter(Boolean)[0] ?? '',
    contextPath: truncate(path.split('?')[0] ?? '', LIMITS.contextPath),
    transitionStartTime: formatTimestamp(input.startedAt),
    transitionEndTime: formatTimestamp(input.endedAt),
  };
}
