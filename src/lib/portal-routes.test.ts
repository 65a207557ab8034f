import { describe, expect, test } from 'vitest';
import { footerLinkOpensNewWindow, headerLoginHref, selfRegistrationHref, suggestNewPath } from './portal-routes.ts';

describe('header login link', () => {
  test('points an info page to itself', () => {
    expect(headerLoginHref('/app/nxn/systemRequirements', 'nxn')).toBe('/app/nxn/systemRequirements');
    expect(headerLoginHref('/app/cwa/cookiePolicy', 'cwa')).toBe('/app/cwa/cookiePolicy');
  });

  test('points the self-service pages to the brand login', () => {
    expect(headerLoginHref('/self-service/cwa/fps', 'cwa')).toBe('/app/cwa/login');
  });

  test('is the relative route login elsewhere', () => {
    expect(headerLoginHref('/app/nxn/logout', 'nxn')).toBe('login');
    expect(headerLoginHref('/app/nxn/sorry', 'nxn')).toBe('login');
  });
});

test('footer links open in the same window only on info pages', () => {
  expect(footerLinkOpensNewWindow('/app/nxn/systemRequirements')).toBe(false);
  expect(footerLinkOpensNewWindow('/app/nxn/login')).toBe(true);
});

test('self-registration links follow the link type', () => {
  expect(selfRegistrationHref('nxn', 'GOA')).toBe('/registration/self-reg/nxn/online_access');
  expect(selfRegistrationHref('brightpath529', 'OAA')).toBe('/registration/self-reg/brightpath529/open_account');
});

describe('page-not-found suggestion', () => {
  test('moves the old /app prefix to /apps', () => {
    expect(suggestNewPath('/app/nxn/dashboard')).toBe('/apps/nxn/dashboard');
  });

  test('moves recovery pages to /self-service', () => {
    expect(suggestNewPath('/app/nxn/fps')).toBe('/self-service/nxn/fps');
    expect(suggestNewPath('/app/cwa/fuid')).toBe('/self-service/cwa/fuid');
  });

  test('prefixes a path that never had /app', () => {
    expect(suggestNewPath('/statements')).toBe('/apps/statements');
    expect(suggestNewPath('/')).toBe('/apps');
  });
});
