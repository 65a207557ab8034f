import type { BuiltEnvironmentMap } from '../../contract/environment-map.ts';
import { pageEnvironment } from '../../lib/environment.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import { STATS_ENDPOINTS } from '../../contract/statistics-paths.ts';
import { buildLoginFailureEvent } from './payloads.ts';
import { sendStatistics } from './send-statistics.ts';
import { takeLoginAttempt } from '../../lib/login-session.ts';

/**
 * On return with SMUSRMSG: report the failed login with the remembered values (spec 4.1), to the
 * login analytics endpoint and the environment's digital-pulse service, then forget the values.
 */
export async function reportReturnedLoginFailure(input: { wlKey: string; query: URLSearchParams; message: string; environmentMap: BuiltEnvironmentMap }): Promise<void> {
  const { userId, userToken } = takeLoginAttempt();
  const environment = pageEnvironment(location.hostname, input.environmentMap);
  const { browserInfo, osInfo } = parseUserAgent(navigator.userAgent);
  const event = buildLoginFailureEvent({
    wlKey: input.wlKey, userId, userToken, smAuthStatus: input.query.get('SMAUTHSTATUS'), smAuthReason: input.query.get('SMAUTHREASON'),
    message: input.message, browser: `${browserInfo.name} ${browserInfo.version}`.trim(), os: `${osInfo.name} ${osInfo.version}`.trim(),
    environment, hostUrl: location.href.split('?')[0] ?? '', now: new Date(),
  });
  const pulseHost = input.environmentMap.digitalPulseHosts[environment];
  // MOCK and LOCAL have no digital-pulse host: the emulator on this origin records it instead.
  const pulse = pulseHost && location.origin !== new URL(pulseHost).origin ? `${pulseHost}${STATS_ENDPOINTS.digitalPulsePath}` : STATS_ENDPOINTS.digitalPulsePath;
  await Promise.all([
    sendStatistics('NXN_LOGIN_STATS', { ...event }, { endpoint: STATS_ENDPOINTS.loginAnalytics }),
    sendStatistics('NXN_LOGIN_STATS', { ...event }, { endpoint: pulse }),
  ]);
}
