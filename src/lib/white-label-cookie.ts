import { cookieText, WHITE_LABEL_COOKIE, WHITE_LABEL_COOKIE_DAYS } from './cookies.ts';
import type { CookieJar } from './cookies.ts';
import { isBrandKey } from '../domain/brands.ts';

/**
 * Keeps the brand in the white-label cookie (spec 9: 1 day), the one writer of that cookie. SiteMinder's answers
 * (`/apps/home` without a session, a password change's success) reach login through the site root, which follows
 * this cookie: a page that hands the visitor to SiteMinder stamps its brand first, so they come back to it
 * (design.md). The pages' pre-paint scripts (src/page-scripts/remember-brand-*.ts) are this function compiled to ES5.
 */
export function rememberBrand(jar: CookieJar, brand: string | null | undefined, secure: boolean): void {
  // A brand key as the build writes it (its one format): anything else is never stored.
  if (brand && isBrandKey(brand)) jar.cookie = cookieText(WHITE_LABEL_COOKIE, brand, { days: WHITE_LABEL_COOKIE_DAYS, secure });
}
