import { createHash } from 'node:crypto';

/** The folder (under the build output and the site root) theme files share with Astro's hashed assets. */
export const THEME_DIR = '_astro';

/**
 * Theme stylesheets the pages rendered in this process link to, by URL path. On globalThis because pages
 * render from Astro's bundle, a module graph apart from the one the build integration (and the dev server)
 * run in: both see the one map.
 */
const FILES = Symbol.for('portal.brandThemeFiles');
function files(): Map<string, string | Buffer> {
  const holder = globalThis as unknown as Record<symbol, Map<string, string | Buffer> | undefined>;
  const map = holder[FILES] ?? new Map<string, string | Buffer>();
  holder[FILES] = map;
  return map;
}

/**
 * The URL of a brand's theme stylesheet, and remembers the file for the build to write. Named by its
 * content, so hosts cache it immutable like Astro's own assets and a changed theme gets a new URL; a file,
 * not an inline style, so no page carries brand-specific code and one policy fits every brand.
 */
export function brandThemeHref(key: string, css: string): string {
  return brandFileHref(key, 'theme', 'css', css);
}

/** What a brand's own files are, by their name's start: its theme, its favicon (brandOfFile reads them back). */
export const BRAND_FILE_KINDS = ['theme', 'favicon'] as const;

/** The URL of a brand's own file (`/_astro/<kind>-<key>.<hash>.<extension>`), remembered for the build to write, as brandThemeHref. */
export function brandFileHref(key: string, kind: (typeof BRAND_FILE_KINDS)[number], extension: 'css' | 'svg' | 'png', content: string | Buffer): string {
  const hash = createHash('sha256').update(content).digest('base64url').slice(0, 10);
  const href = `/${THEME_DIR}/${kind}-${key}.${hash}.${extension}`;
  files().set(href, content);
  return href;
}

/** The brand files (themes, favicons) rendered pages linked to so far: URL path -> content. */
export function renderedThemeFiles(): ReadonlyMap<string, string | Buffer> {
  return files();
}
