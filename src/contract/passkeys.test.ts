import { expect, test } from 'vitest';
import { authenticationOptionsRequestSchema } from './passkeys.ts';

test('a passkey call names its brand by a key in the brand key\'s one format (src/domain/brands.ts)', () => {
  for (const wl of ['nxn', 'brightpath529', 'cwa-newtonim', 'a'.repeat(40)]) expect(authenticationOptionsRequestSchema.safeParse({ wl }).success, wl).toBe(true);
  for (const wl of ['', '-nxn', 'nxn-', 'NXN', 'a b', 'a\r\nb', 'a'.repeat(41)]) expect(authenticationOptionsRequestSchema.safeParse({ wl }).success, wl).toBe(false);
});
