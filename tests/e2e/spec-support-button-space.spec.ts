import { expect, test } from '@playwright/test';
import { PAGE_TYPES } from '../../scripts/bench/page-weight.ts';

// Spec 2.6: the support button is fixed 60 px from the bottom and 20 px from the right. Whatever a page
// ends with must be able to scroll clear of it on a phone, for every brand and page type.
const BRANDS = ['nxn', 'brightpath529', 'cwa', 'summit', 'harbor'];
// The brands with support content (a support.json), written out here: the button shows only for them (spec 2.6).
const WITH_SUPPORT = new Set(['nxn', 'brightpath529', 'harbor']);
const WIDTHS = [320, 390];
const urlOf = (file: string, brand: string) => `/${file.replace('{wl}', brand).replace(/\.html$/, '')}${file.startsWith('app/{wl}/login') ? '?SMQUERYDATA=q' : ''}`;

test('the support button shows only for the brands with support content', async ({ page }) => {
  for (const brand of BRANDS) {
    await page.goto(`/app/${brand}/sorry`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.support-button'), brand).toHaveCount(WITH_SUPPORT.has(brand) ? 1 : 0);
  }
});

for (const width of WIDTHS) {
  for (const brand of BRANDS.filter((key) => WITH_SUPPORT.has(key))) {
    test(`${brand} at ${width} px: no link or control ends under the support button`, async ({ page, context, baseURL }) => {
      await page.setViewportSize({ width, height: 740 });
      // The cookie bar is an overlay of its own, closed here so the page itself is what is measured.
      await context.addCookies([{ name: 'EU_COOKIE', value: 'true', url: baseURL ?? '' }]);
      for (const [type, { file }] of Object.entries(PAGE_TYPES)) {
        await page.goto(urlOf(file, brand));
        await expect(page.locator('.support-button'), type).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const covered = await page.evaluate(() => {
          const support = document.querySelector('.support-button')?.getBoundingClientRect();
          if (!support) return [];
          const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
            .filter((element) => !element.closest('.support-button, dialog') && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden');
          return controls.filter((element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && box.height > 0 && box.left < support.right && box.right > support.left && box.top < support.bottom && box.bottom > support.top;
          }).map((element) => (element.textContent ?? '').trim() || element.outerHTML.slice(0, 80));
        });
        expect(covered, `${brand} ${type} at ${width} px`).toEqual([]);
      }
    });
  }
}
