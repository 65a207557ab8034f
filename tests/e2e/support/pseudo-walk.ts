import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test as base } from '@playwright/test';
import type { Page } from '@playwright/test';
import { LANGUAGES } from '../../../src/domain/languages.ts';
import { translationsOf } from '../../../src/i18n/translations.ts';
import type { TranslationKey } from '../../../src/i18n/translations.ts';
import type { ServedPortal } from '../../../scripts/server/serve-with-emulator.ts';
import { pseudoText, unmarkedText } from '../../support/pseudo-language.ts';
import { PSEUDO_LANGUAGE, pseudoProjectDir } from '../../support/pseudo-project.ts';

// The pseudo-language walk's shared parts: the server of the pseudo build, the texts to find things by, and
// the check each state of a page gets at both widths (text outside the markers, text cut off or overflowing).

const root = new URL('../../..', import.meta.url).pathname;
/** The brand the walk goes through (pseudo-language.setup.ts builds it). */
export const PSEUDO_BRAND = 'nxn';
/** The brand whose login has the app sheet (nxn's has none), built beside it for that one state. */
export const SHEET_BRAND = 'harbor';
/** What the pseudo build holds. */
export const PSEUDO_BRANDS = [PSEUDO_BRAND, SHEET_BRAND];
/** The address prefix of the pseudo-language (a language other than the default lives under `/<tag>`). */
export const PSEUDO_PREFIX = `/${PSEUDO_LANGUAGE.tag}`;
/** The widths every state is checked at: a desktop and a phone. */
const WIDTHS = [1280, 390] as const;

/** A translation as the pseudo build shows it, to find an element by (placeholders filled as the page does). */
export function shown(key: TranslationKey, values: Record<string, string | number> = {}): string {
  return pseudoText(translationsOf('en-US')[key]).replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(values[name] ?? `{{${name}}}`));
}

/** A text as a pattern that finds it as it is. */
export const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The brand's name as its logo spells it: data the logo carries in every language, never translated. */
function logoTexts(brand: string): string[] {
  const svg = readFileSync(join(root, 'brands', brand, 'logo.svg'), 'utf8');
  return [...svg.matchAll(/<text[^>]*>([^<]+)</g)].map((match) => match[1] ?? '').filter(Boolean);
}

/**
 * What may show outside the markers, each a kind of data no translation gives. Anything else with a letter or a
 * digit outside the markers is a word the build did not translate.
 */
const DATA: ReadonlyArray<{ pattern: RegExp; why: string }> = [
  // Before the phone numbers, whose pattern would take the date's digits and leave its time.
  { pattern: /\b\d{1,2}[./]\d{1,2}[./]\d{4}(?:, \d{1,2}:\d{2})?/g, why: 'a date and time (a passkey\'s), which the browser formats for the page\'s language (Intl)' },
  // The same in the pseudo-language, which Intl knows as English (en-XA falls back to en): `Nov 29, 2026, 2:05 AM`.
  { pattern: /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}(?:, \d{1,2}:\d{2}(?:\s?[AP]M)?)?/g, why: 'a date and time as Intl formats it for en-XA (English\'s format)' },
  { pattern: /[\w.*+-]+@[\w-]+(?:\.[\w-]+)+/g, why: 'an e-mail address: the brand\'s support address, or the masked address the service returns' },
  { pattern: /\+?\d[\d ().-]{5,}\d/g, why: 'a phone number: the brand\'s support line' },
  { pattern: /\*{2,}\d{2,4}\b/g, why: 'a masked phone number (its last digits) the service returns for a channel' },
  { pattern: /\b\d{6}\b/g, why: 'a passcode: the code a call asks the visitor to key in' },
  { pattern: /(?<=^|\s)\/[\w\-/.?=&%]+/g, why: 'an address on this site: the not-found page suggests the one the visitor meant' },
  { pattern: /\b(?:Chrome|Edge|Firefox|Safari) \d+\b/g, why: 'a browser and its version, which the browser check lists: product names, in every language' },
  ...PSEUDO_BRANDS.flatMap(logoTexts).map((name) => ({ pattern: new RegExp(`\\b${name}\\b`, 'g'), why: 'the brand\'s name, as its logo spells it' })),
  // The language links name each language in itself (issue 45), from its own table: `English` on every page.
  ...LANGUAGES.map((language) => translationsOf(language)['common.language.name']).map((name) => ({ pattern: new RegExp(`\\b${escaped(name)}\\b`, 'g'), why: 'another language\'s name in itself, as its language link gives it' })),
];

