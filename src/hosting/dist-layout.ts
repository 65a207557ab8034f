import { BRAND_KEY_FORMAT } from '../domain/brands.ts';
import { LANGUAGES, languagePrefix } from '../domain/languages.ts';
import { BRAND_FILE_KINDS, THEME_DIR } from './brand-theme-files.ts';

/**
 * The folder beside a published root (dist/, a release's site/) that holds what only servers read: nginx's
 * includes, the bundled server's headers, the build stamp and the `.gz` copies (at the paths of the files they
 * copy). dist/ itself holds only what a static host publishes as is: pages, assets and the hosts' own files
 * (`_headers`, `_redirects`, `_worker.js`, `_routes.json`), which they read and do not serve.
 */
export const serverDirOf = (siteDir: string): string => `${siteDir.replace(/[\\/]+$/, '')}-server`;

/**
 * In the server folder: the brands a build holds (its BRANDS subset, comma-separated; empty for all), written by
 * every build, so `npm start` and `npm run nginx` know a `npm run build` from a moment ago is current.
 */
export const BUILD_STAMP_FILE = '.portal-build-stamp';

/** Folder prefixes of the languages in a dist/: the default language at the root, the others in a folder of their own. */
export const LANGUAGE_PREFIXES: readonly string[] = LANGUAGES.map((language) => (languagePrefix(language) + '/').replace(/^\//, ''));

/** The files and folders of a dist/ that hold one brand's pages, in every language (with their `.gz`). */
export function brandEntries(wl: string): string[] {
  return LANGUAGE_PREFIXES.flatMap((prefix) => [`${prefix}app/${wl}`, `${prefix}app/${wl}.html`, `${prefix}app/${wl}.html.gz`, `${prefix}self-service/${wl}`]);
}

/** The brand a dist/ file belongs to, or undefined for what every brand shares (scripts, site pages, header files). */
export function brandOfFile(file: string): string | undefined {
  const theme = new RegExp(`^${THEME_DIR}/(?:${BRAND_FILE_KINDS.join('|')})-(${BRAND_KEY_FORMAT})\\.[^.]+\\.(?:css|svg|png)(?:\\.gz)?$`).exec(file)?.[1];
  if (theme) return theme;
  const bare = LANGUAGE_PREFIXES.reduce((path, prefix) => (prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path), file);
  return new RegExp(`^(?:app|self-service)/(${BRAND_KEY_FORMAT})(?:/|\\.html(?:\\.gz)?$)`).exec(bare)?.[1];
}
