import { expect, test } from 'vitest';
import { mobileOs, parseUserAgent } from './user-agent.ts';

const UA = {
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.68',
  firefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ie11: 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko',
  samsung: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
};

test('reads browser, OS and device', () => {
  expect(parseUserAgent(UA.chrome)).toEqual({ browserInfo: { name: 'Chrome', version: '156.0.0.0' }, osInfo: { name: 'Linux', version: '' }, deviceInfo: { model: '', type: 'Desktop', vendor: '' } });
  expect(parseUserAgent(UA.edge).browserInfo).toEqual({ name: 'Edge', version: '130.0.2849.68' });
  expect(parseUserAgent(UA.firefox).osInfo).toEqual({ name: 'macOS', version: '14.5' });
  expect(parseUserAgent(UA.safariIos)).toMatchObject({ browserInfo: { name: 'Safari', version: '17.5' }, osInfo: { name: 'iOS', version: '17.5' }, deviceInfo: { type: 'Mobile', vendor: 'Apple' } });
  expect(parseUserAgent(UA.samsung)).toMatchObject({ browserInfo: { name: 'Samsung Internet' }, osInfo: { name: 'Android', version: '14' }, deviceInfo: { type: 'Mobile', model: 'SM-S918B', vendor: 'Samsung' } });
});

test('recognises Internet Explorer and the mobile OS', () => {
  expect(parseUserAgent(UA.ie11).browserInfo).toEqual({ name: 'IE', version: '11.0' });
  expect(mobileOs(UA.samsung)).toBe('android');
  expect(mobileOs(UA.safariIos)).toBe('ios');
  expect(mobileOs(UA.chrome)).toBeNull();
});

test('copes with empty and enormous user agents', () => {
  expect(parseUserAgent('').browserInfo.name).toBe('Unknown');
  expect(() => parseUserAgent('x'.repeat(100_000))).not.toThrow();
});
