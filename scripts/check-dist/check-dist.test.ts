import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { cspHash } from '../../src/build/csp.ts';
import { urlPathOf } from '../../src/build/security-headers.ts';
import { BRAND_PAGES, checkDist } from './check-dist.ts';

const THEME = ':root{--c:#000}';
const LANGUAGE_CHECK = "document.documentElement.className+=' js';";
const POLICY = `default-src 'self'; script-src 'self' '${cspHash(LANGUAGE_CHECK)}'; style-src 'self' '${cspHash(THEME)}'`;

/** A built page as Astro writes it: the meta policy first, then its inline script and style. */
const page = (body = '', policy = POLICY) =>
  `<html><head><meta http-equiv="content-security-policy" content="${policy.replaceAll("'", '&#39;')}"><script>${LANGUAGE_CHECK}</script><style>${THEME}</style><link href="/_astro/a.css"></head><body>${body}</body></html>`;

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  const headers: Record<string, Record<string, string>> = {};
  const write = (file: string, text = page()) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
    if (file.endsWith('.html')) {
      headers[urlPathOf(file)] = { 'Content-Security-Policy': `${POLICY}; frame-ancestors 'none'` };
    }
  };
  write('_astro/a.css', 'body{}');
  write('index.html');
  write('404.html');
  for (const prefix of ['', 'de-DE/']) for (const page of BRAND_PAGES) write(`${prefix}${page.replace('{wl}', 'nxn')}`);
  writeFileSync(join(dir, '_portal-headers.json'), JSON.stringify(headers));
  return dir;
}

test('accepts a complete dist', () => {
  expect(checkDist(fakeDist(), ['nxn'])).toEqual([]);
});

test('names a removed page', () => {
  const dir = fakeDist();
  rmSync(join(dir, 'de-DE/self-service/nxn/fuid.html'));
  expect(checkDist(dir, ['nxn'])).toEqual(['de-DE/self-service/nxn/fuid.html: missing page']);
});

test('names a missing asset, a localhost URL and an emulator reference', () => {
  const dir = fakeDist();
  writeFileSync(join(dir, 'app/nxn/sorry.html'), page('<script src="/_astro/gone.js"></script><a href="http://localhost:4321/x">x</a>'));
  writeFileSync(join(dir, '_astro/a.css'), 'a{background:url(/__emulator/outbox)}');
  expect(checkDist(dir, ['nxn']).sort()).toEqual([
    '_astro/a.css: refers to the emulator',
    'app/nxn/sorry.html: absolute localhost URL',
    'app/nxn/sorry.html: missing asset /_astro/gone.js',
  ]);
});

test('names a brand that was not built', () => {
  expect(checkDist(fakeDist(), ['nxn', 'acme'])).toContain('app/acme/login.html: missing page');
});

test('names the page and the element of an inline script whose hash is in neither policy', () => {
  const dir = fakeDist();
  const late = "(function(){document.getElementById('legacy-browser').removeAttribute('hidden');})();";
  writeFileSync(join(dir, 'app/nxn/login.html'), page(`<script nomodule>${late}</script>`));
  expect(checkDist(dir, ['nxn'])).toEqual([
    `app/nxn/login.html: <script nomodule> "(function(){document.getElementById('leg…": ${cspHash(late)} is not in the meta policy`,
    `app/nxn/login.html: <script nomodule> "(function(){document.getElementById('leg…": ${cspHash(late)} is not in the header policy (_portal-headers.json)`,
  ]);
});

test('checks inline styles against style-src and the header policy on its own', () => {
  const dir = fakeDist();
  const headersFile = join(dir, '_portal-headers.json');
  const headers = JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, Record<string, string>>;
  // The header policy lost the theme's hash (say, written from a stale page): the meta policy alone is not enough.
  headers['/app/nxn/sorry'] = { 'Content-Security-Policy': `default-src 'self'; script-src 'self' '${cspHash(LANGUAGE_CHECK)}'; style-src 'self'; frame-ancestors 'none'` };
  writeFileSync(headersFile, JSON.stringify(headers));
  expect(checkDist(dir, ['nxn'])).toEqual([`app/nxn/sorry.html: <style> ":root{--c:#000}": ${cspHash(THEME)} is not in the header policy (_portal-headers.json)`]);
});

test('a script data block is not run, so it needs no hash; a page without a policy is named', () => {
  const dir = fakeDist();
  writeFileSync(join(dir, 'app/nxn/logout.html'), page('<script type="application/json">{"a":1}</script>'));
  writeFileSync(join(dir, 'app/nxn/ssoLogout.html'), `<html><script>${LANGUAGE_CHECK}</script></html>`);
  expect(checkDist(dir, ['nxn'])).toEqual(['app/nxn/ssoLogout.html: no meta policy']);
});
