import { expect, test } from 'vitest';
import { unionPolicy, withUsedHashes } from './security-headers.ts';

const login = "default-src 'self'; script-src 'self' 'sha256-bbb=' 'sha256-aaa='; style-src 'self' 'sha256-ccc='";
const recovery = "default-src 'self'; script-src 'self' 'sha256-ddd=' 'sha256-aaa='; style-src 'self' 'sha256-ccc='";

test('the union allows every source of every page, each once', () => {
  expect(unionPolicy([login, recovery])).toBe("default-src 'self'; script-src 'self' 'sha256-aaa=' 'sha256-bbb=' 'sha256-ddd='; style-src 'self' 'sha256-ccc='");
});

test('the union does not depend on the order the pages rendered in', () => {
  expect(unionPolicy([recovery, login])).toBe(unionPolicy([login, recovery]));
});

test('keywords and hosts keep their place before the hashes', () => {
  expect(unionPolicy(["connect-src 'self' https://dp.example 'sha256-zzz='", "connect-src 'sha256-aaa=' https://dp-qa.example"]))
    .toBe("connect-src 'self' https://dp.example https://dp-qa.example 'sha256-aaa=' 'sha256-zzz='");
});

test('the header policy keeps only the hashes some page\'s inline script or style carries', () => {
  const used = new Set(["'sha256-aaa='", "'sha256-ccc='"]);
  expect(withUsedHashes(unionPolicy([login, recovery]), used)).toBe("default-src 'self'; script-src 'self' 'sha256-aaa='; style-src 'self' 'sha256-ccc='");
});
