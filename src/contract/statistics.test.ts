import { expect, test } from 'vitest';
import { buildClickEvent, buildHttpStats, buildLoginFailureEvent, buildUsageRecord } from '../services/telemetry/payloads.ts';
import { clickEventSchema, httpStatsSchema, loginStatsEventSchema, statisticsPayloadSchema, usageRecordSchema } from './statistics.ts';

const now = new Date('2026-11-22T11:05:09Z');

test('the records the page builds satisfy the statistics contract, even at their longest', () => {
  const long = 'x'.repeat(5000);
  expect(usageRecordSchema.safeParse(buildUsageRecord({
    context: { wlKey: 'nxn', language: 'en-US', hostUrl: long, userType: 'both', userId: 'not a valid id' },
    from: long, to: 'FPS/generateOTPPage', status: 'Success', elapsedMs: 12, now, stateGuid: 'g',
  })).success).toBe(true);
  expect(loginStatsEventSchema.safeParse(buildLoginFailureEvent({
    wlKey: 'nxn', userId: 'jdoe', userToken: long, smAuthStatus: '1', smAuthReason: '0', message: long,
    browser: long, os: 'Linux', environment: 'MOCK', hostUrl: long, now,
  })).success).toBe(true);
  expect(clickEventSchema.safeParse(buildClickEvent({
    action: 'click', component: 'RequestStep', fieldId: 'continue', fieldValue: long, eventType: 'button', redirect: long,
    fromState: long, hostUrl: long, transactionDetails: long,
  })).success).toBe(true);
  expect(httpStatsSchema.safeParse(buildHttpStats({
    portalName: 'nxn', browser: 'Chrome', os: 'Linux', screenResolution: '1x1', userAgent: long, environment: 'MOCK',
    userToken: long, clientId: 'nxn', userId: long, userType: 'both', fromState: long, toState: long,
    method: 'GET', url: `/portal-login-service/public/uti/${long}`, status: 'Failure', statusCode: -1, responseSize: 0,
    startedAt: now, endedAt: now, requestGuid: 'r',
  })).success).toBe(true);
});

test('a login event built from hostile SiteMinder codes still keeps the contract', () => {
  expect(loginStatsEventSchema.safeParse(buildLoginFailureEvent({
    wlKey: 'nxn', userId: 'jdoe', userToken: null, smAuthStatus: '"><script>', smAuthReason: 'x'.repeat(5000), message: 'Invalid Credentials',
    browser: 'Chrome', os: 'Linux', environment: 'MOCK', hostUrl: 'http://localhost/', now,
  })).success).toBe(true);
});

test('a login event with an OTP value or an unknown sub-event code breaks the contract', () => {
  const event = buildLoginFailureEvent({
    wlKey: 'nxn', userId: 'jdoe', userToken: null, smAuthStatus: null, smAuthReason: null, message: 'Invalid Credentials',
    browser: 'Chrome', os: 'Linux', environment: 'MOCK', hostUrl: 'http://localhost/', now,
  });
  expect(loginStatsEventSchema.safeParse({ ...event, OTP_TYPE: 'email' }).success).toBe(false);
  expect(loginStatsEventSchema.safeParse({ ...event, SUB_EVENT_CODE: 'NLA9999' }).success).toBe(false);
  expect(loginStatsEventSchema.safeParse({ ...event, FAILURE_REASON: 'SMAUTHREASON=<b>;SMAUTHSTATUS=0' }).success).toBe(false);
});

test('the metrics endpoints take any JSON object up to 16 KiB', () => {
  expect(statisticsPayloadSchema.safeParse({ statsType: 'NXN_USAGE_STATS', anything: [1, { deep: true }] }).success).toBe(true);
  expect(statisticsPayloadSchema.safeParse({ statsType: 'x', blob: 'y'.repeat(17_000) }).success).toBe(false);
  expect(statisticsPayloadSchema.safeParse([1, 2]).success).toBe(false);
});
