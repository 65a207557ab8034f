// Where statistics go (spec 7): the page sends there (src/services/telemetry/) and docs/api/openapi.json documents
// them. The spec leaves host and base path open; these are same-origin paths.

/** The statistics endpoints the page posts to. */
export const STATS_ENDPOINTS = {
  metrics: '/nxn-metrics/analytics/metrics',
  stats: '/nxn-service/public/logDpStats',
  loginAnalytics: '/app/pmg/nxn-metrics/analytics/',
  digitalPulsePath: '/DPMonitor/rest/v1/dpevents/',
  clickMonitor: '/nxn-service/public/clickMonitor',
} as const;

/** Spec 7's HTTP- and state-usage stores: never reported to the HTTP statistics, and accepted like the others. */
export const USAGE_STORE_PATHS = ['/nxn-service/httpUsageStatus/store', '/nxn-service/stateUsageStatus/store'] as const;
