import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';
import { cookieValue } from './cookies.ts';

/** The cookie that picks the display language (spec 9). */
export const LANGUAGE_COOKIE = 'USER_DISPLAY_LANGUAGE';

/**
 * The language cookie's one rule (spec 9): a value like `de_DE` or `de-DE`, URL-decoded, any case, naming one of
 * LANGUAGES; undefined for anything else (a value that does not decode, a language not built). The server, the
 * page's pre-paint redirect and the site root's redirect all read the cookie through it. Those scripts are this
 * code compiled to ES5 syntax without library polyfills (src/integrations/pre-paint.ts), and run in IE11 too: hence
 * a loop, not `LANGUAGES.find`.
 */
export function languageFromCookieValue(value: string | undefined | null): Language | undefined {
  try {
    const named = decodeURIComponent(value || '').trim().replace(/_/g, '-').toLowerCase();
    for (const language of LANGUAGES) {
      if (language.toLowerCase() === named) return language;
    }
  } catch {
    // A value that does not decode names no language.
  }
  return undefined;
}

/** The display language for a Cookie header or document.cookie string, falling back to en-US. */
export function displayLanguage(cookieHeader: string | undefined | null): Language {
  return languageFromCookieValue(cookieValue(cookieHeader, LANGUAGE_COOKIE)) ?? DEFAULT_LANGUAGE;
}

/**
 * The explicit-language URL path of a page: en-US has no prefix, others live under `/<lang>`. Leading slashes of
 * the bare path fold into one, so whatever address it is given (a not-found page answers any), the result is a path
 * on this site, never `//evil.example`.
 */
export function localizedPath(path: string, language: Language): string {
  const bare = '/' + stripLanguagePrefix(path).path.replace(/^\/+/, '');
  return language === DEFAULT_LANGUAGE ? bare : '/' + language + bare;
}

/** Splits an explicit language prefix off a path: `/de-DE/app/nxn/login` -> de-DE + `/app/nxn/login`. */
export function stripLanguagePrefix(path: string): { language: Language | undefined; path: string } {
  for (const language of LANGUAGES) {
    if (language === DEFAULT_LANGUAGE) continue;
    const prefix = '/' + language + '/';
    // The prefix whole or followed by a slash. Concatenation and indexOf, not a template and startsWith: the
    // pre-paint redirects (ES5 without polyfills, IE11) use this function, and each byte there is on every page.
    if ((path + '/').indexOf(prefix) === 0) {
      return { language, path: path.slice(prefix.length - 1) || '/' };
    }
  }
  return { language: undefined, path };
}
