// `npm run bench:size [-- --check]`: per page type, the script a page requests before any interaction,
// measured in headless Chromium against dist/ served with the emulator: every script response the page
// asks for from navigation until it has been quiet a while (idle callbacks and timers of a few seconds
// included), plus its inline scripts, each gzip -9. Also the HTML and CSS it ships and the code each island
// loads once the visitor engages with it, read from dist/. With --check, exits 1 when a page is over
// scripts/bench/size-budget.json.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumExecutable } from '../browsers/chromium.ts';
import { serveWithEmulator } from '../server/serve-with-emulator.ts';
import { DEFAULT_BRAND } from '../../src/domain/brands.ts';

const root = join(import.meta.dirname, '../..');
// BENCH_DIST measures another build (an older commit's dist/, say) the same way.
const dist = process.env['BENCH_DIST'] ?? join(root, 'dist');

/** Page types, the file of one brand that stands for each, and the query it is opened with. */
export const PAGE_TYPES: Readonly<Record<string, { file: string; query?: string }>> = {
  login: { file: 'app/{wl}/login.html', query: 'SMQUERYDATA=bench' },
  sorry: { file: 'app/{wl}/sorry.html' },
  logout: { file: 'app/{wl}/logout.html' },
  ssoLogout: { file: 'app/{wl}/ssoLogout.html' },
  systemRequirements: { file: 'app/{wl}/systemRequirements.html' },
  cookiePolicy: { file: 'app/{wl}/cookiePolicy.html' },
  pageNotFound: { file: 'app/{wl}/pageNotFound.html' },
  // The six content info pages of spec 2.1 share one template; terms of use has the longest text.
  termsOfUse: { file: 'app/{wl}/termsOfUse.html' },
  fps: { file: 'self-service/{wl}/fps.html' },
  fuid: { file: 'self-service/{wl}/fuid.html' },
  'fps-self-change-pw': { file: 'self-service/{wl}/fps-self-change-pw.html' },
};

/** How long a page must have asked for nothing, and how long after `load` at least, before its count is final. */
export const QUIET_MS = 1500;
export const AFTER_LOAD_MS = 4000;
const CAP_MS = 15_000;

const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** What a page requested before any interaction: each script file (gzip -9 of its body) and its inline scripts. */
export interface ScriptBeforeInteraction {
  files: Array<{ path: string; gzip: number }>;
  /** The page's inline scripts together (they travel in one HTML response), gzip -9. */
  inlineGzip: number;
  totalGzip: number;
}

/** Opens `url` in a fresh context and counts the script it requests with nobody touching it. */
export async function scriptBeforeInteraction(browser: Browser, url: string): Promise<ScriptBeforeInteraction> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Array<Promise<{ path: string; gzip: number } | null>> = [];
  let lastActivity = Date.now();
  page.on('request', () => { lastActivity = Date.now(); });
  page.on('response', (response) => {
    lastActivity = Date.now();
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.body().then((body) => ({ path: new URL(response.url()).pathname, gzip: gzip(body) }), () => null));
  });
  await page.goto(url, { waitUntil: 'load' });
  const loadedAt = Date.now();
  while (Date.now() - loadedAt < CAP_MS && (Date.now() - lastActivity < QUIET_MS || Date.now() - loadedAt < AFTER_LOAD_MS)) {
    await page.waitForTimeout(250);
  }
  const inline = await page.locator('script:not([src])').evaluateAll((scripts) => scripts.map((script) => script.textContent).join(''));
  const files = (await Promise.all(bodies)).filter((file) => file !== null);
  await context.close();
  const inlineGzip = inline.trim() ? gzip(inline) : 0;
  return { files, inlineGzip, totalGzip: inlineGzip + files.reduce((sum, file) => sum + file.gzip, 0) };
}

/** A module and everything it imports statically, as dist/ paths. */
function moduleGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry) || !existsSync(join(dist, entry))) return seen;
  seen.add(entry);
  const code = readFileSync(join(dist, entry), 'utf8');
  for (const match of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    moduleGraph(posix.join(dirname(entry), match[1] ?? ''), seen);
  }
  return seen;
}

