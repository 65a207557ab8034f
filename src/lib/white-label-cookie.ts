import { setCookie, WHITE_LABEL_COOKIE, WHITE_LABEL_COOKIE_DAYS } from './cookies.ts';
import type { CookieJar } from './cookies.ts';

/** A brand key as the build writes it: anything else is never stored. */
const BRAND_KEY = /^[a-z0-9-]{1,40}$/;

/**
 * Keeps the brand in the white-label cookie (spec 9: 1 day). SiteMinder's answers (`/apps/home` without a
 * session, a password change's success) reach login through the site root, which follows this cookie: a page
 * that hands the visitor to SiteMinder stamps its brand first, so they come back to it (design.md).
 */
export function rememberBrand(jar: CookieJar, brand: string | undefined, secure: boolean): void {
  if (brand && BRAND_KEY.test(brand)) setCookie(jar, WHITE_LABEL_COOKIE, brand, { days: WHITE_LABEL_COOKIE_DAYS, secure });
}
