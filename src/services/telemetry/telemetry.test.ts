import { afterEach, describe, expect, test, vi } from 'vitest';
import { endpointFor } from './endpoints.ts';
import { statsUserId, truncate } from './limits.ts';
import { buildClickEvent, buildHttpStats, buildLoginFailureEvent, buildUsageRecord, loginSubEventCode } from './payloads.ts';
import { isSafeRedirect } from '../../lib/safe-redirect.ts';
import { sendStatistics } from './send-statistics.ts';
import type { StatsTransport } from './send-statistics.ts';
import { formatTimestamp } from './timestamp.ts';

const now = new Date('2026-11-22T11:05:09Z');

function recordingTransport(fail = false): StatsTransport & { calls: Array<{ url: string; body: Record<string, unknown>; beacon: boolean }> } {
  const calls: Array<{ url: string; body: Record<string, unknown>; beacon: boolean }> = [];
  return {
    calls,
    async post(url, body) {
      calls.push({ url, body: JSON.parse(body) as Record<string, unknown>, beacon: false });
      if (fail) throw new Error('boom');
    },
    beacon(url, body) {
      calls.push({ url, body: JSON.parse(body) as Record<string, unknown>, beacon: true });
      return true;
    },
  };
}

describe('limits', () => {
  test('sends a usage-stats user id only when it is 1 to 50 allowed characters', () => {
    expect(statsUserId('jdoe')).toBe('jdoe');
    expect(statsUserId('john.doe@example.com')).toBe('john.doe@example.com');
    expect(statsUserId('a'.repeat(51))).toBeNull();
    expect(statsUserId('jdoe<script>')).toBeNull();
    expect(statsUserId('jürgen')).toBeNull();
    expect(statsUserId('')).toBeNull();
  });

  test('truncates by characters without splitting emoji', () => {
    expect(truncate('😀'.repeat(600), 512)).toBe('😀'.repeat(512));
  });
});

describe('timestamps', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  /** Puts the visitor in a zone `minutesEast` of UTC, whatever the machine running the test says. */
  const zone = (minutesEast: number) => vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-minutesEast);

  test.each([
    [330, '2026-11-22T16:35:09+05:30'],
    [-210, '2026-11-22T07:35:09-03:30'],
    [0, '2026-11-22T11:05:09+00:00'],
    [-600, '2026-11-22T01:05:09-10:00'],
    [780, '2026-11-23T00:05:09+13:00'],
  ])('at %i minutes east of UTC the time is written yyyy-MM-ddTHH:mm:ssxxx as %s', (minutesEast, written) => {
    zone(minutesEast);
    expect(formatTimestamp(now)).toBe(written);
  });

  test('an invalid date throws the spec message', () => {
    expect(() => formatTimestamp(new Date('nope'))).toThrow('Invalid time value');
  });
});

