import { setCookie, WHITE_LABEL_COOKIE, WHITE_LABEL_COOKIE_DAYS } from './cookies.ts';
import type { CookieJar } from './cookies.ts';
import { BRAND_KEY } from '../domain/brands.ts';

/**
 * Keeps the brand in the white-label cookie (spec 9: 1 day). SiteMinder's answers (`/apps/home` without a
 * session, a password change's success) reach login through the site root, which follows this cookie: a page
 * that hands the visitor to SiteMinder stamps its brand first, so they come back to it (design.md).
 */
export function rememberBrand(jar: CookieJar, brand: string | undefined, secure: boolean): void {
  // A brand key as the build writes it (its one format): anything else is never stored.
  if (brand && BRAND_KEY.test(brand)) setCookie(jar, WHITE_LABEL_COOKIE, brand, { days: WHITE_LABEL_COOKIE_DAYS, secure });
}

/**
 * rememberBrand for a form that posts to SiteMinder without its island (a browser spec 9 supports that runs no
 * island: no ES modules, no custom elements): ES5 for a page's classic inline script, run before the body is
 * parsed. Every submit that goes out (none the island's directive holds or the island's checks refuse) first writes
 * the page's brand (the body's `data-brand`) in the same cookie, attribute for attribute. The same text on every
 * page, so one CSP hash covers it.
 */
// A pure call, so a bundle that does not use the text (the login page's script) drops it: bundlers keep a bare
// template literal whose String() calls they cannot prove free of side effects.
export const REMEMBER_BRAND_ON_SUBMIT_SCRIPT = /* @__PURE__ */ (() =>
  "document.addEventListener('submit',function(e){var b=document.body.getAttribute('data-brand');" +
  `if(!e.defaultPrevented&&b&&${String(BRAND_KEY)}.test(b))document.cookie='${WHITE_LABEL_COOKIE}='+b+'; path=/; expires='+new Date(Date.now()+${String(WHITE_LABEL_COOKIE_DAYS * 86_400_000)}).toUTCString()` +
  "+(location.protocol==='https:'?'; secure':'')+'; samesite=Lax';});")();