/** `text` with the data of the page taken out (`data` adds what the walk typed or the service sent on this page). */
function withoutData(text: string, data: ReadonlyArray<string | RegExp>): string {
  let left = text;
  for (const value of data) left = typeof value === 'string' ? left.split(value).join(' ') : left.replace(new RegExp(value.source, 'g'), ' ');
  for (const { pattern } of DATA) left = left.replace(pattern, ' ');
  return left;
}

/** What the visitor reads or hears, one entry per source: rendered text, labels, placeholders, button values, the title. */
async function textsOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label],[title],[alt],[placeholder],input[type="submit"],input[type="button"]')]
      .filter((element) => !(element instanceof HTMLElement) || element.checkVisibility() || element.hasAttribute('aria-label'))
      .flatMap((element) => ['aria-label', 'title', 'alt', 'placeholder', ...(element instanceof HTMLInputElement && element.type !== 'text' ? ['value'] : [])]
        .map((name) => element.getAttribute(name) ?? '')
        .filter(Boolean));
    return [...document.body.innerText.split('\n'), ...attributes, document.title];
  });
}

/** The texts of the page with a letter or digit outside the markers, data taken out. */
async function unmarked(page: Page, data: ReadonlyArray<string | RegExp>): Promise<string[]> {
  const texts = await textsOnPage(page);
  return [...new Set(texts.filter((text) => /[\p{L}\p{N}]/u.test(withoutData(unmarkedText(text), data))))];
}

/** One box whose text does not fit: what, where, and the text. */
interface Overflow { what: string; element: string; text: string }

/**
 * Every box on screen whose text is cut off or sticks out: the page wider than the window, an element past the
 * window's edge, text ellipsised, clipped by `overflow: hidden`/`clip`, or wider than its own box.
 */
async function overflows(page: Page): Promise<Overflow[]> {
  return page.evaluate(() => {
    const found: Array<{ node: Element; what: string; element: string; text: string }> = [];
    const describe = (element: Element): string => {
      const classes = element.getAttribute('class')?.trim().split(/\s+/).slice(0, 2).join('.') ?? '';
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}`;
    };
    const textOf = (element: Element): string => (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      found.push({ node: document.documentElement, what: `the page scrolls sideways (${String(document.documentElement.scrollWidth)} px in ${String(width)})`, element: 'html', text: '' });
    }
    // Visually hidden text (for screen readers) is clipped on purpose: a 1 px box or a clip.
    const visuallyHidden = (style: CSSStyleDeclaration, element: HTMLElement) =>
      !['auto', ''].includes(style.getPropertyValue('clip')) || style.clipPath !== 'none' || (element.offsetWidth <= 1 && element.offsetHeight <= 1);
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      // A field scrolls what was typed into it; an image or a drawing has no text to cut.
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) continue;
      if (element.closest('svg') || element instanceof HTMLImageElement || element instanceof HTMLCanvasElement) continue;
      const style = getComputedStyle(element);
      if (visuallyHidden(style, element)) continue;
      const text = textOf(element);
      if (text === '') continue;
      const hasOwnText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      const rect = element.getBoundingClientRect();
      const report = (what: string) => found.push({ node: element, what, element: describe(element), text });
      if (hasOwnText && (rect.right > width + 1 || rect.left < -1)) {
        report(`past the window's edge (${String(Math.round(rect.left))} to ${String(Math.round(rect.right))} px of ${String(width)})`);
      }
      const block = style.display !== 'inline' && style.display !== 'contents';
      const wider = element.scrollWidth > element.clientWidth + 1;
      const taller = element.scrollHeight > element.clientHeight + 1;
      if (block && style.textOverflow === 'ellipsis' && wider) report('ellipsised');
      else if (block && ['hidden', 'clip'].includes(style.overflowX) && wider) report(`cut off at its width (${String(element.scrollWidth)} px in ${String(element.clientWidth)})`);
      else if (block && ['hidden', 'clip'].includes(style.overflowY) && taller) report(`cut off at its height (${String(element.scrollHeight)} px in ${String(element.clientHeight)})`);
      // Text, or a box of text, sticking out of its box (a word too long to wrap, a label that may not wrap).
      else if (block && style.overflowX === 'visible' && wider) report(`wider than its box (${String(element.scrollWidth)} px in ${String(element.clientWidth)})`);
    }
    // The innermost box says where: its ancestors overflow because of it.
    return found.filter(({ node }) => !found.some((other) => other.node !== node && node.contains(other.node)))
      .map(({ what, element, text }) => ({ what, element, text }));
  });
}

