import { describe, expect, test } from 'vitest';
import { resolveRequest } from './resolve-request.ts';
import type { DistIndex } from './resolve-request.ts';

const files = new Set(['app/nxn/login.html', 'de-DE/app/nxn/login.html', 'app/nxn/pageNotFound.html', 'de-DE/app/nxn/pageNotFound.html', '404.html', '_astro/a.123.js']);
const dist: DistIndex = { isFile: (relative) => files.has(relative), hasBrand: (key) => key === 'nxn' };

describe('resolveRequest', () => {
  test('redirects the root and a brand root to login, keeping the query', () => {
    expect(resolveRequest('/', '?SMQUERYDATA=a', undefined, dist)).toEqual({ kind: 'redirect', location: '/app/nxn/login?SMQUERYDATA=a' });
    expect(resolveRequest('/app/nxn/', '?x=1', undefined, dist)).toEqual({ kind: 'redirect', location: '/app/nxn/login?x=1' });
  });

  test('sends the root to the brand of the white-label cookie when that brand was built', () => {
    const two: DistIndex = { ...dist, hasBrand: (key) => key === 'nxn' || key === 'summit' };
    expect(resolveRequest('/', '?SMQUERYDATA=a', 'USER_DISPLAY_LANGUAGE=de_DE; WL_KEY=summit', two)).toEqual({ kind: 'redirect', location: '/app/summit/login?SMQUERYDATA=a' });
    expect(resolveRequest('/', '', 'WL_KEY=acme', two)).toEqual({ kind: 'redirect', location: '/app/nxn/login' });
    expect(resolveRequest('/', '', 'WL_KEY=..%2Fevil', two)).toEqual({ kind: 'redirect', location: '/app/nxn/login' });
    expect(resolveRequest('/', '', 'WL_KEY=', two)).toEqual({ kind: 'redirect', location: '/app/nxn/login' });
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

  test('answers an unknown page of a known brand with that brand not-found page', () => {
    expect(resolveRequest('/app/nxn/nope', '', 'USER_DISPLAY_LANGUAGE=de_DE', dist)).toMatchObject({ file: 'de-DE/app/nxn/pageNotFound.html', status: 404 });
    expect(resolveRequest('/self-service/nxn/nope', '', undefined, dist)).toMatchObject({ file: 'app/nxn/pageNotFound.html', status: 404 });
  });

  test('answers an unknown brand or path with the site not-found page', () => {
    expect(resolveRequest('/app/evil/login', '', undefined, dist)).toMatchObject({ file: '404.html', status: 404 });
    expect(resolveRequest('/../../etc/passwd', '', undefined, dist)).toMatchObject({ file: '404.html', status: 404 });
  });

  test('serves hashed assets as they are', () => {
    expect(resolveRequest('/_astro/a.123.js', '', undefined, dist)).toMatchObject({ file: '_astro/a.123.js', status: 200 });
  });
});

test('does not serve build metadata meant for hosts', () => {
  const withHeaders: DistIndex = { isFile: (relative) => relative === '_headers' || files.has(relative), hasBrand: () => false };
  expect(resolveRequest('/_headers', '', undefined, withHeaders)).toMatchObject({ file: '404.html', status: 404 });
});
