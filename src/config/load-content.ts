import { getCollection } from 'astro:content';
import { ConfigError } from './config-errors.ts';
import { contentCandidates } from './content-files.ts';
import type { ContentSite } from './content-schema.ts';

export { contentSiteFor } from './content-files.ts';

/** The result of reading one content page: its sanitized HTML, or unavailable. */
export type ContentResult = { available: true; html: string } | { available: false };

/**
 * The content page `<site>/<name>` from the `content` collection (content.config.ts), falling back to the
 * gateway site. A missing file shows the spec's "service unavailable" text; a malformed one stops the page
 * (and a build), naming the problem. The collection is loaded from CONTENT_DIR; the first argument (pages
 * pass CONTENT_DIR) is kept so pages call it as they did when it read the folder itself.
 */
export async function loadContentPage(_contentDir: string, site: ContentSite, name: string): Promise<ContentResult> {
  const files = new Map((await getCollection('content')).map((entry) => [entry.id, entry.data]));
  const found = contentCandidates(site, name).map((id) => files.get(id)).find((file) => file !== undefined);
  if (!found) return { available: false };
  if ('problems' in found) throw new ConfigError(found.problems);
  return { available: true, html: found.html };
}
