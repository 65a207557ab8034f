import { describe, expect, test } from 'vitest';
import { resolveRequest } from './resolve-request.ts';
import type { DistIndex } from './resolve-request.ts';

const files = new Set([
  'app/nxn/login.html', 'de-DE/app/nxn/login.html', 'app/nxn/404.html', 'de-DE/app/nxn/404.html', 'self-service/nxn/404.html',
  'de-DE/self-service/nxn/404.html', '404.html', 'de-DE/404.html', '_astro/a.123.js', '_astro/a.123.js.gz', 'app/nxn/login.html.gz',
]);
const dist: DistIndex = { isFile: (relative) => files.has(relative), hasBrand: (key) => key === 'nxn' };

describe('resolveRequest', () => {
  test('redirects the root and a brand root to login, keeping the query', () => {
    expect(resolveRequest('/', '?SMQUERYDATA=a', undefined, dist)).toEqual({ kind: 'redirect', location: '/app/nxn/login?SMQUERYDATA=a' });
    expect(resolveRequest('/app/nxn/', '?x=1', undefined, dist)).toEqual({ kind: 'redirect', location: '/app/nxn/login?x=1' });
  });

  test('a brand that offers English only: its English pages for a German cookie, its German addresses not found, roots to English (issue 45)', () => {
    const built = new Set([...files, 'app/solo/login.html', 'app/solo/404.html', 'self-service/solo/404.html']);
    const withSolo: DistIndex = { isFile: (relative) => built.has(relative), hasBrand: (key) => key === 'nxn' || key === 'solo' };
    expect(resolveRequest('/app/solo/login', '', 'USER_DISPLAY_LANGUAGE=de_DE', withSolo)).toEqual({ kind: 'file', file: 'app/solo/login.html', status: 200, language: 'en-US' });
    expect(resolveRequest('/de-DE/app/solo/login', '', undefined, withSolo)).toMatchObject({ file: 'app/solo/404.html', status: 404, language: 'en-US' });
    expect(resolveRequest('/de-DE/app/solo', '', undefined, withSolo)).toMatchObject({ kind: 'file', status: 404 });
    expect(resolveRequest('/de-DE', '?q=1', 'WL_KEY=solo', withSolo)).toEqual({ kind: 'redirect', location: '/app/solo/login?q=1' });
    expect(resolveRequest('/de-DE', '', 'WL_KEY=nxn', withSolo)).toEqual({ kind: 'redirect', location: '/de-DE/app/nxn/login' });
    expect(resolveRequest('/de-DE/app/nxn', '', undefined, withSolo)).toEqual({ kind: 'redirect', location: '/de-DE/app/nxn/login' });
    // Its not-found pages are its own, in the language it offers, for a German cookie or prefix alike (not nxn's German one).
    expect(resolveRequest('/app/solo/nope', '', 'USER_DISPLAY_LANGUAGE=de_DE', withSolo)).toMatchObject({ file: 'app/solo/404.html', status: 404 });
    expect(resolveRequest('/de-DE/app/solo/nope', '', undefined, withSolo)).toMatchObject({ file: 'app/solo/404.html', status: 404 });
    // No short address of its leads into German: its own not-found page, in English, where the redirect would lead.
    expect(resolveRequest('/de-DE/solo/fps', '?x=1', undefined, withSolo)).toEqual({ kind: 'file', file: 'self-service/solo/404.html', status: 404, language: 'en-US' });
    expect(resolveRequest('/de-DE/self-service/solo/a/b/fuid', '', undefined, withSolo)).toEqual({ kind: 'file', file: 'self-service/solo/404.html', status: 404, language: 'en-US' });
    expect(resolveRequest('/solo/fps', '?x=1', 'USER_DISPLAY_LANGUAGE=de_DE', withSolo)).toEqual({ kind: 'redirect', location: '/self-service/solo/fps?x=1' });
    expect(resolveRequest('/de-DE/nxn/fps', '?x=1', undefined, withSolo)).toEqual({ kind: 'redirect', location: '/de-DE/self-service/nxn/fps?x=1' });
    // A page's file name under a prefix the brand lacks is no page of another language.
    expect(resolveRequest('/de-DE/app/solo/login.html', '', undefined, withSolo)).toMatchObject({ status: 404 });
  });

  test('a page asked for by its file name under a language prefix answers in that language or not at all', () => {
    expect(resolveRequest('/de-DE/app/nxn/login.html', '', undefined, dist)).toMatchObject({ file: 'de-DE/app/nxn/login.html', status: 200, language: 'de-DE' });
    const englishOnly: DistIndex = { ...dist, isFile: (relative) => files.has(relative) || relative === 'app/nxn/termsOfUse.html' };
    expect(resolveRequest('/de-DE/app/nxn/termsOfUse.html', '', undefined, englishOnly)).toMatchObject({ status: 404, language: 'de-DE' });
    expect(resolveRequest('/de-DE/_astro/a.123.js', '', undefined, dist)).toMatchObject({ file: '_astro/a.123.js', status: 200 });
  });

  test('sends the root to the brand of the white-label cookie when that brand was built', () => {
    const two: DistIndex = { ...dist, hasBrand: (key) => key === 'nxn' || key === 'summit' };
    expect(resolveRequest('/', '?SMQUERYDATA=a', 'USER_DISPLAY_LANGUAGE=de_DE; WL_KEY=summit', two)).toEqual({ kind: 'redirect', location: '/app/summit/login?SMQUERYDATA=a' });
    expect(resolveRequest('/', '', 'WL_KEY=acme', two)).toEqual({ kind: 'redirect', location: '/app/nxn/login' });
    expect(resolveRequest('/', '', 'WL_KEY=..%2Fevil', two)).toEqual({ kind: 'redirect', location: '/app/nxn/login' });
    expect(resolveRequest('/', '', 'WL_KEY=', two)).toEqual({ kind: 'redirect', location: '/app/nxn/login' });
    // The first cookie of the name, as nginx's $cookie_WL_KEY and the root page's script read it; the whole value.
    expect(resolveRequest('/', '', 'WL_KEY=summit; WL_KEY=nxn', two)).toEqual({ kind: 'redirect', location: '/app/summit/login' });
    expect(resolveRequest('/', '', 'WL_KEY=acme; WL_KEY=summit', two)).toEqual({ kind: 'redirect', location: '/app/nxn/login' });
    expect(resolveRequest('/', '', 'WL_KEY=summit=x', two)).toEqual({ kind: 'redirect', location: '/app/nxn/login' });
  });

  test('sends SiteMinder\'s credential collector (the root with SMQUERYDATA, TARGET and fromPage) to the cookie\'s brand login in the cookie\'s language', () => {
    const built = new Set([...files, 'app/brightpath529/login.html', 'de-DE/app/brightpath529/login.html']);
    const withBrand: DistIndex = { isFile: (relative) => built.has(relative), hasBrand: (key) => key === 'nxn' || key === 'brightpath529' };
    const cookies = 'WL_KEY=brightpath529; USER_DISPLAY_LANGUAGE=de_DE';
    const query = '?SMQUERYDATA=Zx9-abc_DEF12345&TARGET=%2Fapps%2Fhome&fromPage=FPS';
    const root = resolveRequest('/', query, cookies, withBrand);
    expect(root).toEqual({ kind: 'redirect', location: `/app/brightpath529/login${query}` });
    // The address it sends to answers with the German page of that brand: the same URL serves the cookie's language.
    expect(resolveRequest('/app/brightpath529/login', query, cookies, withBrand)).toEqual({ kind: 'file', file: 'de-DE/app/brightpath529/login.html', status: 200, language: 'de-DE' });
    expect(resolveRequest('/app/brightpath529/login', query, 'WL_KEY=brightpath529', withBrand)).toMatchObject({ file: 'app/brightpath529/login.html', language: 'en-US' });
  });

  test('keeps the language an address names on the root: /de-DE/ goes to the German login', () => {
    expect(resolveRequest('/de-DE/', '?SMQUERYDATA=a', 'USER_DISPLAY_LANGUAGE=en_US', dist)).toEqual({ kind: 'redirect', location: '/de-DE/app/nxn/login?SMQUERYDATA=a' });
    expect(resolveRequest('/de-DE', '', undefined, dist)).toEqual({ kind: 'redirect', location: '/de-DE/app/nxn/login' });
  });

  test('serves the language of the cookie at the same URL', () => {
    expect(resolveRequest('/app/nxn/login', '', 'USER_DISPLAY_LANGUAGE=de_DE', dist)).toMatchObject({ file: 'de-DE/app/nxn/login.html', status: 200 });
    expect(resolveRequest('/app/nxn/login', '', 'USER_DISPLAY_LANGUAGE=fr_FR', dist)).toMatchObject({ file: 'app/nxn/login.html' });
  });

  test('lets an explicit language prefix win over the cookie', () => {
    expect(resolveRequest('/de-DE/app/nxn/login', '', 'USER_DISPLAY_LANGUAGE=en_US', dist)).toMatchObject({ file: 'de-DE/app/nxn/login.html' });
  });

  test('answers an unknown page of a known brand with the not-found page of its folder, in the visitor\'s language', () => {
    expect(resolveRequest('/app/nxn/nope', '', 'USER_DISPLAY_LANGUAGE=de_DE', dist)).toMatchObject({ file: 'de-DE/app/nxn/404.html', status: 404, language: 'de-DE' });
    expect(resolveRequest('/self-service/nxn/nope/deeper', '', undefined, dist)).toMatchObject({ file: 'self-service/nxn/404.html', status: 404 });
    expect(resolveRequest('/de-DE/self-service/nxn/nope', '', 'USER_DISPLAY_LANGUAGE=en_US', dist)).toMatchObject({ file: 'de-DE/self-service/nxn/404.html', status: 404 });
  });

  test('answers an unknown brand or path with the site not-found page in the visitor\'s language', () => {
    expect(resolveRequest('/app/evil/login', '', undefined, dist)).toMatchObject({ file: '404.html', status: 404 });
    expect(resolveRequest('/../../etc/passwd', '', undefined, dist)).toMatchObject({ file: '404.html', status: 404 });
    expect(resolveRequest('/de-DE/app/foo/bar', '', undefined, dist)).toMatchObject({ file: 'de-DE/404.html', status: 404, language: 'de-DE' });
    expect(resolveRequest('/foo', '', 'USER_DISPLAY_LANGUAGE=de_DE', dist)).toMatchObject({ file: 'de-DE/404.html', status: 404, language: 'de-DE' });
  });

  test('sends the short addresses of the recovery pages to them, for any brand, keeping query and explicit language', () => {
    expect(resolveRequest('/nxn/fps', '?FTUF=Y', undefined, dist)).toEqual({ kind: 'redirect', location: '/self-service/nxn/fps?FTUF=Y' });
    expect(resolveRequest('/harbor/fuid', '', 'USER_DISPLAY_LANGUAGE=de_DE', dist)).toEqual({ kind: 'redirect', location: '/self-service/harbor/fuid' });
    expect(resolveRequest('/self-service/nxn/extra/deeper/fps', '?a=1', undefined, dist)).toEqual({ kind: 'redirect', location: '/self-service/nxn/fps?a=1' });
    expect(resolveRequest('/de-DE/self-service/cwa/x/fuid', '', undefined, dist)).toEqual({ kind: 'redirect', location: '/de-DE/self-service/cwa/fuid' });
    expect(resolveRequest('/de-DE/summit/fps', '', undefined, dist)).toEqual({ kind: 'redirect', location: '/de-DE/self-service/summit/fps' });
  });

  test('serves hashed assets as they are', () => {
    expect(resolveRequest('/_astro/a.123.js', '', undefined, dist)).toMatchObject({ file: '_astro/a.123.js', status: 200 });
  });
});

test('does not serve build metadata meant for hosts, nor a .gz copy by its own address', () => {
  const withHeaders: DistIndex = { isFile: (relative) => relative === '_headers' || files.has(relative), hasBrand: () => false };
  expect(resolveRequest('/_headers', '', undefined, withHeaders)).toMatchObject({ file: '404.html', status: 404 });
  expect(resolveRequest('/app/nxn/login.html.gz', '', undefined, dist)).toMatchObject({ file: 'app/nxn/404.html', status: 404 });
  expect(resolveRequest('/_astro/a.123.js.gz', '', undefined, dist)).toMatchObject({ file: '404.html', status: 404 });
});