describe('payloads', () => {
  test('a usage record carries the spec fields and defaults', () => {
    const record = buildUsageRecord({
      context: { wlKey: 'nxn', language: 'en-US', hostUrl: `https://portal.example/${'x'.repeat(600)}`, userType: 'external', userId: 'jdoe' },
      from: 'FPS/requestPage', to: 'FPS/generateOTPPage', status: 'Success', elapsedMs: 1234.4, now, stateGuid: 'g-1',
    });
    expect(record).toMatchObject({
      WL_KEY: 'nxn', USER_LANGUAGE: 'en-US', TO_STATE: 'FPS/generateOTPPage', TRANSITION_STATUS: 'Success', ELAPSED_TIME: 1234,
      USER_TYPE: 'external', LAST_ACTIVITY_USER_ID: 'jdoe', LINE_OF_BUSINESS: 'Client Experience Delivery', STATE_GUID: 'g-1',
    });
    expect(record.HOST_URL).toHaveLength(512);
  });

  test('a usage record cuts its from- and to-state at 512 characters, as navigation states', () => {
    const record = buildUsageRecord({
      context: { wlKey: 'nxn', language: 'en-US', hostUrl: 'h', userType: 'both' },
      from: 'f'.repeat(600), to: 't'.repeat(600), status: 'Success', elapsedMs: 1, now, stateGuid: 'g',
    });
    expect(record.FROM_STATE).toBe('f'.repeat(512));
    expect(record.TO_STATE).toBe('t'.repeat(512));
  });

  test('a login failure records the SiteMinder codes only when they are digits', () => {
    const reason = (smAuthReason: string | null, smAuthStatus: string | null) => buildLoginFailureEvent({
      wlKey: 'nxn', userId: 'jdoe', userToken: null, smAuthStatus, smAuthReason, message: 'Invalid Credentials',
      browser: 'Chrome', os: 'Linux', environment: 'MOCK', hostUrl: 'http://localhost/', now,
    }).FAILURE_REASON;
    expect(reason('24', '0')).toBe('SMAUTHREASON=24;SMAUTHSTATUS=0');
    expect(reason(null, '1')).toBe('SMAUTHREASON=;SMAUTHSTATUS=1');
    expect(reason('<img src=x onerror=alert(1)>', '0;SMAUTHSTATUS=9')).toBe('SMAUTHREASON=;SMAUTHSTATUS=');
    expect(reason('24abc', ' 1')).toBe('SMAUTHREASON=;SMAUTHSTATUS=');
    expect(reason('9'.repeat(300), '')).toBe('SMAUTHREASON=;SMAUTHSTATUS=');
  });

  test('login sub-event codes follow SMAUTHSTATUS and SMAUTHREASON', () => {
    expect(loginSubEventCode('1', '24')).toBe('NLA0103');
    expect(loginSubEventCode(null, '24')).toBe('NLA0102');
    expect(loginSubEventCode(null, '0')).toBe('NLA0113');
    expect(loginSubEventCode(null, '7')).toBe('NLA0113');
    expect(loginSubEventCode(null, null)).toBe('NLA0113');
  });

  test('a login failure event has null OTP fields and a filtered user id', () => {
    const event = buildLoginFailureEvent({
      wlKey: 'nxn', userId: 'bad id', userToken: 't', smAuthStatus: null, smAuthReason: '24', message: 'Invalid Credentials',
      browser: 'Chrome 156', os: 'Linux', environment: 'MOCK', hostUrl: 'http://localhost/app/nxn/login', now,
    });
    expect(event).toMatchObject({ USER_ID: null, SUB_EVENT_CODE: 'NLA0102', EVENT_STATUS: 'Failure', OTP_TYPE: null, OTP_STATUS: null });
  });

  test('click events cut from-state at 256 and click state at 512', () => {
    const event = buildClickEvent({
      action: 'click', component: 'LoginForm', fieldId: 'submit', fieldValue: 'v'.repeat(600), eventType: 'button',
      fromState: 's'.repeat(300), hostUrl: 'h', transactionDetails: '',
    });
    expect(event.fromState).toHaveLength(256);
    expect(event.fieldValue).toHaveLength(512);
  });

  test('HTTP stats carry what the page knows of the visitor: token, client, filtered user id, user type, states', () => {
    const stats = (userId: string, url: string) => buildHttpStats({
      portalName: 'nxn', browser: 'Chrome', os: 'Linux', screenResolution: '390x844', userAgent: 'UA', environment: 'QA',
      userToken: 'tok-1', clientId: 'nxn', userId, userType: 'external', fromState: 'FPS/requestPage', toState: 'FPS/otpPage',
      method: 'POST', url, status: 'Success', statusCode: 200, responseSize: 10, startedAt: now, endedAt: now, requestGuid: 'r',
    });
    expect(stats('jdoe', '/portal-login-service/public/fps/auth')).toMatchObject({
      environment: 'QA', userToken: 'tok-1', clientId: 'nxn', lastActivityUserId: 'jdoe', userType: 'external',
      fromState: 'FPS/requestPage', toState: 'FPS/otpPage', apiVersion: null,
    });
    expect(stats('j doe<script>', '/portal-login-service/public/fps/auth').lastActivityUserId).toBeNull();
    expect(stats('jdoe', '/app/npx/public/contentsvcs/v1/api/sites/gateway/sblocks/open/x?v2=/v3/').apiVersion).toBe('v1');
  });

  test('HTTP stats default the device type and cut the context path at 150', () => {
    const stats = buildHttpStats({
      portalName: 'nxn', browser: 'Chrome', os: 'Linux', screenResolution: '390x844', userAgent: 'UA', environment: 'MOCK',
      userToken: null, clientId: 'nxn', userId: null, userType: 'both', fromState: null, toState: null,
      method: 'POST', url: `/portal-login-service/public/${'p'.repeat(200)}`, status: 'Failure', statusCode: 500, responseSize: 10,
      startedAt: now, endedAt: new Date(now.getTime() + 250), requestGuid: 'r',
    });
    expect(stats).toMatchObject({ applicationMnemonic: 'NXN', deviceType: 'Desktop', elapsedTime: 250, serviceName: 'portal-login-service', statusCode: 500 });
    expect(stats.contextPath).toHaveLength(150);
  });
});

