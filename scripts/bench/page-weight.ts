// `npm run bench:size [-- --check]`: bytes each page type ships (HTML, CSS, JS; raw and gzip) and
// the JS of each island, read from dist/. With --check, exits 1 when a page is over
// scripts/bench/size-budget.json.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_BRAND } from '../../src/domain/brands.ts';

const root = join(import.meta.dirname, '../..');
const dist = join(root, 'dist');

/** Page types and the file of one brand that stands for each. */
export const PAGE_TYPES: Readonly<Record<string, string>> = {
  login: 'app/{wl}/login.html',
  sorry: 'app/{wl}/sorry.html',
  logout: 'app/{wl}/logout.html',
  ssoLogout: 'app/{wl}/ssoLogout.html',
  systemRequirements: 'app/{wl}/systemRequirements.html',
  cookiePolicy: 'app/{wl}/cookiePolicy.html',
  pageNotFound: 'app/{wl}/pageNotFound.html',
  // The six content info pages of spec 2.1 share one template; terms of use has the longest text.
  termsOfUse: 'app/{wl}/termsOfUse.html',
  fps: 'self-service/{wl}/fps.html',
  fuid: 'self-service/{wl}/fuid.html',
  'fps-self-change-pw': 'self-service/{wl}/fps-self-change-pw.html',
};

const gzip = (text: string) => gzipSync(text, { level: 9 }).length;

/** A module and everything it imports statically or dynamically-preloaded, as dist/ paths. */
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

/** What one built page ships. */
export function pageWeight(file: string) {
  const html = readFileSync(join(dist, file), 'utf8');
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => readFileSync(join(dist, fromUrl(m[1] ?? '')), 'utf8'))
    .concat([...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? ''));
  const entries = [...html.matchAll(/<script type="module" src="([^"]+)"/g), ...html.matchAll(/(?:component|renderer)-url="([^"]+)"/g)]
    .map((m) => fromUrl(m[1] ?? ''));
  const modules = new Set<string>();
  for (const entry of entries) for (const module of moduleGraph(entry)) modules.add(module);
  // Loaded on first use (import()): not part of the page's load, so outside the budget, but printed.
  const lazy = new Set<string>();
  const lazyFrom = (module: string) => {
    const code = readFileSync(join(dist, module), 'utf8');
    for (const match of code.matchAll(/import\(\s*[`"'](\.{1,2}\/[^`"']+\.js)[`"']\s*\)/g)) {
      for (const found of moduleGraph(posix.join(dirname(module), match[1] ?? ''))) if (!modules.has(found) && !lazy.has(found)) {
        lazy.add(found);
        lazyFrom(found);
      }
    }
  };
  for (const module of modules) lazyFrom(module);
  const inlineScripts = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
  const jsTexts = [...modules].map((module) => readFileSync(join(dist, module), 'utf8')).concat(inlineScripts);
  const islands = [...html.matchAll(/component-url="([^"]+)"[^>]*?(?:opts="([^"]*)")?/g)].map((m) => {
    const name = /"name":"(\w+)"/.exec((m[2] ?? '').replace(/&quot;/g, '"'))?.[1] ?? fromUrl(m[1] ?? '');
    const graph = [...moduleGraph(fromUrl(m[1] ?? ''))];
    return { name, gzip: gzip(graph.map((module) => readFileSync(join(dist, module), 'utf8')).join('\n')) };
  });
  return {
    htmlRaw: html.length, htmlGzip: gzip(html),
    cssRaw: css.join('').length, cssGzip: gzip(css.join('\n')),
    // Each module is its own request, so gzip is summed per file.
    jsRaw: jsTexts.reduce((sum, text) => sum + text.length, 0), jsGzip: jsTexts.reduce((sum, text) => sum + (text.trim() ? gzip(text) : 0), 0),
    lazyJsGzip: [...lazy].reduce((sum, module) => sum + gzip(readFileSync(join(dist, module), 'utf8')), 0),
    islands,
  };
}

if (import.meta.main) {
  const brand = process.env['BENCH_BRAND'] ?? DEFAULT_BRAND;
  const check = process.argv.includes('--check');
  const budget = JSON.parse(readFileSync(join(import.meta.dirname, 'size-budget.json'), 'utf8')) as { jsGzip: Record<string, number>; cssGzip: number };
  const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  const over: string[] = [];
  console.log(`Bytes per page type (brand ${brand}; KB; gzip level 9). JS.gz is what the page loads and the budget covers;`);
  console.log('lazy.gz is loaded on first use (later wizard steps, statistics, fingerprint).');
  console.log('page type            HTML  HTML.gz    CSS   CSS.gz     JS    JS.gz  lazy.gz  islands (gzip KB)');
  for (const [type, template] of Object.entries(PAGE_TYPES)) {
    const file = template.replace('{wl}', brand);
    if (!existsSync(join(dist, file))) {
      over.push(`${type}: ${file} is missing (build first)`);
      continue;
    }
    const w = pageWeight(file);
    const islands = w.islands.map((island) => `${island.name} ${(island.gzip / 1024).toFixed(1)}`).join(', ') || '-';
    console.log(`${type.padEnd(18)}${kb(w.htmlRaw)}${kb(w.htmlGzip)}${kb(w.cssRaw)}${kb(w.cssGzip)}${kb(w.jsRaw)}${kb(w.jsGzip)}${kb(w.lazyJsGzip).padStart(9)}  ${islands}`);
    const jsBudget = budget.jsGzip[type];
    if (jsBudget !== undefined && w.jsGzip > jsBudget) over.push(`${type}: JS ${w.jsGzip} B gzip is over the budget of ${jsBudget} B`);
    if (w.cssGzip > budget.cssGzip) over.push(`${type}: CSS ${w.cssGzip} B gzip is over the budget of ${budget.cssGzip} B`);
  }
  for (const line of over) console.log(`OVER BUDGET ${line}`);
  if (check && over.length > 0) process.exit(1);
  if (check) console.log('All page types are within the size budget.');
}
