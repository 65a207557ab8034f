import { describe, expect, test } from 'vitest';
import { getDomain } from 'tldts/dist/index.esm.min.js';
import { getCookie, readAuthCookie, removeCookie, secondaryDomain, setCookie } from './cookies.ts';

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

test('the secondary domain is the registrable domain under the public suffix list', () => {
  // As the cookie bar calls it: browsers use the list's private section too.
  const registrable = (hostname: string) => getDomain(hostname, { allowPrivateDomains: true });
  expect(secondaryDomain('www.portal.example.com', registrable)).toBe('.example.com');
  expect(secondaryDomain('portal.example.co.uk', registrable)).toBe('.example.co.uk');
  expect(secondaryDomain('login.brand.com.au', registrable)).toBe('.brand.com.au');
  expect(secondaryDomain('portal.github.io', registrable)).toBe('.portal.github.io');
  expect(secondaryDomain('localhost', registrable)).toBeUndefined();
  expect(secondaryDomain('127.0.0.1', registrable)).toBeUndefined();
  expect(secondaryDomain('co.uk', registrable)).toBeUndefined();
});
