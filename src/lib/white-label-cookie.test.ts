import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { REMEMBER_BRAND_ON_SUBMIT_SCRIPT, rememberBrand } from './white-label-cookie.ts';

/** A page as the shipped script meets it: its body's brand, its protocol, and every cookie it writes. */
function page(brand: string | null, protocol: 'http:' | 'https:') {
  const written: string[] = [];
  const listeners: Array<(event: { defaultPrevented: boolean }) => void> = [];
  const document = {
    addEventListener: (type: string, listener: (event: { defaultPrevented: boolean }) => void) => { if (type === 'submit') listeners.push(listener); },
    body: { getAttribute: (name: string) => (name === 'data-brand' ? brand : null) },
    set cookie(value: string) { written.push(value); },
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- the shipped text itself is what is tested
  new Function('document', 'location', REMEMBER_BRAND_ON_SUBMIT_SCRIPT)(document, { protocol });
  return { written, submit: (defaultPrevented = false) => { for (const listener of listeners) listener({ defaultPrevented }); } };
}

/** What rememberBrand writes for the same brand and protocol. */
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

test('a submit that goes out writes the cookie rememberBrand writes, byte for byte, over HTTP and over TLS', () => {
  const plain = page('brightpath529', 'http:');
  plain.submit();
  expect(plain.written).toEqual(remembered('brightpath529', false));
  expect(plain.written).toEqual(['WL_KEY=brightpath529; path=/; expires=Thu, 26 Nov 2026 18:00:00 GMT; samesite=Lax']);
  const tls = page('brightpath529', 'https:');
  tls.submit();
  expect(tls.written).toEqual(remembered('brightpath529', true));
  expect(tls.written[0]).toContain('; secure; samesite=Lax');
});

test('nothing is written before a submit, nor for a submit held or refused', () => {
  const held = page('summit', 'http:');
  expect(held.written).toEqual([]);
  held.submit(true);
  expect(held.written).toEqual([]);
});

test('a body without a brand key as the build writes it leaves the cookie alone', () => {
  for (const brand of [null, '', 'Summit', 'a;b', '../x', 'x'.repeat(41)]) {
    const other = page(brand, 'http:');
    other.submit();
    expect(other.written, String(brand)).toEqual([]);
    expect(remembered(brand ?? '', false), String(brand)).toEqual([]);
  }
});

test('the script is ES5 and the same for every brand', () => {
  expect(REMEMBER_BRAND_ON_SUBMIT_SCRIPT).not.toMatch(/=>|\blet\b|\bconst\b|`|\.\.\.|\bclass\b/);
  expect(REMEMBER_BRAND_ON_SUBMIT_SCRIPT).not.toMatch(/nxn|harbor|summit|brightpath/);
});
