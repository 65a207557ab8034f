import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENT_NODE, transform, walkSync } from 'ultrahtml';
import type { Node } from 'ultrahtml';
import sanitize from 'ultrahtml/transformers/sanitize';
import type { Language } from '../domain/languages.ts';
import { ConfigError, problemsFromZod } from './config-errors.ts';
import { contentPageSchema } from './content-schema.ts';
import type { ContentSite } from './content-schema.ts';

/** The content site per language (spec 7). */
export function contentSiteFor(language: Language): ContentSite {
  return language === 'de-DE' ? 'portal-de-de' : 'gateway';
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

/** The result of reading one content page: its sanitized HTML, or unavailable. */
export type ContentResult = { available: true; html: string } | { available: false };

/**
 * Reads `content/<site>/<name>.json`, falling back to the gateway site. A missing file shows the
 * spec's "service unavailable" text; a malformed one stops the build, naming the problem.
 */
export async function loadContentPage(contentDir: string, site: ContentSite, name: string): Promise<ContentResult> {
  const candidates = site === 'gateway' ? [site] : [site, 'gateway'];
  const found = candidates.map((candidate) => ({ candidate, path: join(contentDir, candidate, `${name}.json`) }))
    .find(({ path }) => existsSync(path));
  if (!found) return { available: false };
  const file = `content/${found.candidate}/${name}.json`;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(found.path, 'utf8'));
  } catch (error) {
    throw new ConfigError([{ file, path: '(root)', message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` }]);
  }
  const parsed = contentPageSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(problemsFromZod(file, parsed.error));
  return { available: true, html: await sanitizeContentHtml(parsed.data.page.text_s) };
}
