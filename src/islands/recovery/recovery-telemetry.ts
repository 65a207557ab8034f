import { parseUserAgent } from '../../lib/user-agent.ts';
import type { HttpStat } from '../../services/http.ts';
import { buildHttpStats, buildUsageRecord } from '../../services/telemetry/payloads.ts';
import type { StatsUserType, TransitionStatus } from '../../services/telemetry/payloads.ts';
import { sendStatistics } from '../../services/telemetry/send-statistics.ts';

/** One recovery usage record (spec 3), sent to the metrics endpoint. Loaded lazily: never on the critical path. */
export function reportRecoveryUsage(input: {
  wlKey: string; language: string; userType: StatsUserType; userId: string | null; from: string; to: string; status: TransitionStatus; elapsedMs: number; stateGuid: string;
}): void {
  const record = buildUsageRecord({
    context: { wlKey: input.wlKey, language: input.language, hostUrl: location.href.split('?')[0] ?? '', userType: input.userType, userId: input.userId },
    from: input.from, to: input.to, status: input.status, elapsedMs: input.elapsedMs, now: new Date(), stateGuid: input.stateGuid,
  });
  void sendStatistics('NXN_USAGE_STATS', { ...record });
}

/** One service call to HTTP stats (spec 7), with the visitor's browser, OS and device. */
export function reportHttpStat(stat: HttpStat, portalName: string): void {
  const { browserInfo, osInfo, deviceInfo } = parseUserAgent(navigator.userAgent);
  const payload = buildHttpStats({
    portalName, browser: `${browserInfo.name} ${browserInfo.version}`.trim(), os: `${osInfo.name} ${osInfo.version}`.trim(), deviceType: deviceInfo.type,
    screenResolution: `${screen.width}x${screen.height}`, userAgent: navigator.userAgent, environment: 'browser', method: stat.method, url: stat.url,
    status: stat.status, statusCode: stat.statusCode, responseSize: stat.responseSize, startedAt: stat.startedAt, endedAt: new Date(stat.startedAt.getTime() + stat.elapsedMs),
    requestGuid: crypto.randomUUID(),
  });
  void sendStatistics('NXN_HTTP_STATS', { ...payload });
}
