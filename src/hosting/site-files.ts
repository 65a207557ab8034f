import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, problemsFromZod } from '../config/config-errors.ts';
import { siteFilesSchema } from '../config/site-files-schema.ts';
import type { PageHeaderOptions, SecurityTxt, SiteFiles } from '../config/site-files-schema.ts';
import type { Environment } from '../domain/environments.ts';
import { LANGUAGES, languagePrefix } from '../domain/languages.ts';
import { SERVICE_PREFIXES } from './route-table.ts';

const FILE = 'src/config/site-files.json';
/** Where every host serves them (dist/ paths). */
export const SECURITY_TXT_PATH = '.well-known/security.txt';
export const ROBOTS_TXT_PATH = 'robots.txt';

/** The site files' configuration, validated; a problem stops the build (`file: path: message`). */
function loadSiteFiles(root: string): SiteFiles {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(root, FILE), 'utf8'));
  } catch (error) {
    throw new ConfigError([{ file: FILE, path: '(root)', message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` }]);
  }
  const parsed = siteFilesSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(problemsFromZod(FILE, parsed.error));
  return parsed.data;
}

/** RFC 9116's text: its fields in the configured order, `Expires` `expiresDays` after `now`. */
function securityTxt(fields: SecurityTxt, now: number): string {
  const expires = new Date(now + fields.expiresDays * 24 * 60 * 60 * 1000);
  expires.setUTCMilliseconds(0);
  return [
    ...fields.contact.map((uri) => `Contact: ${uri}`),
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    ...(fields.policy ? [`Policy: ${fields.policy}`] : []),
    ...(fields.acknowledgments ? [`Acknowledgments: ${fields.acknowledgments}`] : []),
    ...(fields.preferredLanguages ? [`Preferred-Languages: ${fields.preferredLanguages.join(', ')}`] : []),
    '',
  ].join('\n');
}

/** The `Expires` of a security.txt text, or undefined when it has none. */
export function securityTxtExpiry(text: string): Date | undefined {
  const value = /^Expires:\s*(\S+)\s*$/m.exec(text)?.[1];
  return value ? new Date(value) : undefined;
}

/**
 * robots.txt: an indexed environment lets search engines list its pages but not the recovery flows and the
 * service paths (nothing there is for a search result); every other environment's hosts are listed nowhere.
 */
function robotsTxt(indexed: boolean): string {
  if (!indexed) return 'User-agent: *\nDisallow: /\n';
  const closed = [...LANGUAGES.map((language) => `${languagePrefix(language)}/self-service/`), ...SERVICE_PREFIXES.map((prefix) => `${prefix}/`)];
  return ['User-agent: *', ...closed.map((path) => `Disallow: ${path}`), ''].join('\n');
}

/** The page header options of `environment` (src/config/site-files.json `pageHeaders`), none when not set. */
export function pageHeaderOptions(root: string, environment: Environment): PageHeaderOptions {
  return loadSiteFiles(root).pageHeaders?.[environment] ?? {};
}

/** The two files of `environment`'s build, by their dist/ path. */
export function siteFiles(root: string, environment: Environment, now: number = Date.now()): Record<string, string> {
  const config = loadSiteFiles(root);
  return {
    [SECURITY_TXT_PATH]: securityTxt(config.securityTxt[environment], now),
    [ROBOTS_TXT_PATH]: robotsTxt(config.indexedEnvironments.includes(environment)),
  };
}
