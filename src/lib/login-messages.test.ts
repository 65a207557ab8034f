import { expect, test } from 'vitest';
import { loginFormAction, loginMessageKey } from './login-messages.ts';

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
