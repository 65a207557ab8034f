// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useClickTracking } from './use-click-tracking.ts';

function Page({ monitored }: { monitored: boolean }) {
  useClickTracking({ wlKey: 'nxn', component: 'login', monitored, fromState: () => 'login' });
  return (
    <>
      <input aria-label="Password" type="password" defaultValue="Summer#2026" />
      <button type="button" data-click="chooseChannel" data-click-value="sms">Send</button>
      <button type="button">Untracked</button>
      <a href="#next" data-click="forgotPassword">Forgot Password</a>
    </>
  );
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
  cleanup();
  vi.unstubAllGlobals();
});

const settled = () => vi.waitFor(() => expect(sent.length).toBeGreaterThan(0));

test('a click on a marked button reports a click event with the spec fields and only the marked value', async () => {
  render(<Page monitored={false} />);
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
  render(<Page monitored={false} />);
  await userEvent.click(screen.getByRole('button', { name: 'Untracked' }));
  await userEvent.click(screen.getByRole('link', { name: 'Forgot Password' }));
  await settled();
  expect(sent.map(({ body, beacon }) => [body['fieldId'], body['eventType'], beacon])).toEqual([['forgotPassword', 'link', true]]);
});

test('a brand marked clickMonitor sends its clicks to the monitoring helper instead', async () => {
  render(<Page monitored />);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  await settled();
  expect(sent.map(({ url }) => url)).toEqual(['/nxn-service/public/clickMonitor']);
});