/** Two frames painted: a layout after a resize or a click is on screen. */
async function painted(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** What the state on screen shows wrong at each width: text outside the markers (unless `data` is undefined), overflows. */
async function problemsAtEachWidth(page: Page, data: ReadonlyArray<string | RegExp> | undefined): Promise<string[]> {
  const height = page.viewportSize()?.height ?? 844;
  const problems: string[] = [];
  for (const width of [...WIDTHS].reverse()) {
    await page.setViewportSize({ width, height });
    await painted(page);
    if (data) for (const text of await unmarked(page, data)) problems.push(`${String(width)} px: outside the markers: ${JSON.stringify(text)}`);
    for (const { what, element, text } of await overflows(page)) problems.push(`${String(width)} px: ${element} ${what}: ${JSON.stringify(text)}`);
  }
  return problems;
}

/**
 * The state on screen, at each width: no text outside the markers but data (`data`: what the walk typed or the
 * service sent here), and no text cut off or overflowing its box. Leaves the page at the first width.
 */
export async function expectPseudoClean(page: Page, label: string, data: ReadonlyArray<string | RegExp> = []): Promise<void> {
  expect(await problemsAtEachWidth(page, data), `${label}: untranslated or overflowing text`).toEqual([]);
}

/** The state on screen, in a real language, at each width: no text cut off or overflowing its box. */
export async function expectNoOverflow(page: Page, label: string): Promise<void> {
  expect(await problemsAtEachWidth(page, undefined), `${label}: overflowing text`).toEqual([]);
}

/**
 * The walk's test: each worker serves the pseudo build with an emulator of its own (the first two workers on
 * E2E_PORT + 46 and + 47, any further one on a free port), and each test starts from the emulator's seeded users.
 */
export const test = base.extend<{ resetEmulator: undefined }, { pseudoPortal: ServedPortal }>({
  // Playwright reads a fixture's dependencies from its first parameter: this one has none.
  // eslint-disable-next-line no-empty-pattern
  pseudoPortal: [async ({}, use, workerInfo) => {
    const first = Number(process.env['E2E_PORT'] ?? 4399) + 46;
    const port = workerInfo.parallelIndex < 2 ? first + workerInfo.parallelIndex : 0;
    // The copy's own server: its language list holds the pseudo-language, this checkout's does not.
    const copy = pseudoProjectDir(root);
    const { serveWithEmulator } = await import(join(copy, 'scripts/server/serve-with-emulator.ts')) as typeof import('../../../scripts/server/serve-with-emulator.ts');
    const portal = await serveWithEmulator(join(copy, 'dist'), port);
    await use(portal);
    portal.close();
  }, { scope: 'worker' }],
  baseURL: async ({ pseudoPortal }, use) => {
    await use(pseudoPortal.base);
  },
  resetEmulator: [async ({ request }, use) => {
    await request.post('/__emulator/reset');
    await use(undefined);
  }, { auto: true }],
});
