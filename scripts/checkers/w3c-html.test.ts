import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { checkHtml, formatProblem, javaProblem } from './w3c-html.ts';

const VALID = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Login</title><style>p{color:red}</style></head>\n<body><main><p>Hello</p></main></body></html>\n';

const dir = mkdtempSync(join(tmpdir(), 'w3c-html-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function put(file: string, text: string): void {
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), text);
}

test('the checker runs here (Java 17 or later)', () => {
  expect(javaProblem()).toBeUndefined();
});

// One folder, so the checker starts twice (pages, stylesheets), not per case: a Java start is seconds on a busy machine.
test('reports each error of pages and stylesheets with file, line and message, passes valid ones, and skips the .gz copies', () => {
  put('app/nxn/login.html', VALID);
  put('_astro/site.css', ':root{--brand:#0b3d6e}html:not([style*=cookie-bar-block]) p{color:var(--brand)}\n');
  // What the login page did before: a module script after </html>, and an island <style> after the heading.
  const broken = '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>x</title></head>\n<body><section><h1>x</h1><style>a{color:red}</style></section></body></html>\n<script type="module" src="/a.js"></script>\n';
  put('app/nxn/broken.html', broken);
  put('app/nxn/broken.html.gz', gzipSync(broken).toString('latin1'));
  put('_astro/theme.css', 'a{color:}\n');
  const { files, problems } = checkHtml(dir);
  expect(files).toBe(4);
  expect(problems.map(formatProblem)).toEqual([
    expect.stringMatching(/^app\/nxn\/broken\.html:3\.\d+: A “style” element in “body” must be the first child of its parent\.\n {4}".*<style>/),
    expect.stringMatching(/^app\/nxn\/broken\.html:4\.\d+: Stray start tag “script”\./),
    expect.stringMatching(/^app\/nxn\/broken\.html:4\.\d+: Cannot recover after last error\. Any further errors will be ignored\. \(fatal/),
    expect.stringMatching(/^_astro\/theme\.css:1\.\d+: CSS: “color”: Parse Error\./),
  ]);
}, 240_000);
