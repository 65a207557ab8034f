import { afterEach, expect, test, vi } from 'vitest';
import { closeProviderAlert, hostMatches } from './consent-notice.ts';

afterEach(() => {
  vi.useRealTimers();
});

test('hosts match exactly or under a *. domain', () => {
  expect(hostMatches('portal.brightpath529.example', ['*.brightpath529.example'])).toBe(true);
  expect(hostMatches('Portal.BrightPath529.example.', ['*.brightpath529.example'])).toBe(true);
  expect(hostMatches('brightpath529.example.evil', ['*.brightpath529.example'])).toBe(false);
  expect(hostMatches('notbrightpath529.example', ['*.brightpath529.example'])).toBe(false);
  expect(hostMatches('www.nxn.example', ['www.nxn.example'])).toBe(true);
  expect(hostMatches('localhost', ['*.brightpath529.example'])).toBe(false);
});

test("the provider's alert-closed cookie is set for 365 days with an ISO date, only when missing", () => {
  const written: string[] = [];
  let current = '';
  const jar = { get cookie() { return current; }, set cookie(value: string) { written.push(value); } };
  const now = new Date('2026-11-23T17:00:00.000Z');
  vi.useFakeTimers({ now });
  closeProviderAlert(jar, 'OptanonAlertBoxClosed', now, true);
  expect(written).toEqual([`OptanonAlertBoxClosed=2026-11-23T17:00:00.000Z; path=/; expires=${new Date(now.getTime() + 365 * 86_400_000).toUTCString()}; secure; samesite=Lax`]);
  current = 'OptanonAlertBoxClosed=2025-01-01T00:00:00.000Z';
  closeProviderAlert(jar, 'OptanonAlertBoxClosed', now, true);
  expect(written).toHaveLength(1);
});
