import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { INFO_PAGES } from '../lib/portal-routes.ts';
import { CONTENT_INFO_PAGES } from './info-pages.ts';
import { readContentFile } from './content-files.ts';

const CONTENT = join(import.meta.dirname, '../../content');
const PAGES = join(import.meta.dirname, '../pages/[...lang]/app/[wl]');

test('every info page of spec 2.1 is a page: its own file, or a content info page', () => {
  const own = readdirSync(PAGES).filter((file) => file.endsWith('.astro')).map((file) => file.replace(/\.astro$/, ''));
  for (const page of INFO_PAGES) {
    expect(own.includes(page) || CONTENT_INFO_PAGES.some((info) => info.route === page), page).toBe(true);
  }
  expect(new Set(CONTENT_INFO_PAGES.map((info) => info.route)).size).toBe(CONTENT_INFO_PAGES.length);
});

test('every content info page has its text on both content sites, so the German page never falls back to English', async () => {
  for (const info of CONTENT_INFO_PAGES) {
    for (const site of ['gateway', 'portal-de-de'] as const) {
      expect(existsSync(join(CONTENT, site, `${info.content}.json`)), `content/${site}/${info.content}.json`).toBe(true);
      const page = await readContentFile(CONTENT, `${site}/${info.content}`);
      expect('html' in page && page.html.length > 20, `content/${site}/${info.content}.json`).toBe(true);
    }
  }
});
