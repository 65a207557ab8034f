import { describe, expect, test } from 'vitest';
import { displayLanguage, languageFromCookieValue, localizedPath, stripLanguagePrefix } from './display-language.ts';

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

  test('reads the first cookie of the name, as nginx and the pages\' scripts do (src/page-scripts/language-redirect.test.ts)', () => {
    expect(displayLanguage('USER_DISPLAY_LANGUAGE=de_DE; USER_DISPLAY_LANGUAGE=en_US')).toBe('de-DE');
    expect(displayLanguage('USER_DISPLAY_LANGUAGE=fr_FR; USER_DISPLAY_LANGUAGE=de_DE')).toBe('en-US');
    expect(displayLanguage('XUSER_DISPLAY_LANGUAGE=de_DE')).toBe('en-US');
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

  test('gives a path on this site whatever the address: leading slashes fold into one', () => {
    expect(localizedPath('//evil.example', 'en-US')).toBe('/evil.example');
    expect(localizedPath('/de-DE//evil.example', 'en-US')).toBe('/evil.example');
    expect(localizedPath('//evil.example', 'de-DE')).toBe('/de-DE/evil.example');
    expect(localizedPath('/de-DE', 'en-US')).toBe('/');
    expect(localizedPath('/', 'de-DE')).toBe('/de-DE/');
  });

  test('splits the prefix off', () => {
    expect(stripLanguagePrefix('/de-DE/self-service/nxn/fps')).toEqual({ language: 'de-DE', path: '/self-service/nxn/fps' });
    expect(stripLanguagePrefix('/de-DEX/x')).toEqual({ language: undefined, path: '/de-DEX/x' });
  });
});
