import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { contentCandidates, listContentFiles, readContentFile, sanitizeContentHtml } from './content-files.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'content-'));
  mkdirSync(join(dir, 'gateway'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('strips script, event handlers and javascript links from content HTML', async () => {
  const html = await sanitizeContentHtml('<h2 onclick="x()">Hi</h2><script>alert(1)</script><a href="javascript:alert(1)">a</a><a href="https://ok.example/">b</a><img src=x onerror=alert(1)>');
  expect(html).toBe('<h2>Hi</h2><a>a</a><a href="https://ok.example/">b</a>');
});

test('a German page looks in its own site first, then falls back to the gateway site', () => {
  expect(contentCandidates('portal-de-de', 'cookiepolicy')).toEqual(['portal-de-de/cookiepolicy', 'gateway/cookiepolicy']);
  expect(contentCandidates('gateway', 'termsOfUse')).toEqual(['gateway/termsOfUse']);
});

test('finds every content file of each site, new ones included, keeping the case of their names', () => {
  mkdirSync(join(dir, 'portal-de-de'));
  writeFileSync(join(dir, 'gateway', 'cookiepolicy.json'), '{}');
  writeFileSync(join(dir, 'gateway', 'termsOfUse.json'), '{}');
  writeFileSync(join(dir, 'portal-de-de', 'accessDenied.json'), '{}');
  writeFileSync(join(dir, 'gateway', 'notes.txt'), '');
  expect(listContentFiles(dir)).toEqual(['gateway/cookiepolicy', 'gateway/termsOfUse', 'portal-de-de/accessDenied']);
});

test('reads a content file into sanitized HTML', async () => {
  writeFileSync(join(dir, 'gateway', 'cookiepolicy.json'), JSON.stringify({ page: { text_s: '<p onclick="x()">EN</p>' } }));
  expect(await readContentFile(dir, 'gateway/cookiepolicy')).toEqual({ file: 'content/gateway/cookiepolicy.json', html: '<p>EN</p>' });
});

test('names a malformed content file, and where in it the problem is', async () => {
  const path = join(dir, 'gateway', 'systemrequirements.json');
  writeFileSync(path, JSON.stringify({ page: { text: 'x' } }, null, 2));
  expect(await readContentFile(dir, 'gateway/systemrequirements')).toEqual({
    file: 'content/gateway/systemrequirements.json',
    problems: [{ file: 'content/gateway/systemrequirements.json', path: 'page.text_s', message: 'required', at: { absolute: path, line: 2, column: 4 } }],
  });
});

test('names a content file that is not JSON', async () => {
  writeFileSync(join(dir, 'gateway', 'systemrequirements.json'), '{\n  "page": {\n    "text_s": "x",\n  }\n}');
  const read = await readContentFile(dir, 'gateway/systemrequirements');
  expect(read).toMatchObject({ problems: [{ file: 'content/gateway/systemrequirements.json', path: '(root)', at: { line: 4, column: 3 } }] });
  expect('problems' in read ? read.problems[0]?.message : '').toMatch(/^invalid JSON: /);
});
