import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENT_NODE, transform, walkSync } from 'ultrahtml';
import type { Node } from 'ultrahtml';
import sanitize from 'ultrahtml/transformers/sanitize';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';
import { locateProblems, problemsFromZod } from './config-errors.ts';
import type { ConfigProblem } from './config-errors.ts';
import { contentPageSchema } from './content-schema.ts';
import type { ContentFile, ContentSite } from './content-schema.ts';

/**
 * The content site per language (spec 7): `gateway` for the default language, `portal-<tag in lower case>` for
 * the others (de-DE: `portal-de-de`), so a language's content folder follows from its tag.
 */
export function contentSiteFor(language: Language): ContentSite {
  return language === DEFAULT_LANGUAGE ? 'gateway' : `portal-${language.toLowerCase()}`;
}

/** Content files spec 7 keeps on the gateway site only (the `ta-` system requirements): no language needs its own. */
const GATEWAY_ONLY = /^ta-/;

/**
 * The content files a language lacks: each of the default language's site (gateway) without a copy in the
 * language's own site, which its pages would show in the default language (contentCandidates' fallback).
 */
export function missingContentFiles(contentDir: string, language: Language): ConfigProblem[] {
  const site = contentSiteFor(language);
  if (site === 'gateway') return [];
  const names = existsSync(join(contentDir, 'gateway')) ? readdirSync(join(contentDir, 'gateway')).filter((name) => name.endsWith('.json') && !GATEWAY_ONLY.test(name)) : [];
  return names.filter((name) => !existsSync(join(contentDir, site, name))).sort()
    .map((name) => ({ file: `content/${site}/${name}`, path: '(file)', message: `missing: the ${language} pages would show content/gateway/${name} (${DEFAULT_LANGUAGE}); add it in ${language}` }));
}

/** The content files a page on `site` may show, in order: its own site's, then the gateway's (spec 7). */
export function contentCandidates(site: ContentSite, name: string): string[] {
  return (site === 'gateway' ? [site] : [site, 'gateway']).map((candidate) => `${candidate}/${name}`);
}

const ALLOWED_ELEMENTS = [
  'h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'b', 'i', 'a', 'br', 'table', 'thead', 'tbody',
  'tr', 'th', 'td', 'caption', 'span', 'div', 'section', 'dl', 'dt', 'dd', 'abbr',
];

const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'], th: ['scope', 'colspan'], td: ['colspan'], abbr: ['title'],
};
const SAFE_HREF = /^(https:\/\/|\/(?!\/)|mailto:)/i;

/** Drops every attribute outside the allow-list (event handlers, styles) and unsafe link targets. */
function keepSafeAttributes(doc: Node): Node {
  walkSync(doc, (node) => {
    if (node.type !== ELEMENT_NODE) return;
    const allowed = ALLOWED_ATTRIBUTES[node.name] ?? [];
    node.attributes = Object.fromEntries(Object.entries(node.attributes).filter(([name, value]) =>
      allowed.includes(name) && !(name === 'href' && !SAFE_HREF.test(value.trim()))));
  });
  return doc;
}

/** Content HTML is authored elsewhere; only plain structure survives into our pages. */
export async function sanitizeContentHtml(html: string): Promise<string> {
  return transform(html, [sanitize({ allowElements: ALLOWED_ELEMENTS }), keepSafeAttributes]);
}


/** Reads and checks `content/<id>.json` (id `<site>/<name>`), sanitizing its HTML once for every page that shows it. */
export async function readContentFile(contentDir: string, id: string): Promise<ContentFile> {
  const file = `content/${id}.json`;
  const absolute = join(contentDir, `${id}.json`);
  const text = readFileSync(absolute, 'utf8');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { file, problems: locateProblems([{ file, path: '(root)', message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` }], absolute, text) };
  }
  const parsed = contentPageSchema.safeParse(raw);
  if (!parsed.success) return { file, problems: locateProblems(problemsFromZod(file, parsed.error), absolute, text) };
  return { file, html: await sanitizeContentHtml(parsed.data.page.text_s) };
}

/** The ids (`<site>/<name>`) of every content file: `content/<site>/<name>.json` for each content site. */
export function listContentFiles(contentDir: string): string[] {
  return LANGUAGES.map(contentSiteFor)
    .filter((site) => existsSync(join(contentDir, site)))
    .flatMap((site) => readdirSync(join(contentDir, site)).filter((name) => name.endsWith('.json')).map((name) => `${site}/${name.slice(0, -'.json'.length)}`))
    .sort();
}
