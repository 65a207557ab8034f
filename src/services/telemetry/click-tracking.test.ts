// @vitest-environment jsdom
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { trackClicks } from './click-tracking.ts';

let stop: () => void = () => undefined;

/** A page with marked and unmarked controls, its clicks tracked as a page's store would start it. */
function render({ monitored }: { monitored: boolean }) {
  document.body.innerHTML = `
    <input aria-label="Password" type="password" value="Summer#2026">
    <button type="button" data-click="chooseChannel" data-click-value="sms">Send</button>
    <button type="button">Untracked</button>
    <a href="#next" data-click="forgotPassword">Forgot Password</a>`;
  stop = trackClicks({ wlKey: 'nxn', component: 'login', monitored, fromState: () => 'login' });
}

type Sent = { url: string; body: Record<string, unknown>; beacon: boolean };
let sent: Sent[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    sent.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown>, beacon: false });
    return new Response(null, { status: 204 });
  }));
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => {
      void data.text().then((text) => sent.push({ url, body: JSON.parse(text) as Record<string, unknown>, beacon: true }));
      return true;
    },
  });
});
afterEach(() => {
  stop();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const settled = () => vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));

test('a click on a marked button reports a click event with the spec fields and only the marked value', async () => {
  render({ monitored: false });
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  await settled();
  expect(sent).toEqual([{
    url: '/nxn-metrics/analytics/metrics', beacon: false,
    body: {
      action: 'click', component: 'login', fieldId: 'chooseChannel', fieldValue: 'sms', eventType: 'button', fromState: 'login',
      hostUrl: expect.stringMatching(/^http/), transactionDetails: '', statsType: 'NXN_USER_CLICK_STATS',
    },
  }]);
  expect(JSON.stringify(sent)).not.toContain('Summer#2026');
});

test('a link that leaves the page goes by sendBeacon; unmarked controls report nothing', async () => {
  render({ monitored: false });
  await userEvent.click(screen.getByRole('button', { name: 'Untracked' }));
  await userEvent.click(screen.getByRole('link', { name: 'Forgot Password' }));
  await settled();
  expect(sent.map(({ body, beacon }) => [body['fieldId'], body['eventType'], beacon])).toEqual([['forgotPassword', 'link', true]]);
});

test('a brand marked clickMonitor sends its clicks to the monitoring helper instead', async () => {
  render({ monitored: true });
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  await settled();
  expect(sent.map(({ url }) => url)).toEqual(['/nxn-service/public/clickMonitor']);
});
