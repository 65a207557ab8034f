import { buildUsageRecord } from '../../services/telemetry/payloads.ts';
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
