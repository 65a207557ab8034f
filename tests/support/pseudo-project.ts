import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pseudoHtml, pseudoText } from './pseudo-language.ts';

// A copy of the project whose texts in one language are the pseudo-language of en-US, built for one brand.
// The language is a parameter: today it is de-DE's slot (the only second language the code knows); once a
// language is data (issue 45), the same steps write a pseudo tag of its own.

/** Where the pseudo texts go: the language's tag and its content site (spec 7: de-DE reads `portal-de-de`). */
export interface PseudoTarget {
  tag: string;
  contentSite: string;
}

/** de-DE's slot: what the walk builds today. */
export const DE_DE_SLOT: PseudoTarget = { tag: 'de-DE', contentSite: 'portal-de-de' };

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

/** Writes the pseudo-language into `root` (a copy): translations, every brand's texts, the content site. */
export function writePseudoLanguage(root: string, target: PseudoTarget = DE_DE_SLOT): void {
  const sourceLocale = join(root, 'src/i18n/locales', SOURCE);
  const targetLocale = join(root, 'src/i18n/locales', target.tag);
  mkdirSync(targetLocale, { recursive: true });
  for (const name of readdirSync(sourceLocale).filter((file) => file.endsWith('.json'))) {
    const table = readJson(join(sourceLocale, name)) as Record<string, string>;
    writeJson(join(targetLocale, name), Object.fromEntries(Object.entries(table).map(([key, text]) => [key, pseudoText(text)])));
  }
  const brands = join(root, 'brands');
  for (const brand of readdirSync(brands, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    for (const name of readdirSync(join(brands, brand.name)).filter((file) => file.endsWith('.json'))) {
      const file = join(brands, brand.name, name);
      writeJson(file, pseudoBrandTexts(readJson(file), target.tag));
    }
  }
  // Every page of the source site, so no page falls back to English content (a fallback spec 7 allows).
  const sourceContent = join(root, 'content', SOURCE_CONTENT_SITE);
  const targetContent = join(root, 'content', target.contentSite);
  mkdirSync(targetContent, { recursive: true });
  for (const name of readdirSync(sourceContent).filter((file) => file.endsWith('.json'))) {
    const { page } = readJson(join(sourceContent, name)) as { page: { text_s: string; title_s?: string } };
    writeJson(join(targetContent, name), { page: { ...page, text_s: pseudoHtml(page.text_s), ...(page.title_s === undefined ? {} : { title_s: pseudoText(page.title_s) }) } });
  }
}

/** The folder of the pseudo copy of a checkout: one per checkout, so two checkouts never share it. */
export function pseudoProjectDir(root: string): string {
  return join(tmpdir(), 'portal-pseudo-language', createHash('sha256').update(root).digest('hex').slice(0, 12));
}

/**
 * Copies the checkout at `root` (without what is installed or built; node_modules linked), writes the
 * pseudo-language into `target`'s slot and builds `brand` there. Returns the copy's dist/.
 */
export function buildPseudoProject(root: string, brand: string, target: PseudoTarget = DE_DE_SLOT): string {
  const copy = pseudoProjectDir(root);
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  cpSync(root, copy, { recursive: true, filter: (source) => !NOT_COPIED.has(relative(root, source).split('/')[0] ?? '') });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  writePseudoLanguage(copy, target);
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: copy, encoding: 'utf8', env: { ...process.env, BRANDS: brand },
  });
  const dist = join(copy, 'dist');
  if (build.status !== 0 || !existsSync(dist)) throw new Error(`The pseudo-language build of ${brand} failed:\n${build.stdout}\n${build.stderr}`);
  return dist;
}
