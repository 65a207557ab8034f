import { TARGET_COOKIE, cookieText } from '../lib/cookies.ts';
import type { CookieJar } from '../lib/cookies.ts';
import { rememberBrand } from '../lib/white-label-cookie.ts';

/**
 * The login page's cookies of spec 9: TARGET in `targetLC` (when the page has one), and the brand key
 * (from the body's `data-brand`) in the white-label cookie for 1 day, which `/` follows next time.
 */
export function rememberLogin(jar: CookieJar, page: { brand: string | undefined; search: string; secure: boolean }): void {
  const target = new URLSearchParams(page.search).get('TARGET');
  // Valid by construction, so written without setCookie's checks (and their bytes, before any interaction):
  // encodeURIComponent leaves only ' of what a cookie value must not carry (spec 5), and that is encoded too.
  if (target) jar.cookie = cookieText(TARGET_COOKIE, encodeURIComponent(target).replace(/'/g, '%27'), { secure: page.secure });
  rememberBrand(jar, page.brand, page.secure);
}
