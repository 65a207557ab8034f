import { describe, expect, test } from 'vitest';
import { getCookie, readAuthCookie, removeCookie, setCookie } from './cookies.ts';
import { secondaryDomain } from './registrable-domain.ts';

function jar() {
  const written: string[] = [];
  return { written, get cookie() { return 'a=1; usrTok=tok%20en; __Secure-usrTok=sec%2Fure'; }, set cookie(value: string) { written.push(value); } };
}

describe('setCookie', () => {
  test('writes path /, expiry in days, domain and secure', () => {
    const target = jar();
    setCookie(target, 'EU_COOKIE', 'true', { days: 365, domain: '.example.com', secure: true });
    expect(target.written[0]).toMatch(/^EU_COOKIE=true; path=\/; expires=[^;]+ GMT; domain=\.example\.com; secure; samesite=Lax$/);
  });

  test.each([
    ['', 'v', ': is not a valid cookie name'],
    ['a b', 'v', 'a b: is not a valid cookie name'],
    ['a;b', 'v', 'a;b: is not a valid cookie name'],
    ['a=b', 'v', 'a=b: is not a valid cookie name'],
    ['ok', '', ': is not a valid cookie value'],
    ['ok', 'x;admin=1', 'x;admin=1: is not a valid cookie value'],
    ['ok', 'a"b', 'a"b: is not a valid cookie value'],
    ['ok', 'a\nb', 'a\nb: is not a valid cookie value'],
  ])('refuses name %j value %j', (name, value, message) => {
    expect(() => setCookie(jar(), name, value)).toThrow(message);
  });

  test('refuses days that are not a finite number and a domain that is not a host pattern', () => {
    expect(() => setCookie(jar(), 'a', 'b', { days: Number.NaN })).toThrow('NaN: is not a valid integer for number of days');
    expect(() => setCookie(jar(), 'a', 'b', { days: Infinity })).toThrow('Infinity: is not a valid integer for number of days');
    expect(() => setCookie(jar(), 'a', 'b', { domain: '1.2.3.4' })).toThrow('1.2.3.4: is not a valid cookie domain');
    expect(() => setCookie(jar(), 'a', 'b', { domain: 'evil.com; secure' })).toThrow('evil.com; secure: is not a valid cookie domain');
  });
});

test('reads and removes cookies', () => {
  const target = jar();
  expect(getCookie(target, 'a')).toBe('1');
  expect(getCookie(target, 'missing')).toBeNull();
  removeCookie(target, 'a');
  expect(target.written[0]).toContain('expires=Thu, 01 Jan 1970');
});

test('reads the auth cookie with the __Secure- prefix over HTTPS, URL-decoded', () => {
  expect(readAuthCookie(jar(), 'usrTok', true)).toBe('sec/ure');
  expect(readAuthCookie(jar(), 'usrTok', false)).toBe('tok en');
  expect(readAuthCookie(jar(), 'other', true)).toBeNull();
});

test('the secondary domain is the registrable domain under the public suffix list', async () => {
  expect(await secondaryDomain('www.portal.example.com')).toBe('.example.com');
  expect(await secondaryDomain('portal.example.co.uk')).toBe('.example.co.uk');
  expect(await secondaryDomain('login.brand.com.au')).toBe('.brand.com.au');
  // Private suffixes too, as browsers refuse cookies on them as well.
  expect(await secondaryDomain('portal.github.io')).toBe('.portal.github.io');
  expect(await secondaryDomain('localhost')).toBeUndefined();
  expect(await secondaryDomain('127.0.0.1')).toBeUndefined();
  expect(await secondaryDomain('co.uk')).toBeUndefined();
});
