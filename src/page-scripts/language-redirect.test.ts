import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { compilePrePaint } from '../integrations/pre-paint.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';
import { cookieText, getCookie } from '../lib/cookies.ts';
import { displayLanguage, LANGUAGE_COOKIE, languageFromCookieValue, stripLanguagePrefix } from '../lib/display-language.ts';

// The language cookie's scripts as the build compiles them (`?pre-paint`): the ES5 text the pages inline, run
// against a fake page, row by row of cookies and addresses, and held to the rule in TypeScript
// (languageFromCookieValue, stripLanguagePrefix) that the server follows.
const scripts = { follow: '', remember: '', root: '' };
beforeAll(async () => {
  const entry = (name: string) => join(import.meta.dirname, name);
  scripts.follow = (await compilePrePaint(entry('language-redirect.ts'))).code;
  scripts.remember = (await compilePrePaint(entry('language-redirect-remember.ts'))).code;
  scripts.root = (await compilePrePaint(entry('root-redirect.ts'))).code;
}, 60_000);

interface Visit { cookie: string; pathname: string; lang?: string; search?: string; hash?: string; protocol?: string; attributes?: Record<string, string>; htmlAttributes?: Record<string, string> }

/** A page as a shipped script meets it: its cookies, address and language, and every cookie and redirect it makes. */
function visit(script: string, { cookie, pathname, lang = 'en-US', search = '', hash = '', protocol = 'http:', attributes = {}, htmlAttributes = {} }: Visit) {
  const written: string[] = [];
  const replaced: string[] = [];
  const element = { getAttribute: (name: string) => attributes[name] ?? null };
  const document = {
    get cookie() { return cookie; },
    set cookie(value: string) { written.push(value); },
    documentElement: { lang, className: '', getAttribute: (name: string) => htmlAttributes[name] ?? null },
    getElementsByTagName: (name: string) => (name === 'script' ? [element] : []),
  };
  const location = { pathname, search, hash, protocol, replace: (to: string) => { replaced.push(to); } };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- the shipped text itself is what is tested
  new Function('document', 'location', script)(document, location);
  return { written, replaced, className: document.documentElement.className };
}

/** Language cookies as a browser may hold them, and the language each names by spec 9 (written out, not computed). */
const COOKIES: ReadonlyArray<readonly [string, Language | undefined]> = [
  ['USER_DISPLAY_LANGUAGE=de_DE', 'de-DE'],
  ['USER_DISPLAY_LANGUAGE=de-DE', 'de-DE'],
  ['USER_DISPLAY_LANGUAGE=DE_de', 'de-DE'],
  ['USER_DISPLAY_LANGUAGE=%64e_DE', 'de-DE'],
  ['USER_DISPLAY_LANGUAGE= de_DE', 'de-DE'],
  ['USER_DISPLAY_LANGUAGE=%20de_DE%20', 'de-DE'],
  ['USER_DISPLAY_LANGUAGE=en_US', 'en-US'],
  ['USER_DISPLAY_LANGUAGE=EN-us', 'en-US'],
  ['a=1; USER_DISPLAY_LANGUAGE=de_DE; b=2', 'de-DE'],
  ['USER_DISPLAY_LANGUAGE=fr_FR', undefined],
  ['USER_DISPLAY_LANGUAGE=de__DE', undefined],
  ['USER_DISPLAY_LANGUAGE=de_DE_x', undefined],
  ['USER_DISPLAY_LANGUAGE=', undefined],
  ['USER_DISPLAY_LANGUAGE', undefined],
  ['USER_DISPLAY_LANGUAGE=%E0%A4%A', undefined],
  ['', undefined],
  ['XUSER_DISPLAY_LANGUAGE=de_DE; USER_DISPLAY_LANGUAGE_X=de_DE', undefined],
  // Two of the same name (a path or domain variant): the first counts, as nginx's $cookie_ reads it.
  ['USER_DISPLAY_LANGUAGE=de_DE; USER_DISPLAY_LANGUAGE=en_US', 'de-DE'],
  ['USER_DISPLAY_LANGUAGE=en_US; USER_DISPLAY_LANGUAGE=de_DE', 'en-US'],
  ['USER_DISPLAY_LANGUAGE=fr_FR; USER_DISPLAY_LANGUAGE=de_DE', undefined],
];

