import { join } from 'node:path';

/** Where brand and content folders live; overridable so tests can build from fixtures. */
export const BRANDS_DIR = process.env['PORTAL_BRANDS_DIR'] ?? join(process.cwd(), 'brands');
export const CONTENT_DIR = process.env['PORTAL_CONTENT_DIR'] ?? join(process.cwd(), 'content');
/** The translations, one folder per language of src/domain/languages.json (read from the project's root, where every build, server, test and script runs: the build bundles the reader elsewhere). */
export const LOCALES_DIR = join(process.cwd(), 'src', 'i18n', 'locales');

/** The `BRANDS=nxn,acme` subset a build covers; empty for every brand. */
export function brandSubset(): string[] {
  return (process.env['BRANDS'] ?? '').split(',').map((key) => key.trim()).filter(Boolean);
}
