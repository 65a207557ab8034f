import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '../../src/domain/languages.ts';
import { translationsOf } from '../../src/i18n/translations.ts';

// An equivalent of a pseudo-locale run on the real build: every word a de-DE page shows must come
// from the German translations, a brand's German (or language-free) config, or the German content
// site. A word typed into a component, a default in code or an English fallback is then caught,
// whether or not it also exists in the English translations.

const WORD = /\p{L}[\p{L}\p{M}’']*/gu;

/** The words of a text, lower-cased; markup and placeholders are not words. */
export function wordsOf(text: string): string[] {
  const plain = text.replace(/<[^>]*>/g, ' ').replace(/\{\{\s*\w+\s*\}\}/g, ' ').replace(/&[a-z]+;/g, ' ');
  return (plain.match(WORD) ?? []).map((word) => word.toLowerCase().replace(/[’']s?$/, ''));
}

/** Every string in a JSON value, leaving out what sits under an `en-US` key. */
function germanStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(germanStrings);
  if (value && typeof value === 'object') {
    return Object.entries(value).filter(([key]) => key !== 'en-US').flatMap(([, inner]) => germanStrings(inner));
  }
  return [];
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

/**
 * The words a de-DE page may show. `data` adds what the visitor or the service supplies on the
 * page under test (a user id, a masked address), which is nobody's translation. The language links name each
 * language in itself (`English`, with its lang attribute), from that language's own table.
 */
export function germanVocabulary(repoRoot: string, data: readonly string[] = []): Set<string> {
  const texts = [...Object.values(translationsOf('de-DE')), ...LANGUAGES.map((language) => translationsOf(language)['common.language.name']), ...data];
  // The brand files, not their JSON Schemas: those describe each setting in English, for the editor (issue 44).
  for (const file of jsonFiles(join(repoRoot, 'brands')).filter((path) => !path.endsWith('.schema.json'))) texts.push(...germanStrings(JSON.parse(readFileSync(file, 'utf8'))));
  const german = join(repoRoot, 'content', 'portal-de-de');
  const gateway = join(repoRoot, 'content', 'gateway');
  for (const name of readdirSync(gateway)) {
    // Spec 7: a page the German site lacks falls back to the gateway's, which is content, not code.
    const file = existsSync(join(german, name)) ? join(german, name) : join(gateway, name);
    texts.push(...germanStrings(JSON.parse(readFileSync(file, 'utf8'))));
  }
  return new Set(texts.flatMap(wordsOf));
}

/** The words of `text` that no German source accounts for, each once. */
export function untranslatedWords(text: string, vocabulary: ReadonlySet<string>): string[] {
  return [...new Set(wordsOf(text).filter((word) => !vocabulary.has(word)))];
}
