import { describe, expect, test } from 'vitest';
import {
  LOGIN_PATTERNS, hasWhitespace, isFinalError, normalizeOtp, validateEmail, validateLoginPassword, validateLoginUserId, validateName, validateOtp,
  validateRecoveryUserId,
} from './validators.ts';

describe('login', () => {
  test('user id: required, no whitespace, valid characters', () => {
    expect(validateLoginUserId('')).toBe('required');
    expect(validateLoginUserId('j doe')).toBe('hasWhitespace');
    expect(validateLoginUserId('jdoe<')).toBe('invalidCharacters');
    expect(validateLoginUserId('j.doe@example.com')).toBeNull();
  });

  test('user id: the blanks a paste brings at either end are not part of it; over 100 characters is said', () => {
    expect(validateLoginUserId(' jdoe\t')).toBeNull();
    expect(validateLoginUserId('   ')).toBe('required');
    expect(validateLoginUserId('x'.repeat(100))).toBeNull();
    expect(validateLoginUserId('x'.repeat(101))).toBe('invalidCharacters');
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

test('recovery user id: blanks at either end (a paste) are dropped, blanks inside are said, over 100 characters is said', () => {
  expect(validateRecoveryUserId(' jdoe ')).toBeNull();
  expect(validateRecoveryUserId('\tjdoe\n')).toBeNull();
  expect(validateRecoveryUserId(' j doe ')).toBe('hasWhitespace');
  expect(validateRecoveryUserId('x'.repeat(100))).toBeNull();
  expect(validateRecoveryUserId('x'.repeat(101))).toBe('tooLong');
});

test('names: required, at most 100, no asterisk, no invisible direction overrides', () => {
  expect(validateName('')).toBe('required');
  expect(validateName('x'.repeat(101))).toBe('tooLong');
  expect(validateName('x'.repeat(100))).toBeNull();
  expect(validateName('Jo*hn')).toBe('asterisk');
  expect(validateName('Jo\u202Ehn')).toBe('invisibleCharacters');
  expect(validateName('Jürgen-Müller')).toBeNull();
  expect(validateName(' Doe ')).toBeNull();
  expect(validateName(` ${'x'.repeat(100)} `)).toBeNull();
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
  expect(validateEmail(' john.doe@example.com ')).toBeNull();
  expect(validateEmail('john doe@example.com')).toBe('invalidEmail');
});

test('passcode: required, 6 digits, each failure named', () => {
  expect(validateOtp('')).toBe('required');
  expect(validateOtp('   ')).toBe('required');
  expect(validateOtp('1234567')).toBe('tooLong');
  expect(validateOtp('12345')).toBe('tooShort');
  expect(validateOtp('12a4')).toBe('notDigits');
  expect(validateOtp('12a456')).toBe('notDigits');
  expect(validateOtp('１２３４５６')).toBe('notDigits');
  expect(validateOtp('123456')).toBeNull();
});

test('passcode: a code grouped the way e-mails and SMS show it is the code', () => {
  for (const pasted of ['278 210', ' 278210 ', '278-210', '278\u00a0210', '278 – 210', '27 82 10\n']) {
    expect(validateOtp(pasted), pasted).toBeNull();
    expect(normalizeOtp(pasted), pasted).toBe('278210');
  }
  expect(normalizeOtp('278.210')).toBe('278.210');
});

test('the whitespace validator', () => {
  expect(hasWhitespace('a\tb')).toBe(true);
});

test('errors more typing cannot mend are said at once; the others wait for the field to be left', () => {
  expect([validateRecoveryUserId('j doe'), validateRecoveryUserId('x'.repeat(101)), validateName('Jo*'), validateOtp('12a'), validateOtp('1234567')].map(isFinalError)).toEqual([true, true, true, true, true]);
  expect([validateRecoveryUserId(''), validateOtp('123'), validateOtp(''), validateEmail('john@'), validateName('')].map(isFinalError)).toEqual([false, false, false, false, false]);
  expect(isFinalError(null)).toBe(false);
});

describe('LOGIN_PATTERNS, the login form’s constraint attributes', () => {
  // As the browser reads `pattern` (the `v` flag, the whole value); with `required`, an empty value is refused.
  const matches = (pattern: string, value: string) => value !== '' && new RegExp(`^(?:${pattern})$`, 'v').test(value);
  const samples = [
    '', ' ', 'j', 'jdoe', ' jdoe ', '\tjdoe\n', 'j doe', 'j\u00a0doe', 'jdoe!', 'jdö', 'a-b_c.d@e', 'x'.repeat(100), 'x'.repeat(101), ` ${'x'.repeat(100)} `,
    'abc', 'abcd', 'ab😀', 'ab😀😀', 'Summer#2026', 'Sum mer#2026', 'p'.repeat(128), 'p'.repeat(129), `${'p'.repeat(127)}😀`, `${'p'.repeat(128)}😀`, '\u2028abcd', 'abcd\u3000',
    '<script>', 'a\\b', 'ab\u200bcd',
  ];
  test('a user id the pattern matches is one validateLoginUserId accepts, and no other', () => {
    for (const value of samples) expect([value, matches(LOGIN_PATTERNS.USER, value)]).toEqual([value, validateLoginUserId(value) === null]);
  });
  test('a password the pattern matches is one validateLoginPassword accepts, and no other', () => {
    for (const value of samples) expect([value, matches(LOGIN_PATTERNS.PASSWRD, value)]).toEqual([value, validateLoginPassword(value) === null]);
  });
});
