import type { ReadableAtom } from 'nanostores';
// Bundled into this lazily loaded module rather than passed as a prop: the wizard's eager code stays as
// small as it is. The build's module holds only its environment's entries, validated (src/integrations/environment-module.ts).
import environmentMap from 'virtual:portal-environment-map';
import { randomId } from '../../lib/random-id.ts';
import type { HttpStat } from '../../services/http.ts';
import { buildUsageRecord } from '../../services/telemetry/payloads.ts';
import { reportHttpStat as report } from '../../services/telemetry/report-http-stat.ts';
import { pageIsHidden, sendStatistics } from '../../services/telemetry/send-statistics.ts';
import { stepName } from './flow-state.ts';
import type { RecoveryState, UsageTransition } from './flow-state.ts';

// Loaded on the visitor's first interaction or after the page settled, then kept by the wizard: a report made
// while the page unloads runs at once and goes by sendBeacon (send-statistics does that for a hidden page).

// STATE_GUID: one id per page visit, tying its records together (this module loads once per page).
const stateGuid = randomId();

/** The user id statistics may carry: the one the visitor typed, never the forgot-user-id flow's principal id. */
const userIdOf = (state: RecoveryState) => (state.flow === 'FUID' ? null : state.subject);

/** One recovery usage record (spec 3) for a transition of the wizard, sent to the metrics endpoint. */
export function reportRecoveryUsage(wlKey: string, language: string, transition: UsageTransition, elapsedMs: number): void {
  const { state } = transition;
  const record = buildUsageRecord({
    context: { wlKey, language, hostUrl: location.href.split('?')[0] ?? '', userType: state.userType, userId: userIdOf(state) },
    from: transition.from, to: transition.to, status: transition.status, elapsedMs, now: new Date(), stateGuid,
  });
  void sendStatistics('NXN_USAGE_STATS', { ...record });
}

/**
 * One service call of the wizard to HTTP stats: from the step that made it to the step its answer led
 * to, with the visitor's user type and user id (never the forgot-user-id flow's principal id).
 */
export function reportWizardCall(stat: HttpStat, wlKey: string, $recovery: ReadableAtom<RecoveryState>): void {
  const at = $recovery.get();
  const send = () => report(stat, {
    wlKey, environmentMap, userType: at.userType, userId: userIdOf(at), fromState: stepName(at), toState: stepName($recovery.get()),
  });
  // The store acts on an answer within the task that delivered it, so a task later the step it led to is
  // known; a page that is going away reports at once, while it still can.
  if (pageIsHidden()) send();
  else setTimeout(send);
}
