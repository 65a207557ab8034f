import { STATS_ENDPOINTS } from '../../contract/statistics-paths.ts';

/** Event kinds that go to the metrics endpoint (spec 7); any other name goes to the stats endpoint. */
const METRICS_EVENT_KINDS = [
  'NXN_HTTP_STATS', 'NXN_USAGE_STATS', 'NXN_USER_CLICK_STATS', 'NXN_LOGIN_STATS', 'NXN_PROFILE_AUDIT_STATS', 'NXN_PASSWORD_STATS',
] as const;

/** The endpoint for an event name: NXN_* kinds to metrics, other names appended to the stats path. */
export function endpointFor(eventName: string): string {
  if ((METRICS_EVENT_KINDS as readonly string[]).includes(eventName)) return STATS_ENDPOINTS.metrics;
  return `${STATS_ENDPOINTS.stats}/${encodeURIComponent(eventName)}`;
}
