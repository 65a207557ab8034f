import { runInNewContext } from 'node:vm';
import { describe, expect, test } from 'vitest';
import { displayLanguage, languageFromCookieValue, languageRedirectScript, localizedPath, stripLanguagePrefix } from './display-language.ts';

describe('display language', () => {
  test('reads the cookie with underscores or hyphens', () => {
    expect(languageFromCookieValue('de_DE')).toBe('de-DE');
    expect(languageFromCookieValue('de-DE')).toBe('de-DE');
    expect(languageFromCookieValue('en_US')).toBe('en-US');
  });

  test('falls back to en-US for a missing or unavailable language', () => {
    expect(displayLanguage(undefined)).toBe('en-US');
    expect(displayLanguage('USER_DISPLAY_LANGUAGE=fr_FR')).toBe('en-US');
    expect(displayLanguage('a=1; USER_DISPLAY_LANGUAGE=de_DE; b=2')).toBe('de-DE');
  });

  test('does not throw on a malformed cookie value', () => {
    expect(displayLanguage('USER_DISPLAY_LANGUAGE=%E0%A4%A')).toBe('en-US');
  });
});

describe('language paths', () => {
  test('puts de-DE under its prefix and en-US at the root', () => {
    expect(localizedPath('/app/nxn/login', 'de-DE')).toBe('/de-DE/app/nxn/login');
    expect(localizedPath('/de-DE/app/nxn/login', 'en-US')).toBe('/app/nxn/login');
  });

  test('splits the prefix off', () => {
    expect(stripLanguagePrefix('/de-DE/self-service/nxn/fps')).toEqual({ language: 'de-DE', path: '/self-service/nxn/fps' });
    expect(stripLanguagePrefix('/de-DEX/x')).toEqual({ language: undefined, path: '/de-DEX/x' });
  });
});

describe('pre-paint language redirect', () => {
  function run(cookie: string, lang: string, pathname: string, search = '', written: string[] = [], protocol = 'http:'): string | undefined {
    let replaced: string | undefined;
    const location = { pathname, search, hash: '', protocol, replace: (to: string) => { replaced = to; } };
    const document = { get cookie() { return cookie; }, set cookie(value: string) { written.push(value); }, documentElement: { lang, className: '' } };
    runInNewContext(languageRedirectScript(), { document, location });
    return replaced;
  }

  test('moves an English page to German when the cookie says de_DE, keeping the query', () => {
    expect(run('USER_DISPLAY_LANGUAGE=de_DE', 'en-US', '/app/nxn/login', '?SMQUERYDATA=x')).toBe('/de-DE/app/nxn/login?SMQUERYDATA=x');
  });

  test('moves a German page back to English when the cookie says en_US', () => {
    expect(run('USER_DISPLAY_LANGUAGE=en_US', 'de-DE', '/de-DE/app/nxn/login')).toBe('/app/nxn/login');
  });

  test('stays without a cookie, with a matching one, or with an unavailable language', () => {
    expect(run('', 'de-DE', '/de-DE/app/nxn/login')).toBeUndefined();
    expect(run('USER_DISPLAY_LANGUAGE=de-DE', 'de-DE', '/de-DE/app/nxn/login')).toBeUndefined();
    expect(run('USER_DISPLAY_LANGUAGE=fr_FR', 'en-US', '/app/nxn/login')).toBeUndefined();
  });

  test('a German page without a language cookie remembers German for the browser session, so the way back to login keeps it', () => {
    const written: string[] = [];
    expect(run('WL_KEY=summit', 'de-DE', '/de-DE/self-service/summit/fps', '', written)).toBeUndefined();
    expect(written).toEqual(['USER_DISPLAY_LANGUAGE=de_DE; path=/; samesite=Lax']);
    const overTls: string[] = [];
    run('', 'de-DE', '/de-DE/app/nxn/login', '?SMQUERYDATA=x', overTls, 'https:');
    expect(overTls).toEqual(['USER_DISPLAY_LANGUAGE=de_DE; path=/; samesite=Lax; secure']);
  });

  test('an English page or a page with a language cookie (even one naming no available language) writes no cookie', () => {
    const written: string[] = [];
    run('', 'en-US', '/app/nxn/login', '', written);
    run('USER_DISPLAY_LANGUAGE=de_DE', 'de-DE', '/de-DE/app/nxn/login', '', written);
    run('USER_DISPLAY_LANGUAGE=en_US', 'de-DE', '/de-DE/app/nxn/login', '', written);
    run('USER_DISPLAY_LANGUAGE=fr_FR', 'de-DE', '/de-DE/app/nxn/login', '', written);
    expect(written).toEqual([]);
  });
});
