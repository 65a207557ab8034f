import { getCollection } from 'astro:content';
import { LANGUAGES, languagePrefix } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';
import type { Brand } from './brand-schema.ts';
import { brandsOrThrow } from './load-brands.ts';

export { CONTENT_DIR } from './paths.ts';

/**
 * The brands this build covers (all, or the `BRANDS=nxn,acme` subset), from the `brands` content collection
 * (content.config.ts). Any broken brand file stops the page with every problem, one `file: path: message`
 * line each: in a build that fails the build, in `npm run dev` it is the error page until the file is fixed.
 */
export async function getBrands(): Promise<Brand[]> {
  return brandsOrThrow((await getCollection('brands')).map((entry) => entry.data));
}

/** Props every brand page receives. */
export interface BrandPageProps {
  brand: Brand;
  language: Language;
}

/** The languages a brand's pages are built in: its `languages`, else every language of the list. */
export function brandLanguages(brand: Brand): readonly Language[] {
  return brand.config.languages ?? LANGUAGES;
}

/** getStaticPaths for `[...lang]/.../[wl]/...` routes: every brand in every language. */
export async function brandLanguagePaths() {
  return (await getBrands()).flatMap((brand) =>
    brandLanguages(brand).map((language) => ({
      params: { lang: languagePrefix(language).slice(1) || undefined, wl: brand.key },
      props: { brand, language } satisfies BrandPageProps,
    })),
  );
}
