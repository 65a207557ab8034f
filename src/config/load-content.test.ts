import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadContentPage, sanitizeContentHtml } from './load-content.ts';

test('strips script, event handlers and javascript links from content HTML', async () => {
  const html = await sanitizeContentHtml('<h2 onclick="x()">Hi</h2><script>alert(1)</script><a href="javascript:alert(1)">a</a><a href="https://ok.example/">b</a><img src=x onerror=alert(1)>');
  expect(html).toBe('<h2>Hi</h2><a>a</a><a href="https://ok.example/">b</a>');
});

test('reads German content and falls back to the gateway site', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-'));
  mkdirSync(join(dir, 'gateway'));
  writeFileSync(join(dir, 'gateway', 'cookiepolicy.json'), JSON.stringify({ page: { text_s: '<p>EN</p>' } }));
  expect(await loadContentPage(dir, 'portal-de-de', 'cookiepolicy')).toEqual({ available: true, html: '<p>EN</p>' });
  expect(await loadContentPage(dir, 'gateway', 'missing')).toEqual({ available: false });
});

test('names a malformed content file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-'));
  mkdirSync(join(dir, 'gateway'));
  writeFileSync(join(dir, 'gateway', 'systemrequirements.json'), JSON.stringify({ page: { text: 'x' } }));
  await expect(loadContentPage(dir, 'gateway', 'systemrequirements')).rejects.toThrow('content/gateway/systemrequirements.json: page.text_s: required');
});
