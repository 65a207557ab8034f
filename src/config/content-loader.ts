import { existsSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { listContentFiles, readContentFile } from './content-files.ts';
import { contentSiteSchema } from './content-schema.ts';
import type { ContentFile } from './content-schema.ts';
import { whenSettled } from './settle.ts';

/**
 * The content JSON files (`content/<site>/<name>.json`) as an Astro content collection, one entry per file
 * (id `<site>/<name>`), holding its sanitized HTML or what is wrong with it, each checked by the collection's
 * schema (contentFileSchema, content.config.ts) on its way into the store; a page that shows a broken file
 * reports it (load-content.ts). Any file in a content site's folder is picked up, new ones too, and in dev
 * an edit, a new file or a deleted one reloads the open pages.
 */
export function contentLoader(options: { contentDir: string }): Loader {
  const { contentDir } = options;

  // Reads of one file can finish out of order (the HTML is sanitized on the way): the last one started wins.
  const reads = new Map<string, number>();
  async function put(context: LoaderContext, id: string): Promise<void> {
    // A file saved by replacing it can be gone for a moment; its unlink event removes the entry.
    if (!existsSync(join(contentDir, `${id}.json`))) return;
    const read = (reads.get(id) ?? 0) + 1;
    reads.set(id, read);
    const data: ContentFile = await context.parseData({ id, data: await readContentFile(contentDir, id) });
    if (reads.get(id) === read) context.store.set({ id, data, digest: context.generateDigest(data) });
  }

  return {
    name: 'portal-content',
    load: async (context) => {
      context.store.clear();
      await Promise.all(listContentFiles(contentDir).map((id) => put(context, id)));
      const { watcher, logger } = context;
      if (!watcher) return;
      watcher.add(contentDir);
      const idOf = (path: string): string | undefined => {
        const inside = relative(contentDir, path);
        const [site, name, ...deeper] = inside.split(sep);
        if (isAbsolute(inside) || deeper.length > 0 || !contentSiteSchema.safeParse(site).success || !name?.endsWith('.json')) return undefined;
        return `${site ?? ''}/${name.slice(0, -'.json'.length)}`;
      };
      const reload = whenSettled((id) => {
        logger.info(`content/${id}.json changed`);
        void put(context, id);
      });
      const onChange = (path: string) => {
        const id = idOf(path);
        if (id) reload(id);
      };
      watcher.on('add', onChange);
      watcher.on('change', onChange);
      watcher.on('unlink', (path) => {
        const id = idOf(path);
        if (id) context.store.delete(id);
      });
    },
  };
}
