import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoHtml, pseudoText, unmarkedText } from '../support/pseudo-language.ts';
import { pseudoBrandTexts, writePseudoLanguage } from '../support/pseudo-project.ts';
import { translationsOf } from '../../src/i18n/translations.ts';

const letters = (text: string) => text.replace(/\{\{\s*\w+\s*\}\}|<[^>]*>/g, '').replace(/[^\p{L}·]/gu, '').length;

describe('pseudoText', () => {
  test('wraps a text in the markers and accents every letter', () => {
    const pseudo = pseudoText('Log In');
    expect(pseudo.startsWith(PSEUDO_OPEN) && pseudo.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(pseudo.slice(1, -1)).not.toMatch(/[A-Za-z]/);
  });

  test('makes every translation about 40% longer', () => {
    for (const [key, text] of Object.entries(translationsOf('en-US'))) {
      const source = letters(text);
      const grown = letters(pseudoText(text).slice(1, -1));
      expect(grown, key).toBeGreaterThanOrEqual(Math.ceil(source * 1.4));
      expect(grown, key).toBeLessThanOrEqual(Math.ceil(source * 1.4) + 1);
    }
  });

  test('keeps placeholders as they are, so the page still fills them', () => {
    expect(pseudoText('We sent a 6-digit passcode by {{channel}} to {{destination}}.')).toMatch(/^⟦[^{}]+\{\{channel\}\}[^{}]+\{\{destination\}\}\.⟧$/);
    expect(pseudoText('{{brand}} home')).toContain('{{brand}}');
  });

  test('is idempotent: a pseudo text stays as it is', () => {
    const once = pseudoText('Forgot Password');
    expect(pseudoText(once)).toBe(once);
    expect(pseudoHtml(pseudoHtml('<p>One <strong>two</strong></p>'))).toBe(pseudoHtml('<p>One <strong>two</strong></p>'));
  });

  test('leaves an empty text empty', () => {
    expect(pseudoText('')).toBe('');
  });
});

describe('pseudoHtml', () => {
  test('marks each text between tags on its own and keeps the markup and character references', () => {
    const pseudo = pseudoHtml('<p>Read the <a href="/app/nxn/cookiePolicy">policy</a> &amp; more</p>');
    expect(pseudo.replace(/⟦[^⟧]*⟧/g, 'T')).toBe('<p>T <a href="/app/nxn/cookiePolicy">T</a> T</p>');
    expect(pseudo).toContain('&amp;');
  });
});

describe('unmarkedText', () => {
  test('is what a shown text has outside the markers, nested ones included', () => {
    expect(unmarkedText(`${pseudoText('© {{year}} {{brand}}.').replace('{{brand}}', pseudoText('NXN Investor Services'))} Help`)).toBe(' Help');
  });

  test('counts a closing marker without its opening one as outside', () => {
    expect(unmarkedText('Help⟧ ⟦x⟧')).toBe('Help⟧ ');
  });
});

describe('writePseudoLanguage', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('adds the tag by the docs\' steps: translations, the list, content, the texts of the brands that offer it; the others list theirs', () => {
    root = mkdtempSync(join(tmpdir(), 'pseudo-language-'));
    for (const dir of ['src/i18n/locales/en-US', 'src/domain', 'brands/acme', 'brands/other', 'content/gateway']) mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'src/i18n/locales/en-US/common.json'), JSON.stringify({ 'common.continue': 'Continue' }));
    writeFileSync(join(root, 'src/domain/languages.json'), JSON.stringify({ default: 'en-US', languages: ['en-US', 'de-DE'] }));
    writeFileSync(join(root, 'brands/acme/brand.json'), JSON.stringify({ displayName: { 'en-US': 'Acme', 'xx-PS': 'old' }, phone: '+1 800 555 0100' }));
    writeFileSync(join(root, 'brands/other/brand.json'), JSON.stringify({ displayName: { 'en-US': 'Other' } }));
    writeFileSync(join(root, 'content/gateway/loggedout.json'), JSON.stringify({ page: { text_s: '<p>Logged out</p>' } }));
    writePseudoLanguage(root, ['acme'], { tag: 'xx-PS', contentSite: 'portal-xx-ps' });
    const read = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));
    expect(read('src/i18n/locales/xx-PS/common.json')).toEqual({ 'common.continue': pseudoText('Continue') });
    expect(read('src/domain/languages.json')).toEqual({ default: 'en-US', languages: ['en-US', 'de-DE', 'xx-PS'] });
    expect(read('brands/acme/brand.json')).toEqual({ displayName: { 'en-US': 'Acme', 'xx-PS': pseudoText('Acme') }, phone: '+1 800 555 0100' });
    expect(read('brands/other/brand.json')).toEqual({ displayName: { 'en-US': 'Other' }, languages: ['en-US', 'de-DE'] });
    expect(read('content/portal-xx-ps/loggedout.json')).toEqual({ page: { text_s: `<p>${pseudoText('Logged out')}</p>` } });
  });

  test('pseudoBrandTexts reaches texts in lists and nested objects', () => {
    expect(pseudoBrandTexts({ links: [{ label: { 'en-US': 'Open', 'de-DE': 'Öffnen' } }] }, 'de-DE'))
      .toEqual({ links: [{ label: { 'en-US': 'Open', 'de-DE': pseudoText('Open') } }] });
  });
});
