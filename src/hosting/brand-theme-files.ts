import { createHash } from 'node:crypto';

/** The folder (under the build output and the site root) theme files share with Astro's hashed assets. */
export const THEME_DIR = '_astro';

/**
 * Theme stylesheets the pages rendered in this process link to, by URL path. On globalThis because pages
 * render from Astro's bundle, a module graph apart from the one the build integration (and the dev server)
 * run in: both see the one map.
 */
const FILES = Symbol.for('portal.brandThemeFiles');
function files(): Map<string, string> {
  const holder = globalThis as unknown as Record<symbol, Map<string, string> | undefined>;
  const map = holder[FILES] ?? new Map<string, string>();
  holder[FILES] = map;
  return map;
}

/**
 * The URL of a brand's theme stylesheet, and remembers the file for the build to write. Named by its
 * content, so hosts cache it immutable like Astro's own assets and a changed theme gets a new URL; a file,
 * not an inline style, so no page carries brand-specific code and one policy fits every brand.
 */
export function brandThemeHref(key: string, css: string): string {
  const hash = createHash('sha256').update(css, 'utf8').digest('base64url').slice(0, 10);
  const href = `/${THEME_DIR}/theme-${key}.${hash}.css`;
  files().set(href, css);
  return href;
}

/** The theme files rendered pages linked to so far: URL path -> CSS. */
export function renderedThemeFiles(): ReadonlyMap<string, string> {
  return files();
}
