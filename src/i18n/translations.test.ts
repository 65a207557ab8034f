import { expect, test } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/languages.ts';
import { createTranslator, missingTranslationKeys, TRANSLATIONS, translationsOf } from './translations.ts';
import type { TranslationKey } from './translations.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

test('every language of the list has a table, with exactly the keys of the default language', () => {
  expect(Object.keys(TRANSLATIONS)).toEqual([...LANGUAGES]);
  for (const language of LANGUAGES) {
    expect({ language, missing: missingTranslationKeys(language) }).toEqual({ language, missing: [] });
    expect({ language, keys: Object.keys(translationsOf(language)).sort() }).toEqual({ language, keys: Object.keys(translationsOf(DEFAULT_LANGUAGE)).sort() });
  }
});

test('each language names itself in its own table (the language links show it)', () => {
  expect(LANGUAGES.map((language) => createTranslator(language)('common.language.name'))).toEqual(['English', 'Deutsch']);
});

test('every de-DE text has the placeholders of its en-US text', () => {
  for (const [key, english] of Object.entries(translationsOf('en-US'))) {
    const german = translationsOf('de-DE')[key as TranslationKey];
    expect({ key, placeholders: placeholders(german) }).toEqual({ key, placeholders: placeholders(english) });
  }
});

test('no text is empty', () => {
  for (const table of Object.values(TRANSLATIONS)) {
    for (const [key, text] of Object.entries(table)) expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
  }
});

test('fills placeholders', () => {
  expect(createTranslator('de-DE')('common.footer.copyright', { year: 2026, brand: 'NXN' })).toBe('© 2026 NXN. Alle Rechte vorbehalten.');
});

test('fails the build on a missing key or placeholder value instead of showing it', () => {
  const t = createTranslator('en-US');
  expect(() => t('no.such.key' as never)).toThrow('Missing translation en-US: no.such.key (src/i18n/locales/en-US/)');
  expect(() => t('common.footer.copyright', { year: 2026 })).toThrow('needs a value for {{brand}}');
});

test('leaves a text as it is when given no values: islands get templates and fill them', () => {
  const t = createTranslator('en-US');
  expect(t('recovery.otp.option')).toMatch(/\{\{number\}\}/);
  expect(t('pages.notFound.title', { unused: 'x' })).toBe('Page Not Found');
  expect(t('common.footer.copyright', { year: 2026, brand: '{{year}} & $1' })).toBe(translationsOf('en-US')['common.footer.copyright'].replace('{{year}}', '2026').replace('{{brand}}', '{{year}} & $1'));
});

test('keeps the spec texts in en-US', () => {
  const t = createTranslator('en-US');
  expect(t('pages.notFound.title')).toBe('Page Not Found');
  expect(t('pages.logout.message')).toBe('You have been successfully logged out');
  expect(t('pages.systemRequirements.unavailable')).toBe('The service is currently unavailable. Please try again later.');
  expect(t('pages.cookiePolicy.emea')).toBe('EMEA REGION (EU)');
  expect(t('pages.cookiePolicy.other')).toBe('ALL OTHER REGIONS');
});

// German copies of English would pass the key check; only these may read the same in both.
// German says "Passkeys" too (the word the browsers' and platforms' German interfaces use).
const SAME_IN_BOTH = new Set(['passkey.title']);

test('de-DE translates every text instead of copying the English', () => {
  const copies = Object.entries(translationsOf('en-US'))
    .filter(([key, english]) => !SAME_IN_BOTH.has(key) && translationsOf('de-DE')[key as TranslationKey] === english)
    .map(([key]) => key);
  expect(copies).toEqual([]);
});
