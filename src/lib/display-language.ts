import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';

/** The cookie that picks the display language (spec 9). */
export const LANGUAGE_COOKIE = 'USER_DISPLAY_LANGUAGE';

/** Reads a language cookie value (`de_DE` or `de-DE`); undefined when it names no available language. */
export function languageFromCookieValue(value: string | undefined | null): Language | undefined {
  if (!value) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  const normalized = decoded.trim().replace(/_/g, '-');
  return LANGUAGES.find((language) => language.toLowerCase() === normalized.toLowerCase());
}

/** The display language for a Cookie header or document.cookie string, falling back to en-US. */
export function displayLanguage(cookieHeader: string | undefined | null): Language {
  const match = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`));
  return languageFromCookieValue(match?.slice(LANGUAGE_COOKIE.length + 1)) ?? DEFAULT_LANGUAGE;
}

/** The explicit-language URL path of a page: en-US has no prefix, others live under `/<lang>`. */
export function localizedPath(path: string, language: Language): string {
  const bare = stripLanguagePrefix(path).path;
  return language === DEFAULT_LANGUAGE ? bare : `/${language}${bare === '/' ? '/' : bare}`;
}

/** Splits an explicit language prefix off a path: `/de-DE/app/nxn/login` -> de-DE + `/app/nxn/login`. */
export function stripLanguagePrefix(path: string): { language: Language | undefined; path: string } {
  for (const language of LANGUAGES) {
    if (language === DEFAULT_LANGUAGE) continue;
    const prefix = `/${language}`;
    if (path === prefix || path.startsWith(`${prefix}/`)) {
      return { language, path: path.slice(prefix.length) || '/' };
    }
  }
  return { language: undefined, path };
}

/**
 * The pre-paint script every page carries inline: on a plain static host it moves the visitor to
 * the page in the language their cookie names. It only acts when the cookie names an available
 * language other than the page's, so explicit-language links still work without a cookie.
 * Without a cookie, a page in another language than the default (a `/de-DE/` link followed) sets
 * one for the browser session: SiteMinder's answers (`/apps/home`, a failed login) lead back to
 * login through URLs without a language, and the cookie is what keeps the visitor's language there.
 * Not-found pages carry it too (they answer any address), so leading slashes fold into one:
 * `//evil.example` stays a path here.
 * Kept as source text because it must run before the first paint, before any module loads.
 */
export function languageRedirectScript(): string {
  const languages = JSON.stringify(LANGUAGES);
  return `document.documentElement.className+=' js';(function(){try{var L=${languages};var have=document.documentElement.lang;var m=document.cookie.match(/(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)/);if(!m){if(have!==L[0])document.cookie='${LANGUAGE_COOKIE}='+have.replace('-','_')+'; path=/; samesite=Lax'+(location.protocol==='https:'?'; secure':'');return;}var v=decodeURIComponent(m[1]).replace(/_/g,'-').toLowerCase();var want=null;for(var i=0;i<L.length;i++){if(L[i].toLowerCase()===v)want=L[i];}if(!want||want===have)return;var p=location.pathname;for(var j=1;j<L.length;j++){var pre='/'+L[j];if(p===pre||p.indexOf(pre+'/')===0){p=p.slice(pre.length)||'/';}}p='/'+p.replace(/^\\/+/,'');var target=(want===L[0]?'':'/'+want)+p+location.search+location.hash;if(target!==location.pathname+location.search+location.hash)location.replace(target);}catch(e){}})();`;
}
