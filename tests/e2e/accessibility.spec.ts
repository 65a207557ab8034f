import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { listBrandKeys } from '../../src/config/load-brands.ts';
import { LoginPage } from './support/login-page.ts';

const brands = listBrandKeys(new URL('../../brands', import.meta.url).pathname);
const PAGES = [
  '/app/{wl}/login?SMQUERYDATA=a11y', '/app/{wl}/sorry', '/app/{wl}/logout', '/app/{wl}/ssoLogout',
  '/app/{wl}/systemRequirements', '/app/{wl}/cookiePolicy', '/app/{wl}/no-such-page',
  '/self-service/{wl}/fps', '/self-service/{wl}/fuid', '/self-service/{wl}/fps-self-change-pw',
  // The six content info pages share one template: the longest text in every brand, the others in one.
  '/app/{wl}/termsOfUse',
];
/** The other content info pages, in one brand (the template's look per brand is checked with termsOfUse above). */
const MORE_INFO_PAGES = ['accessDenied', 'loggedOut', 'samlError', 'sessionExpired', 'systemUnavailable'];

/** axe with the WCAG 2.2 A and AA rules; returns the violations in a readable form. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

// axe is slow on 2 cores under load: one test per page keeps each well inside its time-out.
test.describe.configure({ timeout: 60_000 });

for (const wl of brands) {
  for (const prefix of ['', '/de-DE']) {
    for (const template of PAGES) {
      const path = `${prefix}${template.replace('{wl}', wl)}`;
      test(`${path} has no axe violation`, async ({ page }) => {
        await page.goto(path);
        expect(await violations(page), path).toEqual([]);
      });
    }
  }
}

for (const prefix of ['', '/de-DE']) {
  for (const info of MORE_INFO_PAGES) {
    const path = `${prefix}/app/summit/${info}`;
    test(`${path} has no axe violation`, async ({ page }) => {
      await page.goto(path);
      expect(await violations(page), path).toEqual([]);
    });
  }
}

test('the support dialog in its open state has no axe violation', async ({ page }) => {
  await page.goto('/app/nxn/sorry');
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('a 320 px wide viewport scrolls no page sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const template of PAGES) {
    for (const prefix of ['', '/de-DE']) {
      const path = `${prefix}${template.replace('{wl}', 'brightpath529')}`;
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  }
});

// A brand's dark palette (brand.json darkColors) as a visitor in dark mode sees it, error states included: axe
// measures what the browser paints, beside what brand:check computes from the colours.
test.describe('in dark mode, a brand with a dark palette', () => {
  test.use({ colorScheme: 'dark' });
  for (const path of ['/app/cwa/login?SMQUERYDATA=a11y&SMUSRMSG=Invalid%20Credentials', '/de-DE/app/cwa/termsOfUse', '/de-DE/self-service/cwa/fps', '/app/cwa/no-such-page']) {
    test(`${path} has no axe violation`, async ({ page }) => {
      await page.goto(path);
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(20, 16, 22)');
      expect(await violations(page), path).toEqual([]);
    });
  }
});

test.describe('interactive parts in their open states', () => {
  test('the login page with the error banner, field errors, cookie bar and success toast has no axe violation', async ({ page }) => {
    const login = new LoginPage(page);
    await page.goto('/app/nxn/sorry');
    await page.evaluate(() => sessionStorage.setItem('portal.passwordReset', '1'));
    await page.goto('/app/nxn/login?SMQUERYDATA=a11y&SMUSRMSG=Invalid%20Credentials&fromPage=FPS');
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByTestId('success-toast')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    await login.fillCredentials('j doe', 'ab');
    await login.password.blur();
    await page.getByLabel('User ID').focus();
    await page.getByLabel('User ID').blur();
    await expect(page.getByText('Please enter without spaces')).toBeVisible();
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await violations(page)).toEqual([]);
  });

  test('the legacy-browser dialog has no axe violation', async ({ page }) => {
    await page.goto('/app/nxn/login?SMQUERYDATA=a11y');
    await page.evaluate(() => document.getElementById('legacy-browser')?.removeAttribute('hidden'));
    await expect(page.locator('#legacy-browser')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test.describe('on an Android phone', () => {
  test.use({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36', viewport: { width: 390, height: 844 } });

  for (const prefix of ['', '/de-DE']) {
    test(`the open mobile-app sheet${prefix ? ' in German' : ''} has no axe violation`, async ({ page }) => {
      await page.goto(`${prefix}/app/harbor/login?SMQUERYDATA=a11y`);
      await expect(page.getByTestId('mobile-sheet')).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }
});