test('NXN event kinds go to the metrics endpoint and other names to the stats endpoint', () => {
  expect(endpointFor('NXN_USAGE_STATS')).toBe('/nxn-metrics/analytics/metrics');
  expect(endpointFor('PAGE_VIEW')).toBe('/nxn-service/public/logDpStats/PAGE_VIEW');
  expect(endpointFor('a/b')).toBe('/nxn-service/public/logDpStats/a%2Fb');
});

describe('redirect safety', () => {
  const origin = 'https://portal.nxn.example';
  test.each([
    ['/apps/home', true],
    ['https://portal.nxn.example/app/nxn/login', true],
    ['https://partner.example/x', true],
    ['//evil.example', false],
    ['https://evil.example', false],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['%6A%61%76%61script:alert(1)', false],
    ['/\\evil.example', false],
    ['%2F%2Fevil.example', false],
    ['http://partner.example/x', false],
    ['', false],
    ['https://partner.example:443/x', true],
    ['https://partner.example:8443/x', false],
    ['https://user:pw@partner.example/x', false],
    ['https://user@partner.example/x', false],
    ['https://partner.example@evil.example/x', false],
    ['https://user:pw@portal.nxn.example/app/nxn/login', false],
    ['/..//evil.example', false],
    ['/./..//evil.example/x', false],
    ['/..%2F%2Fevil.example', false],
    ['/app/..//evil.example', false],
    ['/app/nxn/../nxn/login', true],
    // Issue 35: control characters are checked decoded, where a browser drops them and reads `//evil.com`.
    ['/%0a/evil.com', false],
    ['/%09/evil.com', false],
    ['/%0d%0a/evil.com', false],
    ['/%7f/evil.com', false],
    ['https://portal.nxn.example/%0a/evil.com', false],
    ['/%5Cevil.com', false],
    ['/%5C%5Cevil.com', false],
  ])('%s is safe: %s', (target, safe) => {
    expect(isSafeRedirect(target, origin, ['partner.example'])).toBe(safe);
  });

  test('an allow-listed host with its port opens that port only', () => {
    expect(isSafeRedirect('https://partner.example:8443/x', origin, ['partner.example:8443'])).toBe(true);
    expect(isSafeRedirect('https://partner.example/x', origin, ['partner.example:8443'])).toBe(false);
  });
});

