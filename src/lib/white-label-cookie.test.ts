import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { compilePrePaint } from '../integrations/pre-paint.ts';
import { rememberBrand } from './white-label-cookie.ts';

// The pre-paint scripts as the build compiles them (`?pre-paint`): the ES5 text the pages inline.
const scripts = { onSubmit: '', withoutQuery: '' };
beforeAll(async () => {
  const entry = (name: string) => join(import.meta.dirname, '../page-scripts', name);
  scripts.onSubmit = (await compilePrePaint(entry('remember-brand-on-submit.ts'))).code;
  scripts.withoutQuery = (await compilePrePaint(entry('remember-brand-without-query.ts'))).code;
}, 60_000);

/** A page as a shipped script meets it: its address, its body's brand, and every cookie and redirect it makes. */
function page(script: string, { brand = null, protocol = 'http:', pathname = '/app/nxn/login', search = '' }: { brand?: string | null; protocol?: string; pathname?: string; search?: string }) {
  const written: string[] = [];
  const replaced: string[] = [];
  const listeners: Array<(event: { defaultPrevented: boolean }) => void> = [];
  const document = {
    addEventListener: (type: string, listener: (event: { defaultPrevented: boolean }) => void) => { if (type === 'submit') listeners.push(listener); },
    body: { getAttribute: (name: string) => (name === 'data-brand' ? brand : null) },
    set cookie(value: string) { written.push(value); },
  };
  const location = { protocol, pathname, search, replace: (to: string) => { replaced.push(to); } };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- the shipped text itself is what is tested
  new Function('document', 'location', script)(document, location);
  return { written, replaced, submit: (defaultPrevented = false) => { for (const listener of listeners) listener({ defaultPrevented }); } };
}

/** What rememberBrand, the module the islands and page modules use, writes for the same brand and protocol. */
function remembered(brand: string, secure: boolean): string[] {
  const written: string[] = [];
  rememberBrand({ get cookie() { return ''; }, set cookie(value: string) { written.push(value); } }, brand, secure);
  return written;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-25T18:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

test('the cookie is the spec\'s: the brand key for 1 day from now on the whole site, SameSite=Lax, Secure only over TLS', () => {
  expect(remembered('brightpath529', false)).toEqual(['WL_KEY=brightpath529; path=/; expires=Thu, 26 Nov 2026 18:00:00 GMT; samesite=Lax']);
  expect(remembered('brightpath529', true)).toEqual(['WL_KEY=brightpath529; path=/; expires=Thu, 26 Nov 2026 18:00:00 GMT; secure; samesite=Lax']);
});

test('a submit that goes out writes the cookie rememberBrand writes, byte for byte, over HTTP and over TLS', () => {
  for (const [protocol, secure] of [['http:', false], ['https:', true]] as const) {
    const form = page(scripts.onSubmit, { brand: 'brightpath529', protocol });
    expect(form.written).toEqual([]);
    form.submit();
    expect(form.written, protocol).toEqual(remembered('brightpath529', secure));
  }
});

test('a submit held or refused (default prevented) writes nothing', () => {
  const held = page(scripts.onSubmit, { brand: 'summit' });
  held.submit(true);
  expect(held.written).toEqual([]);
});

test('the login page without SMQUERYDATA stamps its address\'s brand as rememberBrand does, then goes to SiteMinder', () => {
  for (const [protocol, secure] of [['http:', false], ['https:', true]] as const) {
    for (const pathname of ['/app/brightpath529/login', '/de-DE/app/brightpath529/login']) {
      const login = page(scripts.withoutQuery, { protocol, pathname, search: '?TARGET=%2Fapps%2Fhome&SMQUERYDATA=' });
      expect(login.written, `${protocol}${pathname}`).toEqual(remembered('brightpath529', secure));
      expect(login.replaced).toEqual(['/apps/home']);
    }
  }
});

test('the login page with SMQUERYDATA stays and writes nothing', () => {
  for (const search of ['?SMQUERYDATA=q', '?TARGET=x&SMQUERYDATA=q']) {
    const login = page(scripts.withoutQuery, { pathname: '/app/summit/login', search });
    expect(login.written, search).toEqual([]);
    expect(login.replaced, search).toEqual([]);
  }
});

test('a value not in the brand key\'s format is never stored, by the module or either script', () => {
  for (const brand of [null, '', 'Summit', 'a;b', '../x', '-x', 'x-', 'x'.repeat(41)]) {
    const form = page(scripts.onSubmit, { brand });
    form.submit();
    expect(form.written, String(brand)).toEqual([]);
    expect(remembered(brand ?? '', false), String(brand)).toEqual([]);
    if (!brand) continue;
    const login = page(scripts.withoutQuery, { pathname: `/app/${brand}/login` });
    expect(login.written, brand).toEqual([]);
    expect(login.replaced, brand).toEqual(['/apps/home']);
  }
});

test('the scripts are ES5 and the same for every brand', () => {
  for (const script of Object.values(scripts)) {
    expect(script).not.toMatch(/=>|\blet\b|\bconst\b|`|\.\.\.|\bclass\b/);
    expect(script).not.toMatch(/nxn|harbor|summit|brightpath/);
  }
});
