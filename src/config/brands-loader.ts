import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { BrandFolder } from './brand-schema.ts';
import { whenSettled } from './settle.ts';
import { DEFAULTS_ENTRY, readBrandFolders } from './load-brands.ts';

const WATCHED_EVENTS = ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const;

/**
 * The brands as an Astro content collection: one entry per brand folder, as readBrandFolders reads it (the
 * brand ready for the pages, or every problem found in it), each checked by the collection's schema
 * (brandFolderSchema, content.config.ts) on its way into the store. In dev the loader watches the folder: a
 * change to a brand's file reloads that brand, a change under `_defaults/` reloads them all, and a folder
 * added or removed adds or removes its brand; Astro then reloads the open pages.
 */
export function brandsLoader(options: { brandsDir: string; only: readonly string[] }): Loader {
  const { brandsDir, only } = options;
  const wanted = (key: string) => only.length === 0 || only.includes(key);
  const isBrandFolder = (key: string) => existsSync(join(brandsDir, key)) && statSync(join(brandsDir, key)).isDirectory();

  /** The folders as the collection's schema parses them, ready to store; a folder that does not fit it throws. */
  async function parsed(context: LoaderContext, folders: Map<string, BrandFolder>): Promise<Array<[string, BrandFolder]>> {
    return Promise.all([...folders].map(async ([id, data]) => [id, await context.parseData({ id, data })] as [string, BrandFolder]));
  }

  function put(context: LoaderContext, id: string, data: BrandFolder): void {
    context.store.set({ id, data, digest: context.generateDigest(data) });
  }

  async function loadAll(context: LoaderContext): Promise<void> {
    const entries = await parsed(context, readBrandFolders(brandsDir, only));
    // Replaced at once, after every entry is parsed: an open page never reads a half-loaded collection.
    context.store.clear();
    for (const [id, data] of entries) put(context, id, data);
  }

  async function reloadBrand(context: LoaderContext, key: string): Promise<void> {
    if (context.store.has(DEFAULTS_ENTRY)) return loadAll(context);
    if (!isBrandFolder(key) && only.length === 0) {
      context.store.delete(key);
      return;
    }
    const folders = readBrandFolders(brandsDir, [key]);
    if (folders.has(DEFAULTS_ENTRY)) return loadAll(context);
    for (const [id, data] of await parsed(context, folders)) put(context, id, data);
  }

  return {
    name: 'portal-brands',
    load: async (context) => {
      await loadAll(context);
      const { watcher, logger } = context;
      if (!watcher) return;
      watcher.add(brandsDir);
      const reload = whenSettled((key) => {
        logger.info(key.startsWith('_') ? `brands/${key}/ changed: reloading every brand` : `brands/${key}/ changed: reloading ${key}`);
        (key.startsWith('_') ? loadAll(context) : reloadBrand(context, key)).catch((error: unknown) => {
          logger.error(error instanceof Error ? error.message : String(error));
        });
      });
      const onChange = (path: string) => {
        const inside = relative(brandsDir, path);
        if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return;
        const [key = ''] = inside.split(sep);
        if (key.startsWith('.')) return;
        // The JSON Schemas beside the folders change no brand.
        if (key === inside && !isBrandFolder(key) && !context.store.has(key)) return;
        if (key.startsWith('_') || wanted(key)) reload(key);
      };
      for (const event of WATCHED_EVENTS) watcher.on(event, onChange);
    },
  };
}
