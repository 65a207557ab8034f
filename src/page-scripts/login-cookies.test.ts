import { expect, test } from 'vitest';
import { rememberLogin } from './login-cookies.ts';

function jar() {
  const written: string[] = [];
  return { written, get cookie() { return ''; }, set cookie(value: string) { written.push(value); } };
}

test('the login page keeps TARGET in targetLC and the brand in WL_KEY for one day', () => {
  const target = jar();
  const before = Date.now();
  rememberLogin(target, { brand: 'summit', search: '?SMQUERYDATA=q&TARGET=%2Fapps%2Fhome%3FfromPage%3Dx', secure: true });
  expect(target.written[0]).toMatch(/^targetLC=%2Fapps%2Fhome%3FfromPage%3Dx; path=\/; secure; samesite=Lax$/);
  expect(target.written[1]).toMatch(/^WL_KEY=summit; path=\/; expires=.*; secure; samesite=Lax$/);
  const expires = Date.parse(/expires=([^;]+)/.exec(target.written[1] ?? '')?.[1] ?? '');
  expect(expires - before).toBeGreaterThan(86_400_000 - 2000);
  expect(expires - before).toBeLessThanOrEqual(86_400_000 + 1000);
});

test('without TARGET only the white-label cookie is written', () => {
  const target = jar();
  rememberLogin(target, { brand: 'nxn', search: '?SMQUERYDATA=q', secure: false });
  expect(target.written).toHaveLength(1);
  expect(target.written[0]).toMatch(/^WL_KEY=nxn; path=\/; expires=[^;]+; samesite=Lax$/);
});

test('any TARGET is stored as a valid cookie value', () => {
  const target = jar();
  rememberLogin(target, { brand: 'nxn', search: `?TARGET=${encodeURIComponent("'-x\"; y=1,\\ \u0001")}`, secure: false });
  expect(target.written[0]).toBe('targetLC=%27-x%22%3B%20y%3D1%2C%5C%20%01; path=/; samesite=Lax');
});
