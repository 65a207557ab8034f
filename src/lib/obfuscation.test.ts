import { expect, test } from 'vitest';
import { deobfuscate, obfuscate } from './obfuscation.ts';

test('round-trips ASCII and non-ASCII values', () => {
  for (const value of ['123456', 'john.doe@example.com', 'Jürgen ☃ 𝄞', '201-555-0147']) {
    expect(deobfuscate(obfuscate(value))).toBe(value);
  }
});

test('puts three random characters before the base64', () => {
  const value = obfuscate('123456');
  expect(value.slice(3)).toBe(btoa('123456'));
  expect(value).toMatch(/^[A-Za-z0-9]{3}/);
});

test('answers null for malformed input instead of throwing', () => {
  for (const value of ['', 'abc', 'abc!!!!', 'abcQQ', 'abc/w==', 'abc' + btoa(String.fromCharCode(0xff, 0xfe)), null, undefined]) {
    expect(deobfuscate(value)).toBeNull();
  }
});
