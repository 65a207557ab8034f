import { expect, test } from 'vitest';
import { BRANDS_WITHOUT_FORGOT_USER_ID, showsForgotUserIdLink } from './brands.ts';

// spec 6, word for word.
const SPEC_6_HIDDEN = [
  'cash-management', 'ctwirepayments', 'mmi', 'newtonim', 'investment-management', 'lioninternet', 'cwa-newtonim', 'clip', 'cwa', 'ray',
  'pershingapi', 'lmc', 'ihc', 'frs', 'apistore',
];

test('each of the 15 brands of spec 6 hides the Forgot User ID link', () => {
  expect(SPEC_6_HIDDEN).toHaveLength(15);
  for (const key of SPEC_6_HIDDEN) expect(showsForgotUserIdLink(key, undefined), key).toBe(false);
  expect([...BRANDS_WITHOUT_FORGOT_USER_ID].sort()).toEqual([...SPEC_6_HIDDEN].sort());
});

test('nxn always shows it, other brands show it, and a brand config overrides the list', () => {
  expect(showsForgotUserIdLink('nxn', false)).toBe(true);
  expect(showsForgotUserIdLink('summit', undefined)).toBe(true);
  expect(showsForgotUserIdLink('cwa', true)).toBe(true);
  expect(showsForgotUserIdLink('summit', false)).toBe(false);
  // Near misses are not on the list.
  for (const key of ['cwa2', 'cash', 'newton', 'ray-x']) expect(showsForgotUserIdLink(key, undefined), key).toBe(true);
});
