import type { Page } from '@playwright/test';

/** Chrome 48, the oldest Chrome spec 9 supports. */
export const CHROME_48 = 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/48.0.2564.116 Safari/537.36';

/** A page of the portal (not SiteMinder's answers, which are redirects or the service's own HTML). */
const PORTAL_PAGE = /^(\/de-DE)?\/(app|self-service)\//;

/**
 * What a browser spec 9 supports but no island runs in (Chrome 48, Firefox 44, Safari 9: no ES modules, no custom
 * elements) does with the portal's pages, played in Chromium: module scripts are skipped (the HTML is rewritten so
 * Chromium skips them too and runs `nomodule` ones), `<astro-island>` never starts (no `customElements`), and no
 * chunk under /_astro/ arrives (every request for one is refused). The classic scripts run, as they would there.
 * Gives the number of chunk requests refused.
 */
export async function withoutIslands(page: Page): Promise<{ refused: () => number }> {
  let refused = 0;
  await page.addInitScript(() => {
    Object.defineProperty(window, 'customElements', { value: undefined, configurable: true });
  });
  await page.route((url) => url.pathname.startsWith('/_astro/') && url.pathname.endsWith('.js'), async (route) => {
    refused += 1;
    await route.abort();
  });
  await page.route((url) => PORTAL_PAGE.test(url.pathname), async (route) => {
    const request = route.request();
    if (request.resourceType() !== 'document' || request.method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="module"/g, '<script type="text/x-unsupported"').replace(/<script([^>]*) nomodule/g, '<script$1');
    return route.fulfill({ response, body: html });
  });
  return { refused: () => refused };
}
