import { expect, test } from '@playwright/test';
import { watchViolations } from './support/csp-violations.ts';
import { islandsHydrated } from './support/hydration.ts';

// Trusted Types (src/hosting/csp.ts): every page's policy requires them for script sinks and allows no policy,
// so a string written into a DOM-XSS sink throws instead of becoming markup or code. The journeys run under
// the same policy with a violation watch (journeys.spec.ts); site.spec.ts loads every page of every brand.

/** Every page type: login, the recovery pages, change password, the info pages, page not found. */
const PAGES = [
  '/app/nxn/login?SMQUERYDATA=tt',
  '/de-DE/app/nxn/login?SMQUERYDATA=tt',
  '/self-service/nxn/fps',
  '/self-service/nxn/fuid',
  '/self-service/nxn/fps-self-change-pw?SMAUTHREASON=34&TARGET=%2Fapps%2Fhome&uti=external&FTUF=N&uid=jdoe',
  '/app/nxn/cookiePolicy',
  '/app/nxn/systemRequirements',
  '/app/nxn/sorry',
  '/app/nxn/logout',
  '/app/nxn/no-such-page',
];

/** The part of the Trusted Types API the test uses (TypeScript's DOM library does not declare it). */
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createHTML(input: string): string }): unknown;
}

/** In the page: writes a string into each sink and says what happened (the error's name, or `ran`). */
function trySinks(): Record<string, string> {
  const markup = '<img src="x" alt="">';
  const sinks: Record<string, () => unknown> = {
    innerHTML: () => {
      document.createElement('div').innerHTML = markup;
    },
    outerHTML: () => {
      const element = document.body.appendChild(document.createElement('span'));
      element.outerHTML = markup;
    },
    insertAdjacentHTML: () => {
      document.body.insertAdjacentHTML('beforeend', markup);
    },
    'iframe srcdoc': () => {
      document.createElement('iframe').srcdoc = markup;
    },
    'script text': () => {
      document.createElement('script').text = 'window.name = "ran"';
    },
    'script src': () => {
      document.createElement('script').src = '/_astro/x.js';
    },
    'Range createContextualFragment': () => document.createRange().createContextualFragment(markup),
    'DOMParser parseFromString': () => new DOMParser().parseFromString(markup, 'text/html'),
    'trustedTypes createPolicy': () => (window as unknown as { trustedTypes: TrustedTypesFactory }).trustedTypes.createPolicy('portal', { createHTML: (input) => input }),
  };
  const outcome: Record<string, string> = {};
  for (const [name, write] of Object.entries(sinks)) {
    try {
      write();
      outcome[name] = 'ran';
    } catch (error) {
      outcome[name] = error instanceof Error ? error.name : String(error);
    }
  }
  return outcome;
}

for (const path of PAGES) {
  test(`${path} runs with no CSP violation and refuses a string in every DOM-XSS sink`, async ({ page, context }) => {
    const violations = await watchViolations(context);
    const response = await page.goto(path);
    const header = response?.headers()['content-security-policy'] ?? '';
    expect(header).toContain("require-trusted-types-for 'script'");
    expect(header).toContain("trusted-types 'none'");
    await islandsHydrated(page);
    if (path.includes('cookiePolicy')) {
      // The tabs' script runs its part too: switching tabs writes nothing as markup.
      await page.getByRole('tab', { name: 'ALL OTHER REGIONS' }).click();
      await expect(page.getByRole('tabpanel')).toContainText('How we use cookies');
    }
    // Loading, hydrating and first use raised nothing.
    expect(violations).toEqual([]);

    const outcome = await page.evaluate(trySinks);
    expect(outcome).toEqual({
      innerHTML: 'TypeError',
      outerHTML: 'TypeError',
      insertAdjacentHTML: 'TypeError',
      'iframe srcdoc': 'TypeError',
      'script text': 'TypeError',
      'script src': 'TypeError',
      'Range createContextualFragment': 'TypeError',
      'DOMParser parseFromString': 'TypeError',
      'trustedTypes createPolicy': 'TypeError',
    });
    // The watch sees what it is there to see: each refused write was reported (once per policy that refused
    // it: the header's and the page's meta copy).
    const refused = () => [...new Set(violations.map((violation) => `${violation.directive} ${violation.sample}`))];
    await expect.poll(() => refused().length).toBe(9);
    expect(refused()).toEqual(expect.arrayContaining([
      'require-trusted-types-for Element innerHTML|<img src="x" alt="">',
      'require-trusted-types-for HTMLScriptElement text|window.name = "ran"',
      'trusted-types portal',
    ]));
    // Nothing was added to the page.
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });
}
