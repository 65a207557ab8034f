import environmentMap from 'virtual:portal-environment-map';
import { codeLoader } from '../lib/code-loader.ts';
import { createPasskeyService } from '../services/passkey-service.ts';
import type { PasskeyService } from '../services/passkey-service.ts';

/**
 * The passkey pages' one service client: every call reports to HTTP statistics (the reporter loaded on the
 * first call's end, as the recovery pages do), with the XSRF header and the time-out of every service call.
 */
export function pagePasskeyService(wlKey: string): PasskeyService {
  const stats = codeLoader(() => import('../services/telemetry/report-http-stat.ts'));
  return createPasskeyService({
    reportHttpStat: (stat) => {
      stats.use(({ reportHttpStat }) => { reportHttpStat(stat, { wlKey, environmentMap }); });
    },
  });
}
