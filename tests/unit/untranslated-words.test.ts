import { expect, test } from 'vitest';
import { TRANSLATIONS } from '../../src/i18n/translations.ts';
import { germanVocabulary, untranslatedWords, wordsOf } from '../support/untranslated-words.ts';

const root = new URL('../..', import.meta.url).pathname;
const vocabulary = germanVocabulary(root);

test('words leave out markup, placeholders and entities, and ignore case', () => {
  expect(wordsOf('<strong>Option</strong> Nr.&nbsp;{{number}}: Schließen')).toEqual(['option', 'nr', 'schließen']);
});

test('English typed into a component is caught on a German page; German translations and brand content are not', () => {
  expect(untranslatedWords('Schließen Weiter Close Submit', vocabulary)).toEqual(['close', 'submit']);
  expect(untranslatedWords('Holen Sie sich die NXN-App. Unterstützte Browser', vocabulary)).toEqual([]);
  expect(untranslatedWords('Loading…', vocabulary)).toEqual(['loading']);
});

test('what the visitor or service supplies is allowed only when named', () => {
  expect(untranslatedWords('jdoe', vocabulary)).toEqual(['jdoe']);
  expect(untranslatedWords('jdoe', germanVocabulary(root, ['jdoe']))).toEqual([]);
});

test('the check has teeth: nearly every English text that German translates differently is caught', () => {
  const english = TRANSLATIONS['en-US'] as Record<string, string>;
  const german = TRANSLATIONS['de-DE'] as Record<string, string>;
  const unnoticed = Object.keys(english).filter((key) => english[key] !== german[key] && untranslatedWords(english[key] ?? '', vocabulary).length === 0);
  // Only words German shares with English (Support, SMS, E-Mail, Option ...) can slip through: each is
  // named here, so a new text the check cannot tell from German is seen and judged, not counted in. In key order:
  // the tables are merged in their files' order (src/i18n/translations.ts finds them by folder).
  expect([...unnoticed].sort()).toEqual([
    // The language's own name ("English"), which the language links show on every page, in that language.
    'common.language.name',
    'common.support.open',
    'common.support.email',
    'pages.cookiePolicy.emea',
    'login.wlTesting.title',
    'login.wlTesting.contact',
    'recovery.otp.option',
    'recovery.otp.channel.sms',
    'passkey.manage.heading',
    'passkey.manage.nameLabel',
  ].sort());
});