/** Addresses, each with the language of the page a static host answers it with. */
const PATHS: ReadonlyArray<readonly [string, Language]> = [
  ['/app/nxn/login', 'en-US'],
  ['/de-DE/app/nxn/login', 'de-DE'],
  ['/de-DE', 'de-DE'],
  ['/de-DE/', 'de-DE'],
  ['/', 'en-US'],
  ['/de-DEX/x', 'en-US'],
  ['//evil.example', 'en-US'],
  ['//evil.example/de-DE/x', 'en-US'],
  ['/de-DE//evil.example', 'de-DE'],
  ['/de-DE/de-DE//evil.example', 'de-DE'],
  ['/self-service/nxn/fps', 'en-US'],
];
const SEARCH = '?SMQUERYDATA=x&TARGET=%2Fapps%2Fhome';
const HASH = '#top';

/** Where the rule in TypeScript sends a visitor: the page's bare path (leading slashes folded) in the cookie's language. */
function expectedTarget(cookie: string, pathname: string, lang: string): string | undefined {
  const wanted = languageFromCookieValue(getCookie({ cookie }, LANGUAGE_COOKIE));
  if (!wanted || wanted === lang) return undefined;
  const bare = `/${stripLanguagePrefix(pathname).path.replace(/^\/+/, '')}`;
  const path = wanted === DEFAULT_LANGUAGE ? bare : `/${wanted}${bare}`;
  return path === pathname ? undefined : `${path}${SEARCH}${HASH}`;
}

describe('the language cookie\'s rule', () => {
  test('names the language written out for every row, on the server and for a page', () => {
    for (const [cookie, language] of COOKIES) {
      expect(languageFromCookieValue(getCookie({ cookie }, LANGUAGE_COOKIE)), cookie).toBe(language);
      expect(displayLanguage(cookie), cookie).toBe(language ?? DEFAULT_LANGUAGE);
    }
  });
});

describe('every page\'s language script', () => {
  test('moves to the cookie\'s language exactly as the rule in TypeScript says, keeping query and hash, on every row and address', () => {
    let moves = 0;
    for (const script of [scripts.follow, scripts.remember]) {
      for (const [cookie] of COOKIES) {
        for (const [pathname, lang] of PATHS) {
          const page = visit(script, { cookie, pathname, lang, search: SEARCH, hash: HASH });
          const expected = expectedTarget(cookie, pathname, lang);
          expect(page.replaced, `${cookie} at ${pathname} (${lang})`).toEqual(expected === undefined ? [] : [expected]);
          expect(page.className).toBe(' js');
          if (expected !== undefined) moves += 1;
        }
      }
    }
    // The table does exercise moves both ways, not only staying.
    expect(moves).toBeGreaterThan(40);
  });

  test('the moves a visitor sees, written out', () => {
    const target = (cookie: string, pathname: string, lang: string) => visit(scripts.remember, { cookie, pathname, lang, search: SEARCH, hash: HASH }).replaced;
    expect(target('USER_DISPLAY_LANGUAGE=de_DE', '/app/nxn/login', 'en-US')).toEqual([`/de-DE/app/nxn/login${SEARCH}${HASH}`]);
    expect(target('USER_DISPLAY_LANGUAGE=DE_de', '/', 'en-US')).toEqual([`/de-DE/${SEARCH}${HASH}`]);
    expect(target('USER_DISPLAY_LANGUAGE=%64e_DE', '//evil.example', 'en-US')).toEqual([`/de-DE/evil.example${SEARCH}${HASH}`]);
    expect(target('USER_DISPLAY_LANGUAGE=en_US', '/de-DE/app/nxn/login', 'de-DE')).toEqual([`/app/nxn/login${SEARCH}${HASH}`]);
    expect(target('USER_DISPLAY_LANGUAGE=en_US', '/de-DE', 'de-DE')).toEqual([`/${SEARCH}${HASH}`]);
    expect(target('USER_DISPLAY_LANGUAGE=en_US', '/de-DE//evil.example', 'de-DE')).toEqual([`/evil.example${SEARCH}${HASH}`]);
    expect(target('USER_DISPLAY_LANGUAGE=en_US', '/de-DE/de-DE//evil.example', 'de-DE')).toEqual([`/de-DE//evil.example${SEARCH}${HASH}`]);
    // An English page served at a URL without a language (nginx picks the file by the cookie) moves nowhere.
    expect(target('USER_DISPLAY_LANGUAGE=de_DE', '/app/nxn/login', 'de-DE')).toEqual([]);
    expect(target('USER_DISPLAY_LANGUAGE=de_DE; USER_DISPLAY_LANGUAGE=en_US', '/de-DE/app/nxn/login', 'de-DE')).toEqual([]);
    expect(target('USER_DISPLAY_LANGUAGE=%E0%A4%A', '/app/nxn/login', 'en-US')).toEqual([]);
  });

  test('on a brand that offers fewer languages, a cookie naming one it lacks keeps the page (the brand\'s default), one it offers still moves', () => {
    const oneLanguage = { 'data-languages': 'en-US' };
    for (const script of [scripts.follow, scripts.remember]) {
      expect(visit(script, { cookie: 'USER_DISPLAY_LANGUAGE=de_DE', pathname: '/app/solo/login', htmlAttributes: oneLanguage }).replaced).toEqual([]);
      expect(visit(script, { cookie: 'USER_DISPLAY_LANGUAGE=de_DE', pathname: '/app/solo/login', htmlAttributes: { 'data-languages': 'en-US de-DE' } }).replaced).toEqual(['/de-DE/app/solo/login']);
    }
    expect(visit(scripts.follow, { cookie: 'USER_DISPLAY_LANGUAGE=en_US', pathname: '/de-DE/app/nxn/login', lang: 'de-DE', htmlAttributes: oneLanguage }).replaced).toEqual(['/app/nxn/login']);
  });

  test('a page in another language than the default, without a language cookie, remembers its language for the browser session', () => {
    for (const protocol of ['http:', 'https:']) {
      const page = visit(scripts.remember, { cookie: 'WL_KEY=summit', pathname: '/de-DE/self-service/summit/fps', lang: 'de-DE', protocol });
      expect(page.written, protocol).toEqual([cookieText(LANGUAGE_COOKIE, 'de_DE', { secure: protocol === 'https:' })]);
      expect(page.replaced).toEqual([]);
    }
    expect(visit(scripts.remember, { cookie: '', pathname: '/de-DE/app/nxn/login', lang: 'de-DE', protocol: 'https:' }).written)
      .toEqual(['USER_DISPLAY_LANGUAGE=de_DE; path=/; secure; samesite=Lax']);
  });

  test('a cookie already there is never changed, and an English page or the English script writes none', () => {
    for (const [cookie] of COOKIES) {
      for (const [pathname, lang] of PATHS) {
        const remembered = visit(scripts.remember, { cookie, pathname, lang }).written;
        expect(remembered, `${cookie} at ${pathname}`).toEqual(getCookie({ cookie }, LANGUAGE_COOKIE) === null && lang !== DEFAULT_LANGUAGE ? [`${LANGUAGE_COOKIE}=de_DE; path=/; samesite=Lax`] : []);
        expect(visit(scripts.follow, { cookie, pathname, lang }).written).toEqual([]);
      }
    }
  });
});

