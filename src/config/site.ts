import { getCollection } from 'astro:content';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';
import { ConfigError } from './config-errors.ts';
import type { Brand } from './load-brands.ts';

export { BRANDS_DIR, CONTENT_DIR } from './paths.ts';

/**
 * The brands this build covers (all, or the `BRANDS=nxn,acme` subset), from the `brands` content collection
 * (content.config.ts). Any broken brand file stops the page with every problem, one `file: path: message`
 * line each: in a build that fails the build, in `npm run dev` it is the error page until the file is fixed.
 */
export async function getBrands(): Promise<Brand[]> {
  const entries = await getCollection('brands');
  const problems = entries.flatMap((entry) => ('problems' in entry.data ? entry.data.problems : []));
  if (problems.length > 0) throw new ConfigError(problems);
  return entries.flatMap((entry) => ('brand' in entry.data ? [entry.data.brand] : []));
}

/** Props every brand page receives. */
export interface BrandPageProps {
  brand: Brand;
  language: Language;
}

/** getStaticPaths for `[...lang]/.../[wl]/...` routes: every brand in every language. */
export async function brandLanguagePaths() {
  return (await getBrands()).flatMap((brand) =>
    LANGUAGES.map((language) => ({
      params: { lang: language === DEFAULT_LANGUAGE ? undefined : language, wl: brand.key },
      props: { brand, language } satisfies BrandPageProps,
    })),
  );
}

/** getStaticPaths for routes without a brand (the root redirect, the site-wide 404). */
export function languagePaths() {
  return LANGUAGES.map((language) => ({
    params: { lang: language === DEFAULT_LANGUAGE ? undefined : language },
    props: { language },
  }));
}
