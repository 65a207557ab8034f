// The redirect pages' script (src/components/RedirectPage.astro), compiled to ES5 at build time (`?pre-paint`): it
// goes to the page's `data-to`, keeping the query string (SMQUERYDATA, TARGET), which the no-script meta refresh
// cannot. On the site root (`data-brands`, the shipped brand keys) it also follows the white-label cookie to a
// shipped brand (`data-brand-to`, `{wl}` is the key) and the language cookie to that login page in the visitor's
// language (design.md), as nginx and the bundled server do with a 302; on a static host this page is all there is.
// The cookie reader, the brand key's format, the language cookie's rule and the language paths are the server's
// own functions. While the page is parsed, the last script element is the one running; the target rides in its
// attributes, so the script (and its CSP hash) is the same on every redirect page.
import { isBrandKey } from '../domain/brands.ts';
import { cookieValue, WHITE_LABEL_COOKIE } from '../lib/cookies.ts';
import { LANGUAGE_COOKIE, languageFromCookieValue, localizedPath } from '../lib/display-language.ts';

const scripts = document.getElementsByTagName('script');
const running = scripts[scripts.length - 1];
let to = running?.getAttribute('data-to') ?? '/';
const brands = running?.getAttribute('data-brands');
if (brands) {
  const brand = cookieValue(document.cookie, WHITE_LABEL_COOKIE);
  if (brand && isBrandKey(brand) && ` ${brands} `.indexOf(` ${brand} `) >= 0) to = (running?.getAttribute('data-brand-to') ?? to).replace('{wl}', brand);
  const language = languageFromCookieValue(cookieValue(document.cookie, LANGUAGE_COOKIE));
  if (language) to = localizedPath(to, language);
}
location.replace(to + location.search + location.hash);
