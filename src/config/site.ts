import { join } from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';
import { loadBrands } from './load-brands.ts';
import type { Brand } from './load-brands.ts';

/** Where brand and content folders live; overridable so tests can build from fixtures. */
export const BRANDS_DIR = process.env['PORTAL_BRANDS_DIR'] ?? join(process.cwd(), 'brands');
export const CONTENT_DIR = process.env['PORTAL_CONTENT_DIR'] ?? join(process.cwd(), 'content');

let cached: Brand[] | undefined;

/** The brands this build covers: all, or the `BRANDS=nxn,acme` subset. Loaded once per build. */
export function getBrands(): Brand[] {
  if (!cached) {
    const only = (process.env['BRANDS'] ?? '').split(',').map((key) => key.trim()).filter(Boolean);
    cached = loadBrands(BRANDS_DIR, only);
  }
  return cached;
}

/** Props every brand page receives. */
export interface BrandPageProps {
  brand: Brand;
  language: Language;
}

/** getStaticPaths for `[...lang]/.../[wl]/...` routes: every brand in every language. */
export function brandLanguagePaths() {
  return getBrands().flatMap((brand) =>
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
