import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test } from 'vitest';
import { BRAND_PAGES, checkDist } from './check-dist.ts';

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dist-'));
  const write = (file: string, text = '<html><link href="/_astro/a.css"></html>') => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  write('_astro/a.css', 'body{}');
  write('index.html');
  write('404.html');
  for (const prefix of ['', 'de-DE/']) for (const page of BRAND_PAGES) write(`${prefix}${page.replace('{wl}', 'nxn')}`);
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
  writeFileSync(join(dir, 'app/nxn/sorry.html'), '<script src="/_astro/gone.js"></script><a href="http://localhost:4321/x">x</a>');
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
