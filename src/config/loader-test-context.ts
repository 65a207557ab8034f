import type { Loader, LoaderContext } from 'astro/loaders';
import type { z } from 'zod';

/**
 * A collection as Astro runs its loader in a build, for the loaders' tests: the store, and parseData checking
 * each entry against the collection's schema (as content.config.ts gives it), which is what a page then reads.
 */
export async function loadCollection<Schema extends z.ZodType>(name: string, loader: Loader, schema: Schema) {
  const stored = new Map<string, z.infer<Schema>>();
  const parsed: string[] = [];
  const context = {
    collection: name,
    store: {
      set: ({ id, data }: { id: string; data: z.infer<Schema> }) => stored.set(id, data),
      has: (id: string) => stored.has(id),
      delete: (id: string) => stored.delete(id),
      clear: () => { stored.clear(); },
    },
    parseData: async ({ id, data }: { id: string; data: unknown }) => {
      parsed.push(id);
      return schema.parseAsync(data);
    },
    generateDigest: (data: unknown) => JSON.stringify(data).length.toString(16),
  } as unknown as LoaderContext;
  await loader.load(context);
  return { entries: stored, parsed };
}
