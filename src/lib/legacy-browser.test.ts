// @vitest-environment jsdom
import { expect, test } from 'vitest';
import { brandConfigSchema } from '../config/brand-schema.ts';
import { EXCLUDED_BROWSER_PATTERN, LEGACY_BROWSER_REVEAL_SCRIPT } from './legacy-browser.ts';

const UA = {
  ie11: 'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko',
  ie9: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)',
  chrome48: 'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/48.0.2564.116 Safari/537.36',
  chrome60: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/60.0.3112.113 Safari/537.36',
  firefox44: 'Mozilla/5.0 (Windows NT 6.1; rv:44.0) Gecko/20100101 Firefox/44.0',
  firefox59: 'Mozilla/5.0 (Windows NT 10.0; rv:59.0) Gecko/20100101 Firefox/59.0',
  safari9: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_6) AppleWebKit/601.7.7 (KHTML, like Gecko) Version/9.1.2 Safari/601.7.7',
  safari101: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_4) AppleWebKit/603.1.30 (KHTML, like Gecko) Version/10.1 Safari/603.1.30',
  edgeLegacy: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.17763',
  samsung9: 'Mozilla/5.0 (Linux; Android 8.0.0; SM-G960F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/9.2 Chrome/67.0.3396.87 Mobile Safari/537.36',
  samsung25: 'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  chrome156: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
};

/** Runs the shipped script text in a page with the dialog, as the browser with that user agent would. */
function dialogShows(userAgent: string, excluded: string[]): boolean {
  document.body.innerHTML = `<div id="legacy-browser" hidden data-excluded='${JSON.stringify(excluded)}'><button id="legacy-browser-close">Close</button></div>`;
  Object.defineProperty(window.navigator, 'userAgent', { value: userAgent, configurable: true });
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- the shipped text itself is what is tested
  new Function(LEGACY_BROWSER_REVEAL_SCRIPT)();
  return !document.getElementById('legacy-browser')?.hasAttribute('hidden');
}

test('the dialog shows for Internet Explorer', () => {
  expect(dialogShows(UA.ie11, ['IE'])).toBe(true);
  expect(dialogShows(UA.ie9, ['IE'])).toBe(true);
});

test('supported browsers without ES modules get no dialog (spec 9: Chrome 48, Firefox 44, Safari 9 and up)', () => {
  for (const userAgent of [UA.chrome48, UA.chrome60, UA.firefox44, UA.firefox59, UA.safari9, UA.safari101, UA.edgeLegacy, UA.chrome156]) {
    expect(dialogShows(userAgent, ['IE']), userAgent).toBe(false);
  }
});

test("a brand's excluded browsers get the dialog, by name and up to a major version", () => {
  expect(dialogShows(UA.samsung9, ['IE', 'Samsung Internet <=9'])).toBe(true);
  expect(dialogShows(UA.samsung25, ['IE', 'Samsung Internet <=9'])).toBe(false);
  expect(dialogShows(UA.firefox44, ['Firefox'])).toBe(true);
  expect(dialogShows(UA.edgeLegacy, ['Edge <=18'])).toBe(true);
  // Edge and Samsung Internet also name Chrome in their user agent: they are not Chrome.
  expect(dialogShows(UA.edgeLegacy, ['Chrome'])).toBe(false);
  expect(dialogShows(UA.safari9, ['Chrome'])).toBe(false);
  // An empty list shows it to no one, not even IE.
  expect(dialogShows(UA.ie11, [])).toBe(false);
});

test('the script is ES5 and the same for every brand', () => {
  expect(LEGACY_BROWSER_REVEAL_SCRIPT).not.toMatch(/=>|\blet\b|\bconst\b|`|\.\.\.|\bclass\b/);
  expect(LEGACY_BROWSER_REVEAL_SCRIPT).not.toMatch(/nxn|harbor/);
});

test('excludedBrowsers entries are checked when the brand loads', () => {
  expect(EXCLUDED_BROWSER_PATTERN.test('Firefox <=51')).toBe(true);
  const parsed = brandConfigSchema.shape.checkBrowserConfig.safeParse({ title: 'T', message: 'M', excludedBrowsers: ['IE', 'Netscape', 'Firefox < 51'] });
  expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['excludedBrowsers.1', 'excludedBrowsers.2']);
});
