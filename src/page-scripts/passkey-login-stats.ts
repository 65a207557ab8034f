// The HTTP statistics of the login page's options calls (issue 42: the passkey calls report like every call).
// The page makes them before any interaction with plain fetch (lib/passkey-client.ts) and records each; this
// module, the statistics reporter every service call uses, loads on the page's first interaction or a chosen
// passkey, and reports what the page recorded. A standalone module, as passkey-login-finish.ts: the page's own
// script is inlined and has no chunk graph to import from.
import environmentMap from 'virtual:portal-environment-map';
import { PASSKEY_TIMEOUT_MS } from '../contract/passkey-challenge.ts';
import { PASSKEY_SIGN_IN_OPTIONS } from '../contract/service-paths.ts';
import type { HttpStat } from '../services/http.ts';
import { reportHttpStat } from '../services/telemetry/report-http-stat.ts';
import { timeoutStatusCode } from '../services/timeout-code.ts';

/** One options call as the page recorded it: its start and length (ms), its HTTP status (-1 failed, 0 timed out) and its answer's size. */
export type OptionsCall = readonly [startedAt: number, elapsedMs: number, statusCode: number, responseSize: number];

/** The statistic the service client would have reported for the call. */
export function optionsCallStat([startedAt, elapsedMs, statusCode, responseSize]: OptionsCall): HttpStat {
  return {
    method: 'POST', url: PASSKEY_SIGN_IN_OPTIONS, status: statusCode >= 200 && statusCode < 300 ? 'Success' : 'Failure',
    statusCode: statusCode === 0 ? timeoutStatusCode(elapsedMs, PASSKEY_TIMEOUT_MS / 1000) : statusCode,
    elapsedMs, responseSize, startedAt: new Date(startedAt),
  };
}

/** Reports the calls, as pagePasskeyService's client reports each of its own. */
export function reportOptionsCalls(calls: readonly OptionsCall[], wlKey: string): void {
  for (const call of calls) reportHttpStat(optionsCallStat(call), { wlKey, environmentMap });
}
