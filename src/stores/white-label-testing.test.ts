import { expect, test } from 'vitest';
import { withSafeLinks } from './white-label-testing.ts';

test('the White Label testing dialog links only same-origin paths, by the one safe-redirect rule (issue 35)', () => {
  const origin = 'https://portal.nxn.example';
  const hrefs = ['/app/nxn/login?SMQUERYDATA=test', '/\\evil.example', '//evil.example', 'https://evil.example/', '/%0a/evil.com', 'javascript:alert(1)', `${origin}/app/cwa/login`];
  const [group] = withSafeLinks([{ lobname: 'L', contactemail: 'l@nxn.example', plWLMap: hrefs.map((wlHref) => ({ clientdesc: wlHref, wlKeyNonUniq: 'k', wlHref })) }], origin);
  expect(group?.plWLMap.map((client) => client.wlHref)).toEqual(['/app/nxn/login?SMQUERYDATA=test', '', '', '', '', '', `${origin}/app/cwa/login`]);
  // Each client is still listed, by name.
  expect(group?.plWLMap.map((client) => client.clientdesc)).toEqual(hrefs);
});
