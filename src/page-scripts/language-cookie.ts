// What every page's first script does with the language cookie (spec 9), shared by the two compiled versions of
// that script (language-redirect.ts, language-redirect-remember.ts). On a plain static host the page moves to
// itself in the language the cookie names: only when the cookie names an available language other than the
// page's, so explicit-language links still work without a cookie. Not-found pages carry it too (they answer any
// address): localizedPath folds leading slashes into one, so `//evil.example` stays a path here. The cookie's reader, its rule
// and the language paths are the server's own functions (src/lib/cookies.ts, src/lib/display-language.ts),
// compiled to ES5 with the page script (`?pre-paint`) and run before the first paint, before any module loads.
import { cookieValue } from '../lib/cookies.ts';
import { LANGUAGE_COOKIE, languageFromCookieValue, localizedPath } from '../lib/display-language.ts';

/** Marks the page as scripted and follows the language cookie; the cookie's raw value, null when there is none. */
export function followLanguageCookie(): string | null {
  const root = document.documentElement;
  root.className += ' js';
  const value = cookieValue(document.cookie, LANGUAGE_COOKIE);
  const wanted = languageFromCookieValue(value);
  // A brand that offers fewer languages lists them (PortalShell.astro); a cookie naming another keeps this page,
  // the brand's default language, as the servers do.
  const offered = root.getAttribute('data-languages');
  if (wanted && wanted !== root.lang && (!offered || (' ' + offered + ' ').indexOf(' ' + wanted + ' ') >= 0)) {
    const path = localizedPath(location.pathname, wanted);
    if (path !== location.pathname) location.replace(path + location.search + location.hash);
  }
  return value;
}
