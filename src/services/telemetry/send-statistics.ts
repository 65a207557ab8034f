import { endpointFor } from './endpoints.ts';
import { isSafeRedirect } from '../../lib/safe-redirect.ts';
import { scrubSecrets } from './scrub.ts';
import { sendWithXsrf } from '../../lib/xsrf.ts';

/** How statistics leave the page; injected in tests. */
export interface StatsTransport {
  post(url: string, body: string): Promise<void>;
  /** Fire-and-forget for an unloading page; false when the browser refused. */
  beacon(url: string, body: string): boolean;
}

/**
 * The browser transport: fetch with keepalive, or sendBeacon while the page unloads. A post to this origin follows
 * the XSRF rule every service call follows (spec 7; lib/xsrf.ts); one to another origin (an environment's
 * digital-pulse host) never carries the token. A beacon cannot carry a header at all: whatever receives
 * beacons must not ask for it (docs/security.md).
 */
const browserTransport: StatsTransport = {
  async post(url, body) {
    const send = (headers: Record<string, string>) => fetch(url, { method: 'POST', body, keepalive: true, credentials: 'same-origin', headers: { 'Content-Type': 'application/json', ...headers } });
    const response = await (new URL(url, location.href).origin === location.origin ? sendWithXsrf('POST', send) : send({}));
    if (!response.ok) throw new Error(`Statistics call failed with status code ${response.status}: POST ${url}`);
  },
  beacon(url, body) {
    return typeof navigator !== 'undefined' && navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  },
};

export interface SendOptions {
  /** The page is going away: use sendBeacon. By default, whenever the page is hidden (see pageIsHidden). */
  unloading?: boolean;
  /** Hosts a `redirect` may point to besides this origin. */
  allowedRedirectHosts?: readonly string[];
  transport?: StatsTransport;
  /** Where this page lives, for judging redirects. */
  origin?: string;
  /** Navigation after the call; `location.assign` in the browser. */
  navigate?: (url: string) => void;
  /** Overrides the endpoint chosen from the event name (login analytics, digital pulse). */
  endpoint?: string;
}

// Set while the page unloads. Listening in the capture phase puts this before the page's own pagehide
// handlers (at the window, capturing listeners run first), so whatever those report goes by beacon; a page
// restored from the back/forward cache is back.
let unloading = false;
if (typeof window !== 'undefined') {
  addEventListener('pagehide', () => (unloading = true), { capture: true });
  addEventListener('pageshow', () => (unloading = false), { capture: true });
}

/**
 * Whether the page is unloading or hidden (a background tab the browser may freeze or discard): a fetch
 * started then can be lost, a beacon is not.
 */
export const pageIsHidden = (): boolean => unloading || (typeof document !== 'undefined' && document.visibilityState === 'hidden');

/**
 * Sends one statistics payload with its `statsType`. A `redirect` in the payload is removed and
 * followed after the call, whether it succeeded or failed, but only to a safe target. Failures are
 * logged and never thrown: statistics must never block or break the page.
 */
export async function sendStatistics(eventName: string, payload: Record<string, unknown>, options: SendOptions = {}): Promise<void> {
  const { redirect, ...rest } = payload;
  const body = JSON.stringify(scrubSecrets({ ...rest, statsType: eventName }));
  const url = options.endpoint ?? endpointFor(eventName);
  const transport = options.transport ?? browserTransport;
  try {
    if (options.unloading ?? pageIsHidden()) {
      if (!transport.beacon(url, body)) await transport.post(url, body);
    } else {
      await transport.post(url, body);
    }
  } catch (error) {
    console.warn('statistics not recorded:', error instanceof Error ? error.message : error);
  } finally {
    // Outside a browser (and without an explicit origin) there is nowhere to navigate.
    const origin = options.origin ?? (typeof location === 'undefined' ? undefined : location.origin);
    if (origin && typeof redirect === 'string' && isSafeRedirect(redirect, origin, options.allowedRedirectHosts)) {
      (options.navigate ?? ((target: string) => location.assign(target)))(redirect);
    }
  }
}