describe('sendStatistics', () => {
  test('adds statsType, removes the redirect and follows it after the call', async () => {
    const transport = recordingTransport();
    const navigate = vi.fn();
    await sendStatistics('NXN_USER_CLICK_STATS', { action: 'click', redirect: '/apps/home' }, { transport, navigate, origin: 'http://localhost' });
    expect(transport.calls[0]?.body).toEqual({ action: 'click', statsType: 'NXN_USER_CLICK_STATS' });
    expect(navigate).toHaveBeenCalledWith('/apps/home');
  });

  test('follows the redirect even when the call fails, and does not throw', async () => {
    const navigate = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await sendStatistics('NXN_USAGE_STATS', { redirect: '/apps/home' }, { transport: recordingTransport(true), navigate, origin: 'http://localhost' });
    expect(navigate).toHaveBeenCalledWith('/apps/home');
    warn.mockRestore();
  });

  test('never follows a redirect to another origin', async () => {
    const navigate = vi.fn();
    await sendStatistics('NXN_USAGE_STATS', { redirect: 'https://evil.example/' }, { transport: recordingTransport(), navigate, origin: 'http://localhost' });
    expect(navigate).not.toHaveBeenCalled();
  });

  test('never carries a password, passcode or full contact value', async () => {
    const transport = recordingTransport();
    await sendStatistics('NXN_USAGE_STATS', { password: 'p', otp: '123456', nested: { PASSWRD: 'x', cellPhone: '201-555-0147' }, OTP_STATUS: 'x', ok: 1 }, { transport });
    expect(transport.calls[0]?.body).toEqual({ nested: {}, OTP_STATUS: null, ok: 1, statsType: 'NXN_USAGE_STATS' });
  });

  test('drops password, passcode and contact keys in any case, however deep', async () => {
    const transport = recordingTransport();
    const secrets = {
      email: 'a@b.example', Email: 'a@b.example', EMAIL_ADDRESS: 'a@b.example', 'e-mail': 'a@b.example', emailId: 'a@b.example',
      phone: '201-555-0147', PHONE: '201-555-0147', mobilePhone: '201-555-0147', contact: 'x', CONTACT_VALUE: 'x', contactValue: 'x',
      otp: '123456', OTP: '123456', passcode: '123456', PassCode: '123456', password: 'p', PASSWORD: 'p', newPassword: 'p', PASSWRD: 'p',
    };
    await sendStatistics('NXN_USAGE_STATS', { ...secrets, WL_KEY: 'nxn', list: [{ ...secrets, kept: 1 }], nested: { deeper: { ...secrets } } }, { transport });
    expect(transport.calls[0]?.body).toEqual({ WL_KEY: 'nxn', list: [{ kept: 1 }], nested: { deeper: {} }, statsType: 'NXN_USAGE_STATS' });
  });

  test('keeps the user token of the login and HTTP statistics, the one token field the spec names', async () => {
    const transport = recordingTransport();
    await sendStatistics('NXN_HTTP_STATS', { userToken: 'u', USR_TOKEN: 'u', xsrfToken: 'x', accessToken: 'a' }, { transport });
    expect(transport.calls[0]?.body).toEqual({ userToken: 'u', USR_TOKEN: 'u', statsType: 'NXN_HTTP_STATS' });
  });

  test('uses the beacon while the page unloads', async () => {
    const transport = recordingTransport();
    await sendStatistics('NXN_USAGE_STATS', { a: 1 }, { transport, unloading: true });
    expect(transport.calls[0]?.beacon).toBe(true);
  });

  test('uses the beacon by default while the page is hidden, where a fetch may never finish', async () => {
    const transport = recordingTransport();
    vi.stubGlobal('document', { visibilityState: 'hidden' });
    await sendStatistics('NXN_USAGE_STATS', { a: 1 }, { transport });
    vi.stubGlobal('document', { visibilityState: 'visible' });
    await sendStatistics('NXN_USAGE_STATS', { a: 2 }, { transport });
    vi.unstubAllGlobals();
    expect(transport.calls.map((call) => call.beacon)).toEqual([true, false]);
  });
});
