import { describe, expect, test } from 'vitest';
import {
  hasSpecialCharacters, hasWhitespace, validateEmail, validateLoginPassword, validateLoginUserId, validateName, validateOtp,
  validateRecoveryUserId,
} from './validators.ts';

describe('login', () => {
  test('user id: required, no whitespace, valid characters', () => {
    expect(validateLoginUserId('')).toBe('required');
    expect(validateLoginUserId('j doe')).toBe('hasWhitespace');
    expect(validateLoginUserId('jdoe<')).toBe('invalidCharacters');
    expect(validateLoginUserId('j.doe@example.com')).toBeNull();
  });

  test('password: required, no whitespace, not too short, never capped below 64', () => {
    expect(validateLoginPassword('')).toBe('required');
    expect(validateLoginPassword('a b c d')).toBe('hasWhitespace');
    expect(validateLoginPassword('abc')).toBe('tooShort');
    expect(validateLoginPassword('x'.repeat(64))).toBeNull();
    expect(validateLoginPassword('x'.repeat(128))).toBeNull();
    expect(validateLoginPassword('x'.repeat(129))).toBe('tooLong');
  });
});

test('recovery user id: required and no whitespace', () => {
  expect(validateRecoveryUserId('  ')).toBe('required');
  expect(validateRecoveryUserId('j doe')).toBe('hasWhitespace');
  expect(validateRecoveryUserId('jdoe')).toBeNull();
});

test('names: required, at most 100, no asterisk, no invisible direction overrides', () => {
  expect(validateName('')).toBe('required');
  expect(validateName('x'.repeat(101))).toBe('tooLong');
  expect(validateName('x'.repeat(100))).toBeNull();
  expect(validateName('Jo*hn')).toBe('asterisk');
  expect(validateName('Jo\u202Ehn')).toBe('invisibleCharacters');
  expect(validateName('Jürgen-Müller')).toBeNull();
});

test('names of real people pass: apostrophes, commas, "script" inside a word, brackets', () => {
  for (const value of ["O'Brien", 'Smith, Jr.', 'Scriptorius', 'Manuscript', 'Anne (Nan)', 'Al-Hassan / Haddad', 'D\u2019Angelo']) {
    expect(validateName(value), value).toBeNull();
  }
});

test('e-mail: the spec shape and lengths', () => {
  expect(validateEmail('')).toBe('required');
  expect(validateEmail('john.doe@example.com')).toBeNull();
  expect(validateEmail('john@example.museum')).toBe('invalidEmail');
  expect(validateEmail('john@example')).toBe('invalidEmail');
  expect(validateEmail(`${'a'.repeat(65)}@example.com`)).toBe('invalidEmail');
  expect(validateEmail(`a@${'b'.repeat(250)}.com`)).toBe('invalidEmail');
  expect(validateEmail('a..b@example.com')).toBe('invalidEmail');
});

test('passcode: required, at most 6 digits', () => {
  expect(validateOtp('')).toBe('required');
  expect(validateOtp('1234567')).toBe('tooLong');
  expect(validateOtp('12a4')).toBe('notDigits');
  expect(validateOtp('123456')).toBeNull();
});

test('the special-characters and whitespace validators', () => {
  for (const value of ['<', '>', '(', ')', "'", '\\', '/', ',', '"', '*', '?', 'myscript', 'javascript:x', 'eval(1)']) {
    expect(hasSpecialCharacters(value), value).toBe(true);
  }
  expect(hasSpecialCharacters('plain-name_1')).toBe(false);
  expect(hasWhitespace('a\tb')).toBe(true);
});
