import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pseudoHtml, pseudoText } from './pseudo-language.ts';

// A copy of the project with a pseudo-language of its own, made from en-US and added by the steps of
// docs/languages.md, "Adding a language" (issue 45: a language is data): its translations folder, its tag in
// src/domain/languages.json, its content site, and the texts of the brands that offer it. No TypeScript edit.

/** The pseudo-language: its tag and its content site (spec 7: `portal-<tag in lower case>`). */
export interface PseudoTarget {
  tag: string;
  contentSite: string;
}

/**
 * en-XA, the usual accented pseudo-locale (Android's and Windows' "English (pseudo-accents)"): a tag no visitor's
 * language is, so nothing real is ever served in its place.
 */
export const PSEUDO_LANGUAGE: PseudoTarget = { tag: 'en-XA', contentSite: 'portal-en-xa' };

const SOURCE = 'en-US';
const SOURCE_CONTENT_SITE = 'gateway';
/** Left out of the copy: installed or built, never source. `node_modules` is linked instead. */
const NOT_COPIED = new Set(['node_modules', 'dist', 'dist-server', '.astro', 'test-results', '.git', 'preview']);

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

/** A brand file's texts with `tag` made from en-US wherever a text is given per language; one text for all stays. */
export function pseudoBrandTexts(value: unknown, tag: string): unknown {
  if (Array.isArray(value)) return value.map((item) => pseudoBrandTexts(item, tag));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const source = (value as Record<string, unknown>)[SOURCE];
  if (typeof source === 'string') return { ...value, [tag]: pseudoText(source) };
  return Object.fromEntries(entries.map(([key, inner]) => [key, pseudoBrandTexts(inner, tag)]));
}

/**
 * Adds the pseudo-language to `root` (a copy) by the docs' steps, offered by `brands` (the brands it builds; none of
 * them gets a `languages` list: a brand without one offers every language of the list). Every other brand lists the
 * languages it offered before, as the docs tell a brand that does not offer a new language to.
 */
export function writePseudoLanguage(root: string, brands: readonly string[], target: PseudoTarget = PSEUDO_LANGUAGE): void {
  // 1. The translations: a copy of en-US's folder, every text made pseudo.
  const sourceLocale = join(root, 'src/i18n/locales', SOURCE);
  const targetLocale = join(root, 'src/i18n/locales', target.tag);
  mkdirSync(targetLocale, { recursive: true });
  for (const name of readdirSync(sourceLocale).filter((file) => file.endsWith('.json'))) {
    const table = readJson(join(sourceLocale, name)) as Record<string, string>;
    writeJson(join(targetLocale, name), Object.fromEntries(Object.entries(table).map(([key, text]) => [key, pseudoText(text)])));
  }
  // 2. Its tag in the one list.
  const listFile = join(root, 'src/domain/languages.json');
  const list = readJson(listFile) as { languages: string[] };
  const before = list.languages;
  writeJson(listFile, { ...list, languages: [...before, target.tag] });
  // 3. Its content site: every page of the gateway's, so no page falls back to English content (a fallback spec 7
  // allows). The `ta-` pages too, which a language may leave to the gateway: the walk looks for words the build did
  // not translate, and an English page there would hide them.
  const sourceContent = join(root, 'content', SOURCE_CONTENT_SITE);
  const targetContent = join(root, 'content', target.contentSite);
  mkdirSync(targetContent, { recursive: true });
  for (const name of readdirSync(sourceContent).filter((file) => file.endsWith('.json'))) {
    const { page } = readJson(join(sourceContent, name)) as { page: { text_s: string; title_s?: string } };
    writeJson(join(targetContent, name), { page: { ...page, text_s: pseudoHtml(page.text_s), ...(page.title_s === undefined ? {} : { title_s: pseudoText(page.title_s) }) } });
  }
  // 4. The brand texts: beside every per-language text of the brands that offer it (and of _defaults, which they
  // inherit), its pseudo text; every other brand lists the languages it offered.
  const brandsDir = join(root, 'brands');
  for (const brand of readdirSync(brandsDir, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const offers = brand.name === '_defaults' || brands.includes(brand.name);
    if (!offers) {
      const file = join(brandsDir, brand.name, 'brand.json');
      if (existsSync(file)) {
        const config = readJson(file) as { languages?: string[] };
        writeJson(file, { ...config, languages: config.languages ?? before });
      }
      continue;
    }
    for (const name of readdirSync(join(brandsDir, brand.name)).filter((file) => file.endsWith('.json'))) {
      const file = join(brandsDir, brand.name, name);
      writeJson(file, pseudoBrandTexts(readJson(file), target.tag));
    }
  }
}

/** The folder of the pseudo copy of a checkout: one per checkout, so two checkouts never share it. */
export function pseudoProjectDir(root: string): string {
  return join(tmpdir(), 'portal-pseudo-language', createHash('sha256').update(root).digest('hex').slice(0, 12));
}

/**
 * Copies the checkout at `root` (without what is installed or built; node_modules linked), adds the pseudo-language
 * offered by `brands` and builds them there. Returns the copy's dist/.
 */
export function buildPseudoProject(root: string, brands: readonly string[], target: PseudoTarget = PSEUDO_LANGUAGE): string {
  const copy = pseudoProjectDir(root);
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  cpSync(root, copy, { recursive: true, filter: (source) => !NOT_COPIED.has(relative(root, source).split('/')[0] ?? '') });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  writePseudoLanguage(copy, brands, target);
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: copy, encoding: 'utf8', env: { ...process.env, BRANDS: brands.join(',') },
  });
  const dist = join(copy, 'dist');
  if (build.status !== 0 || !existsSync(dist)) throw new Error(`The pseudo-language build of ${brands.join(', ')} failed:\n${build.stdout}\n${build.stderr}`);
  return dist;
}