const fromUrl = (url: string) => url.replace(/^\//, '').replace(/&amp;/g, '&');

/** What one built page ships, read from dist/: HTML, CSS, and the code each island loads when it wakes. */
export function pageWeight(file: string) {
  const html = readFileSync(join(dist, file), 'utf8');
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => readFileSync(join(dist, fromUrl(m[1] ?? '')), 'utf8'))
    .concat([...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? ''));
  const renderer = /renderer-url="([^"]+)"/.exec(html)?.[1];
  const islands = [...html.matchAll(/<astro-island [^>]*>/g)].map(([tag]) => {
    const component = /component-url="([^"]+)"/.exec(tag)?.[1] ?? '';
    const name = /&quot;name&quot;:&quot;(\w+)&quot;/.exec(tag)?.[1] ?? fromUrl(component);
    const graph = new Set([...moduleGraph(fromUrl(component)), ...(renderer ? moduleGraph(fromUrl(renderer)) : [])]);
    return { name, gzip: [...graph].reduce((sum, module) => sum + gzip(readFileSync(join(dist, module), 'utf8')), 0) };
  });
  return { htmlGzip: gzip(html), cssGzip: gzip(css.join('\n')), islands };
}

interface Budget { scriptBeforeInteraction: Record<string, number>; cssGzip: number }

if (import.meta.main) {
  const brand = process.env['BENCH_BRAND'] ?? DEFAULT_BRAND;
  const check = process.argv.includes('--check');
  const budget = JSON.parse(readFileSync(join(import.meta.dirname, 'size-budget.json'), 'utf8')) as Budget;
  const kb = (bytes: number, width = 8) => (bytes / 1024).toFixed(1).padStart(width);
  const over: string[] = [];
  const served = await serveWithEmulator(dist);
  const executablePath = chromiumExecutable();
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] });
  try {
    console.log(`Per page type (brand ${brand}; KB, gzip -9). "before" is the script a page requests before any interaction, as`);
    console.log('Chromium loads it (files + inline) and the budget covers; "islands" is what each island loads once engaged.');
    console.log('page type            HTML.gz  CSS.gz   files  inline  before  budget  islands');
    for (const [type, { file: template, query }] of Object.entries(PAGE_TYPES)) {
      const file = template.replace('{wl}', brand);
      if (!existsSync(join(dist, file))) {
        over.push(`${type}: ${file} is missing (build first)`);
        continue;
      }
      const weight = pageWeight(file);
      const url = `${served.base}/${file.replace(/\.html$/, '')}${query ? `?${query}` : ''}`;
      const script = await scriptBeforeInteraction(browser, url);
      const limit = budget.scriptBeforeInteraction[type];
      const islands = weight.islands.map((island) => `${island.name} ${(island.gzip / 1024).toFixed(1)}`).join(', ') || '-';
      const files = script.files.reduce((sum, entry) => sum + entry.gzip, 0);
      console.log(`${type.padEnd(18)}${kb(weight.htmlGzip, 9)}${kb(weight.cssGzip)}${kb(files)}${kb(script.inlineGzip)}${kb(script.totalGzip)}${limit === undefined ? '       -' : kb(limit)}  ${islands}`);
      for (const entry of script.files) console.log(`${''.padEnd(20)}${entry.path} ${entry.gzip} B`);
      if (limit !== undefined) console.log(`${''.padEnd(20)}before interaction: ${script.totalGzip} B of ${limit} B`);
      if (limit !== undefined && script.totalGzip > limit) over.push(`${type}: ${script.totalGzip} B of script before interaction (gzip) is over the budget of ${limit} B`);
      if (weight.cssGzip > budget.cssGzip) over.push(`${type}: CSS ${weight.cssGzip} B gzip is over the budget of ${budget.cssGzip} B`);
    }
  } finally {
    await browser.close();
    served.close();
  }
  for (const line of over) console.log(`OVER BUDGET ${line}`);
  if (check && over.length > 0) process.exit(1);
  if (check) console.log('All page types are within the size budget.');
  process.exit(0);
}
