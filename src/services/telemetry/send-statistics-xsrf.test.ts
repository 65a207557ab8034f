import { afterEach, expect, test, vi } from 'vitest';
import { sendStatistics } from './send-statistics.ts';

// The statistics posts follow the XSRF rule of every call on the page's origin (spec 7; issue 41), through the
// browser's own transport: fetch, document.cookie and location stand in for the browser's.

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A browser on portal.test without cookies, whose service sets XSRF-TOKEN on the cookie call. */
function browserOnPortal() {
  const jar = { cookie: '' };
  const posts: Array<{ url: string; token: string | null }> = [];
  let asks = 0;
  vi.stubGlobal('document', jar);
  vi.stubGlobal('location', new URL('https://portal.test/self-service/nxn/fps'));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url === '/portal-login-service/public/xsrf') {
      asks += 1;
      jar.cookie = 'XSRF-TOKEN=from-service';
      return new Response(null, { status: 204 });
    }
    posts.push({ url, token: new Headers(init.headers).get('x-xsrf-token') });
    return new Response('{}', { status: 200 });
  });
  return { posts, asks: () => asks };
}

test('a statistics post to this origin on a page without the cookie asks for it once, then carries the token', async () => {
  const browser = browserOnPortal();
  await Promise.all([
    sendStatistics('NXN_USAGE_STATS', { page: 'fps' }, { unloading: false }),
    sendStatistics('NXN_HTTP_STATS', { page: 'fps' }, { unloading: false }),
  ]);
  expect(browser.asks()).toBe(1);
  expect(browser.posts).toEqual([
    { url: '/nxn-metrics/analytics/metrics', token: 'from-service' },
    { url: '/nxn-metrics/analytics/metrics', token: 'from-service' },
  ]);
});

test('a statistics post to another origin (an environment\'s digital-pulse host) never carries the token nor asks for it', async () => {
  const browser = browserOnPortal();
  await sendStatistics('NXN_LOGIN_STATS', { page: 'login' }, { unloading: false, endpoint: 'https://pulse.example/DPMonitor/rest/v1/dpevents/' });
  expect(browser.asks()).toBe(0);
  expect(browser.posts).toEqual([{ url: 'https://pulse.example/DPMonitor/rest/v1/dpevents/', token: null }]);
});
