// The data the pages are made from, as Astro content collections: Astro loads them before a build, and in
// `npm run dev` their loaders watch the folders, so an edit to a brand or content file shows on the open
// page without a restart. Each entry is checked against its collection's schema as it enters it.
import { defineCollection } from 'astro:content';
import { brandFolderSchema } from './config/brand-schema.ts';
import { brandsLoader } from './config/brands-loader.ts';
import { contentLoader } from './config/content-loader.ts';
import { contentFileSchema } from './config/content-schema.ts';
import { BRANDS_DIR, CONTENT_DIR, brandSubset } from './config/paths.ts';

export const collections = {
  brands: defineCollection({ loader: brandsLoader({ brandsDir: BRANDS_DIR, only: brandSubset() }), schema: brandFolderSchema }),
  content: defineCollection({ loader: contentLoader({ contentDir: CONTENT_DIR }), schema: contentFileSchema }),
};
