import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { germanVocabulary, untranslatedWords } from '../../support/untranslated-words.ts';

const root = new URL('../../..', import.meta.url).pathname;
const vocabulary = germanVocabulary(root);

/** What a visitor reads or hears: rendered text, accessible names and descriptions, the title. */
export async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label],[title],[alt],[placeholder]')]
      .map((element) => ['aria-label', 'title', 'alt', 'placeholder'].map((name) => element.getAttribute(name) ?? '').join(' '));
    return `${document.body.innerText}\n${labels.join('\n')}\n${document.title}`;
  });
}

/**
 * Every word on the page comes from a German source (translations, brand config, German content).
 * `data` names what the visitor or the service put there (a user id, a masked address).
 */
export async function expectOnlyGerman(page: Page, label: string, data: readonly string[] = []): Promise<void> {
  const words = data.length ? germanVocabulary(root, data) : vocabulary;
  expect(untranslatedWords(await shownText(page), words), `${label}: words from no German source`).toEqual([]);
}
