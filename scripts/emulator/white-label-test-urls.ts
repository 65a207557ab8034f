import type { WhiteLabelTestGroup } from '../../src/contract/white-label-test-urls.ts';

/** Sample answer of GET /nxn-service/public/wlTestUrls for integration-test hosts. */
export const WHITE_LABEL_TEST_GROUPS: WhiteLabelTestGroup[] = [
  {
    lobname: 'Wealth Management', contactemail: 'wm-portal@nxn.example',
    plWLMap: [
      { clientdesc: 'NXN Investor Services', wlKeyNonUniq: 'nxn', wlHref: '/app/nxn/login?SMQUERYDATA=test' },
      { clientdesc: 'CWA Wealth Access', wlKeyNonUniq: 'cwa', wlHref: '/app/cwa/login?SMQUERYDATA=test' },
    ],
  },
  {
    lobname: 'Retirement and Education', contactemail: 're-portal@nxn.example',
    plWLMap: [
      { clientdesc: 'BrightPath 529', wlKeyNonUniq: 'brightpath529', wlHref: '/app/brightpath529/login?SMQUERYDATA=test' },
      { clientdesc: 'Summit Retirement', wlKeyNonUniq: 'summit', wlHref: '/app/summit/login?SMQUERYDATA=test' },
    ],
  },
];
