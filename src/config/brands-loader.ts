import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { z } from 'zod';
import { brandKeySchema } from './brand-schema.ts';
import { compileBrandThemes } from './brand-theme.ts';
import { whenSettled } from './settle.ts';
import { listBrandKeys, loadBrandFolder, missingBrandFolder, readBrandDefaults } from './load-brands.ts';
import type { BrandFolder } from './load-brands.ts';

/** The entry that carries a broken `_defaults/brand.json`, which no brand can be read without. */
export const DEFAULTS_ENTRY = '_defaults';

/** What each entry holds; typed through the loader, so `getCollection('brands')` knows it. */
const brandFolderSchema = z.custom<BrandFolder>();

const WATCHED_EVENTS = ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const;

/**
 * The brands as an Astro content collection: one entry per brand folder, holding the brand ready for the
 * pages (config merged over the defaults, compiled theme, logo, support) or every problem found in it.
 * Problems are kept, not thrown, so the pages report them (site.ts) the same way in dev and in a build.
 * In dev the loader watches the folder: a change to a brand's file reloads that brand, a change under
 * `_defaults/` reloads them all, and a folder added or removed adds or removes its brand; Astro then
 * reloads the open pages.
 */
export function brandsLoader(options: { brandsDir: string; only: readonly string[] }): Loader & { schema: typeof brandFolderSchema } {
  const { brandsDir, only } = options;
  const wanted = (key: string) => only.length === 0 || only.includes(key);
  const isBrandFolder = (key: string) => existsSync(join(brandsDir, key)) && statSync(join(brandsDir, key)).isDirectory();

  function put(context: LoaderContext, id: string, data: BrandFolder): void {
    context.store.set({ id, data, digest: context.generateDigest(data) });
  }

  function loadAll(context: LoaderContext): void {
    context.store.clear();
    const defaults = readBrandDefaults(brandsDir);
    if (!defaults.ok) {
      put(context, DEFAULTS_ENTRY, { problems: [defaults.problem] });
      return;
    }
    const present = listBrandKeys(brandsDir);
    const keys = only.length > 0 ? [...only] : present;
    const found = keys.filter((key) => present.includes(key));
    // One Sass compilation for every theme: its set-up costs more than a brand (brand-theme.ts).
    const themes = compileBrandThemes(brandsDir, found.filter((key) => brandKeySchema.safeParse(key).success));
    for (const key of keys) {
      put(context, key, present.includes(key) ? loadBrandFolder(brandsDir, key, defaults.value, themes) : { problems: [missingBrandFolder(key)] });
    }
  }

  function reloadBrand(context: LoaderContext, key: string): void {
    const defaults = readBrandDefaults(brandsDir);
    if (!defaults.ok || context.store.has(DEFAULTS_ENTRY)) {
      loadAll(context);
      return;
    }
    if (!isBrandFolder(key)) {
      if (only.length > 0) put(context, key, { problems: [missingBrandFolder(key)] });
      else context.store.delete(key);
      return;
    }
    const themes = compileBrandThemes(brandsDir, brandKeySchema.safeParse(key).success ? [key] : []);
    put(context, key, loadBrandFolder(brandsDir, key, defaults.value, themes));
  }

  return {
    name: 'portal-brands',
    schema: brandFolderSchema,
    load: (context) => {
      loadAll(context);
      const { watcher, logger } = context;
      if (!watcher) return Promise.resolve();
      watcher.add(brandsDir);
      const reload = whenSettled((key) => {
        if (key.startsWith('_')) {
          logger.info(`brands/${key}/ changed: reloading every brand`);
          loadAll(context);
        } else {
          logger.info(`brands/${key}/ changed: reloading ${key}`);
          reloadBrand(context, key);
        }
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
      return Promise.resolve();
    },
  };
}
