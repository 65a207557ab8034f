import type { BuiltEnvironmentMap } from '../../contract/environment-map.ts';
import type { Environment } from '../../domain/environments.ts';
import { readAuthCookie } from '../../lib/cookies.ts';
import { pageEnvironment } from '../../lib/environment.ts';
import { randomId } from '../../lib/random-id.ts';
import { parseUserAgent } from '../../lib/user-agent.ts';
import type { HttpStat } from '../http.ts';
import { buildHttpStats } from './payloads.ts';
import type { StatsUserType } from './payloads.ts';
import { sendStatistics } from './send-statistics.ts';

/** What the page knows when it reports a call: its brand and environment map, and what it knows of the visitor. */
export interface HttpStatContext {
  wlKey: string;
  /** The environment map (src/config/environment-map.json), validated by the build. */
  environmentMap: BuiltEnvironmentMap;
  /** Both until the flow knows better (spec 6). */
  userType?: StatsUserType;
  /** The user id the visitor gave, if any; the payload keeps it only when it passes the usage-stats filter. */
  userId?: string | null;
  fromState?: string | null;
  toState?: string | null;
}

// Resolved once per page, so an unresolvable host is logged once, not with every call.
let resolved: { map: BuiltEnvironmentMap; environment: Environment } | undefined;
function environmentOf(map: BuiltEnvironmentMap): Environment {
  if (resolved && resolved.map === map) return resolved.environment;
  resolved = { map, environment: pageEnvironment(location.hostname, map) };
  return resolved.environment;
}

/** Reports one service call to HTTP stats (spec 3 general payload, spec 7, spec 8 status rules). Loaded lazily, never with the page. */
export function reportHttpStat(stat: HttpStat, context: HttpStatContext): void {
  const { browserInfo, osInfo, deviceInfo } = parseUserAgent(navigator.userAgent);
  const payload = buildHttpStats({
    portalName: context.wlKey, browser: `${browserInfo.name} ${browserInfo.version}`.trim(), os: `${osInfo.name} ${osInfo.version}`.trim(),
    deviceType: deviceInfo.type, screenResolution: `${screen.width}x${screen.height}`, userAgent: navigator.userAgent,
    environment: environmentOf(context.environmentMap), userToken: readAuthCookie(document, 'usrTok', location.protocol === 'https:'),
    clientId: context.wlKey, userId: context.userId ?? null, userType: context.userType ?? 'both',
    fromState: context.fromState ?? null, toState: context.toState ?? null,
    method: stat.method, url: stat.url, status: stat.status, statusCode: stat.statusCode, responseSize: stat.responseSize,
    startedAt: stat.startedAt, endedAt: new Date(stat.startedAt.getTime() + stat.elapsedMs), requestGuid: randomId(),
  });
  void sendStatistics('NXN_HTTP_STATS', { ...payload });
}
