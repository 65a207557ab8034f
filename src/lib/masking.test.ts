import { expect, test } from 'vitest';
import { maskEmail, maskPhone, maskSmsNumber } from './masking.ts';

test('masks an e-mail keeping the first and last local characters and the domain', () => {
  expect(maskEmail('john.doe@example.com')).toBe('j******e@example.com');
  expect(maskEmail('ab@example.com')).toBe('a*@example.com');
  expect(maskEmail('a@example.com')).toBe('a*@example.com');
});

test('masks a phone to the last 2 characters after the last hyphen', () => {
  expect(maskPhone('201-555-0147')).toBe('**47');
  expect(maskPhone('2015550147')).toBe('********47');
});

test('shows only the last 4 digits of the SMS number with a plus sign', () => {
  expect(maskSmsNumber('201-555-0147')).toBe('+***0147');
});

test('never throws on hostile input', () => {
  for (const value of ['', '@', 'no-at-sign', '😀😀😀@x', '\u202Eevil@example.com', '-', '--']) {
    expect(() => [maskEmail(value), maskPhone(value), maskSmsNumber(value)]).not.toThrow();
  }
  expect(maskEmail('no-at-sign')).toBe('********');
});
