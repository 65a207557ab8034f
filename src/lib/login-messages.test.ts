import { expect, test } from 'vitest';
import { loginFormAction, loginMessageKey, withSafeTargets } from './login-messages.ts';

test('maps each catalogue message and sends anything else to the generic one', () => {
  expect(loginMessageKey('Invalid Credentials')).toBe('login.message.invalidCredentials');
  expect(loginMessageKey('Authentication Level too low.')).toBe('login.message.authLevel');
  expect(loginMessageKey('Unauthorized User')).toBe('login.message.unauthorizedUser');
  expect(loginMessageKey('Unauthorized User ID')).toBe('login.message.unauthorizedUserId');
  expect(loginMessageKey('<script>alert(1)</script>')).toBe('login.message.generic');
  expect(loginMessageKey('')).toBe('login.message.generic');
});

test('builds the SiteMinder action with SMQUERYDATA and an optional TARGET', () => {
  expect(loginFormAction(new URLSearchParams('SMQUERYDATA=a%2Bb'))).toBe('/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=a%2Bb');
  expect(loginFormAction(new URLSearchParams('SMQUERYDATA=q&TARGET=/apps/home'))).toBe('/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q&TARGET=%2Fapps%2Fhome');
});

test('TARGET and BGTARGET are kept only as same-origin paths, checked decoded (issue 35)', () => {
  const origin = 'https://portal.nxn.example';
  const query = (targets: Record<string, string>) => new URLSearchParams({ SMQUERYDATA: 'q', SMUSRMSG: 'Invalid Credentials', ...targets });
  for (const hostile of ['/%0a/evil.com', '/%09/evil.com', '//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)']) {
    const checked = withSafeTargets(query({ TARGET: hostile, BGTARGET: hostile }), origin);
    expect([checked.get('TARGET'), checked.get('BGTARGET')], hostile).toEqual([null, null]);
    expect(loginFormAction(checked), hostile).toBe('/login/forms/bg/ProcessLogin.fcc?SMQUERYDATA=q');
    expect(checked.get('SMUSRMSG')).toBe('Invalid Credentials');
  }
  const kept = withSafeTargets(query({ TARGET: '/apps/home?fromPage=FPS', BGTARGET: '/apps/other' }), origin);
  expect([kept.get('TARGET'), kept.get('BGTARGET')]).toEqual(['/apps/home?fromPage=FPS', '/apps/other']);
  // Not in a browser yet: nothing is passed on.
  expect(withSafeTargets(query({ TARGET: '/apps/home' }), undefined).get('TARGET')).toBeNull();
});
