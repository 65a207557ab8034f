import { expect, test } from 'vitest';
import { HOST_NAME_FORMAT } from './host-names.ts';

test('a host name is two lowercase labels or more, without scheme, port, path or an outer hyphen', () => {
  const host = new RegExp(`^${HOST_NAME_FORMAT}$`);
  for (const name of ['portal.nxn.example', 'login-qa.cwa.example', 'a.b', 'x1.y-2.z3']) expect(host.test(name), name).toBe(true);
  for (const name of ['nxn', 'Portal.example', 'a..b', '-a.b', 'a-.b', 'a.b:443', 'https://a.b', 'a.b/x', 'a b.c', 'a.b.']) expect(host.test(name), name).toBe(false);
});
