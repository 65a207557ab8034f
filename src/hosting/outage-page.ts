import { BRAND_KEY, DEFAULT_BRAND } from '../domain/brands.ts';
import { cookieValue, WHITE_LABEL_COOKIE } from '../lib/cookies.ts';
import { displayLanguage, localizedPath } from '../lib/display-language.ts';

/** The outage page of a brand, `{wl}` its key: every brand has it in every language (check:dist's BRAND_PAGES). */
export const OUTAGE_PAGE = '/app/{wl}/systemUnavailable';

/**
 * The outage page's addresses to try, in order, for a visitor's Cookie header, as nginx's error_page does: the
 * white-label cookie's brand when the cookie holds a key in the brand key's format (else the default brand), then
 * the default brand's (a brand not built); in the language cookie's language. Only a checked brand key and a
 * built language reach the path. Cloudflare's `_worker.js` carries this module (host-routes, cloudflare-worker.ts).
 */
export function outagePaths(cookies: string | null | undefined): string[] {
  const language = displayLanguage(cookies);
  const named = cookieValue(cookies, WHITE_LABEL_COOKIE);
  const brands = named !== null && BRAND_KEY.test(named) && named !== DEFAULT_BRAND ? [named, DEFAULT_BRAND] : [DEFAULT_BRAND];
  return brands.map((brand) => localizedPath(OUTAGE_PAGE.replace('{wl}', brand), language));
}
