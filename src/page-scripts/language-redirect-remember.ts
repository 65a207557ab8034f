// The first script of a page that may be in another language than the default (a `/de-DE/` page, a site-wide
// not-found page whose body changes to the address's language), compiled to ES5 at build time (`?pre-paint`,
// src/layouts/PortalShell.astro). It follows the language cookie (language-cookie.ts); without one, a page in
// another language than the default (a `/de-DE/` link followed) sets it for the browser session: SiteMinder's
// answers (`/apps/home`, a failed login) lead back to login through URLs without a language, and the cookie is
// what keeps the visitor's language there. A cookie already there is never changed.
import { DEFAULT_LANGUAGE } from '../domain/languages.ts';
import { cookieText } from '../lib/cookies.ts';
import { LANGUAGE_COOKIE } from '../lib/display-language.ts';
import { followLanguageCookie } from './language-cookie.ts';

try {
  const language = document.documentElement.lang;
  if (followLanguageCookie() === null && language !== DEFAULT_LANGUAGE) {
    document.cookie = cookieText(LANGUAGE_COOKIE, language.replace('-', '_'), { secure: location.protocol === 'https:' });
  }
} catch {
  // A browser that refuses cookies (or a script error) keeps the page it asked for.
}
