import { expect, test } from '@playwright/test';
import { listBrandKeys } from '../../src/config/load-brands.ts';
import { TRANSLATIONS } from '../../src/i18n/translations.ts';

// Every English UI text that German translates differently; none may reach a de-DE page.
const englishOnly = Object.entries(TRANSLATIONS['en-US'])
  .filter(([key, english]) => english.length > 3 && TRANSLATIONS['de-DE'][key as keyof (typeof TRANSLATIONS)['de-DE']] !== english)
  .map(([, english]) => english.replace(/\{\{\s*\w+\s*\}\}/g, '').trim())
  .filter((text) => text.length > 3);

const PAGES = [
  '/app/{wl}/login?SMQUERYDATA=de', '/app/{wl}/sorry', '/app/{wl}/logout', '/app/{wl}/ssoLogout',
  '/app/{wl}/systemRequirements', '/app/{wl}/cookiePolicy', '/app/{wl}/no-such-page',
  '/self-service/{wl}/fps', '/self-service/{wl}/fuid', '/self-service/{wl}/fps-self-change-pw',
];

for (const wl of listBrandKeys(new URL('../../brands', import.meta.url).pathname)) {
  test(`no English interface text reaches a de-DE page of ${wl}`, async ({ page }) => {
    for (const template of PAGES) {
      const path = `/de-DE${template.replace('{wl}', wl)}`;
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
      // Visible text and accessible names (aria-label, alt, title) both count.
      const text = await page.evaluate(() => {
        const labels = [...document.querySelectorAll('[aria-label],[title],[alt],[placeholder]')]
          .map((element) => ['aria-label', 'title', 'alt', 'placeholder'].map((name) => element.getAttribute(name) ?? '').join(' '));
        return `${document.body.innerText}\n${labels.join('\n')}\n${document.title}`;
      });
      const leaks = englishOnly.filter((english) => text.includes(english));
      expect(leaks, path).toEqual([]);
    }
  });
}