describe('the site root\'s redirect page', () => {
  const root = { 'data-to': '/app/nxn/login', 'data-brands': 'nxn summit brightpath529', 'data-brand-to': '/app/{wl}/login' };
  const go = (cookie: string, attributes: Record<string, string> = root) => visit(scripts.root, { cookie, pathname: '/', search: SEARCH, hash: HASH, attributes }).replaced;

  test('follows the white-label cookie to a shipped brand only, the first of its name, in its format', () => {
    const brands: ReadonlyArray<readonly [string, string]> = [
      ['WL_KEY=summit', 'summit'],
      ['a=1; WL_KEY=brightpath529', 'brightpath529'],
      ['WL_KEY=acme', 'nxn'],
      ['WL_KEY=Summit', 'nxn'],
      ['WL_KEY=..%2Fevil', 'nxn'],
      ['WL_KEY=summit=x', 'nxn'],
      ['WL_KEY=', 'nxn'],
      ['XWL_KEY=summit', 'nxn'],
      ['WL_KEY=summit; WL_KEY=brightpath529', 'summit'],
      ['WL_KEY=acme; WL_KEY=summit', 'nxn'],
    ];
    for (const [cookie, brand] of brands) expect(go(cookie), cookie).toEqual([`/app/${brand}/login${SEARCH}${HASH}`]);
  });

  test('follows the language cookie by the same rule, on every row', () => {
    for (const [cookie, language] of COOKIES) {
      const wanted = languageFromCookieValue(getCookie({ cookie }, LANGUAGE_COOKIE));
      expect(wanted, cookie).toBe(language);
      const prefix = wanted && wanted !== DEFAULT_LANGUAGE ? `/${wanted}` : '';
      expect(go(`WL_KEY=summit; ${cookie}`), cookie).toEqual([`${prefix}/app/summit/login${SEARCH}${HASH}`]);
    }
  });

  test('a brand root\'s redirect page goes to its target whatever the cookies say', () => {
    expect(go('WL_KEY=summit; USER_DISPLAY_LANGUAGE=de_DE', { 'data-to': '/de-DE/app/harbor/login' })).toEqual([`/de-DE/app/harbor/login${SEARCH}${HASH}`]);
  });
});

test('the languages the scripts know are the build\'s', () => {
  for (const script of Object.values(scripts)) expect(script).toContain(JSON.stringify(LANGUAGES));
});
