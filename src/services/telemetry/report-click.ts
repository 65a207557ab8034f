import { STATS_ENDPOINTS } from '../../contract/statistics-paths.ts';
import { buildClickEvent } from './payloads.ts';
import { sendStatistics } from './send-statistics.ts';

/** Where a click happened: the brand, the page, and whether the brand's clicks go to the monitoring helper. */
export interface ClickContext {
  wlKey: string;
  component: string;
  /** brand.json `telemetry.clickMonitor` (spec 7: two portals' click metrics go to a separate helper). */
  monitored: boolean;
}

/** One click: which control, a non-secret value of it, and whether it takes the visitor off the page. */
export interface TrackedClick {
  fieldId: string;
  fieldValue: string;
  eventType: 'button' | 'link';
  fromState: string;
  leaving: boolean;
}

/**
 * Reports a click event (spec 3, NXN_USER_CLICK_STATS). A click that leaves the page goes by sendBeacon so
 * the unload does not cancel it. Loaded on the visitor's first interaction, never with the page.
 */
export function reportClick(context: ClickContext, click: TrackedClick): void {
  const event = buildClickEvent({
    action: 'click', component: context.component, fieldId: click.fieldId, fieldValue: click.fieldValue, eventType: click.eventType,
    fromState: click.fromState, hostUrl: location.href.split('?')[0] ?? '', transactionDetails: '',
  });
  void sendStatistics('NXN_USER_CLICK_STATS', { ...event }, {
    unloading: click.leaving,
    ...(context.monitored ? { endpoint: STATS_ENDPOINTS.clickMonitor } : {}),
  });
}
