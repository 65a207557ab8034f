import { expect, test } from '@playwright/test';
import { loadBrands } from '../../src/config/load-brands.ts';

// Forced colours (Windows High Contrast): the system paints the page in its own few colours, but leaves a
// logo's fills alone. Each brand's logo text must stay readable against what is behind it, in a dark and in a
// light system theme.

const brands = loadBrands(new URL('../../brands', import.meta.url).pathname);

/** WCAG's contrast ratio of two `rgb()`/`rgba()` colours as getComputedStyle writes them. */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
}

for (const brand of brands) {
  for (const scheme of ['dark', 'light'] as const) {
    test(`${brand.key}'s logo text is readable in forced colours with a ${scheme} system theme`, async ({ page }) => {
      await page.emulateMedia({ forcedColors: 'active', colorScheme: scheme });
      await page.goto(`/app/${brand.key}/login?SMQUERYDATA=forced`);
      // The system's colours are in force: the header is the system's background, not the brand's.
      const canvas = scheme === 'dark' ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)';
      await expect.poll(() => page.locator('.site-header').evaluate((header) => getComputedStyle(header).backgroundColor)).toBe(canvas);
      const logo = page.locator('.site-header__logo svg');
      await expect(logo).toBeVisible();
      // Each text of the logo, its fill, and the first opaque background behind it.
      const texts = await logo.evaluate((svg) => [...svg.querySelectorAll('text')].map((text) => {
        let backdrop = 'rgba(0, 0, 0, 0)';
        for (let element: Element | null = text; element && /rgba\(.*, 0\)|transparent/.test(backdrop); element = element.parentElement) {
          backdrop = getComputedStyle(element).backgroundColor;
        }
        return { text: text.textContent, fill: getComputedStyle(text).fill, backdrop };
      }));
      expect(texts.length, 'the logo has text').toBeGreaterThan(0);
      for (const { text, fill, backdrop } of texts) {
        expect(contrast(fill, backdrop), `"${text ?? ''}": ${fill} on ${backdrop}`).toBeGreaterThanOrEqual(4.5);
      }
      await logo.screenshot({ path: test.info().outputPath(`logo-${brand.key}-${scheme}.png`) });
    });
  }
}

for (const brand of brands) {
  test(`${brand.key}'s logo drawn in currentColor takes the header's text colour, not the link colour (issue 44)`, async ({ page }) => {
    await page.goto(`/app/${brand.key}/login?SMQUERYDATA=logo`);
    // What a logo drawn in currentColor is painted with: the logo link's colour, as an element inside it inherits it.
    const painted = await page.locator('.site-header__logo svg').evaluate((svg) => {
      const probe = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
      probe.setAttribute('fill', 'currentColor');
      svg.append(probe);
      const fill = getComputedStyle(probe).fill;
      probe.remove();
      return fill;
    });
    const header = await page.locator('.site-header').evaluate((element) => getComputedStyle(element).color);
    expect(painted).toBe(header);
    const link = await page.evaluate(() => {
      const probe = document.createElement('a');
      probe.href = '#';
      document.querySelector('main')?.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
    // Where a brand's link and header text colours are one, the two cannot be told apart on the page.
    if (link !== header) expect(painted).not.toBe(link);
  });
}
