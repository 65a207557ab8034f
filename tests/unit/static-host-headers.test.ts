import fg from 'fast-glob';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cspHash } from '../../src/hosting/csp.ts';
import { COMMON_SECURITY_HEADERS, metaPolicyOf, policySources } from '../../src/hosting/security-headers.ts';
import { STATIC_HOST_LIMITS } from '../../src/hosting/page-headers.ts';
import { BRAND_PAGES, checkDist } from '../../scripts/check-dist/check-dist.ts';
import { inlineElements } from '../../src/hosting/security-headers.ts';

// dist/_headers as two static hosts read it, checked against a real build of every brand: each page, and
// the 404.html any unknown URL serves, must get one CSP that allows its inline scripts and styles.

const root = join(import.meta.dirname, '../..');
const brandKeys = readdirSync(join(root, 'brands')).filter((entry) => !entry.startsWith('_') && statSync(join(root, 'brands', entry)).isDirectory());
let dist: string;

beforeAll(() => {
  // Inside the project: for an outDir elsewhere Astro puts its prerender chunks in the shared .astro/,
  // where another test's build running at the same time overwrites them.
  mkdirSync(join(root, 'test-results'), { recursive: true });
  dist = mkdtempSync(join(root, 'test-results', 'headers-dist-'));
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', dist], {
    cwd: root,
    encoding: 'utf8',
    // Vitest's own variables (VITEST, NODE_ENV=test) would put Astro in test mode.
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '' },
  });
  if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
}, 180_000);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

/** One rule of `_headers`: headers it sets (in order) and headers its `! Name` lines detach. */
interface Rule {
  pattern: string;
  set: Array<[string, string]>;
  unset: string[];
}

function parseHeaders(text: string): Rule[] {
  const rules: Rule[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line.startsWith('/')) rules.push({ pattern: line, set: [], unset: [] });
    else if (line.startsWith('! ')) rules.at(-1)?.unset.push(line.slice(2).toLowerCase());
    else {
      const [name = '', ...value] = line.split(':');
      rules.at(-1)?.set.push([name.trim().toLowerCase(), value.join(':').trim()]);
    }
  }
  return rules;
}

const escape = (text: string) => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

/**
 * What a host answers for a path, header name -> values. Cloudflare Pages: `*` is `.*`, `:name` one segment,
 * every matching rule in order, `! Name` detaches, a header set again is appended (two values). Netlify:
 * `/x/*` also matches `/x`, `! Name` lines are ignored, and a later rule's value replaces an earlier one.
 */
const HOSTS = {
  'Cloudflare Pages': (rules: Rule[], path: string) => {
    const headers = new Map<string, string[]>();
    for (const rule of rules) {
      const pattern = rule.pattern.split('*').map(escape).join('.*').replace(/:[A-Za-z]\w*/g, '[^/]+');
      if (!new RegExp(`^${pattern}$`).test(path)) continue;
      for (const name of rule.unset) headers.delete(name);
      const setHere = new Set<string>();
      for (const [name, value] of rule.set) {
        headers.set(name, setHere.has(name) || headers.has(name) ? [...(headers.get(name) ?? []), value] : [value]);
        setHere.add(name);
      }
    }
    return headers;
  },
  Netlify: (rules: Rule[], path: string) => {
    const headers = new Map<string, string[]>();
    for (const rule of rules) {
      const parts = rule.pattern.split('/').filter(Boolean).map((part) => (part.startsWith(':') ? '([^/]+)' : part === '*' ? '?(.*)' : escape(part)));
      if (!new RegExp(`^/${parts.join('/')}/?$`, 'i').test(path)) continue;
      for (const [name, value] of rule.set) headers.set(name, [value]);
    }
    return headers;
  },
} as const;

/** The URL a page answers on a static host (`app/nxn/login.html` -> `/app/nxn/login`). */
const urlOf = (file: string) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`);

/** Hashes a page's inline scripts and styles need in its policy. */
function neededHashes(file: string): Array<{ directive: string; hash: string }> {
  return inlineElements(readFileSync(join(dist, file), 'utf8')).map((element) => ({
    directive: element.tag === 'script' ? 'script-src' : 'style-src',
    hash: `'${cspHash(element.text)}'`,
  }));
}

/** What is wrong with the policy a host sends for `path` when it serves `file` there. */
function policyProblems(headers: Map<string, string[]>, path: string, file: string): string[] {
  const policies = headers.get('content-security-policy') ?? [];
  if (policies.length !== 1) return [`${path}: ${policies.length} CSP headers`];
  const policy = policies[0] ?? '';
  const problems = neededHashes(file).filter(({ directive, hash }) => !policySources(policy, directive).includes(hash)).map(({ hash }) => `${path} (${file}): ${hash} not allowed`);
  if (!policy.includes("frame-ancestors 'none'")) problems.push(`${path}: no frame-ancestors`);
  return problems;
}

/** Unknown URLs, where a static host serves 404.html: in and out of brand folders, both languages. */
const UNKNOWN = ['/nope', '/de-DE/nope', '/app/nosuch/login', '/app/cwa/nope', '/self-service/summit/nope/deeper', '/de-DE/app/harbor/nope', '/de-DE/self-service/nxn/x', '/app/nxn/'];

describe.each(Object.keys(HOSTS) as Array<keyof typeof HOSTS>)('dist/_headers on %s', (host) => {
  const answer = (path: string) => HOSTS[host](parseHeaders(readFileSync(join(dist, '_headers'), 'utf8')), path);

  test('every built page gets one CSP that allows each of its inline scripts and styles', () => {
    const pages = fg.sync('**/*.html', { cwd: dist });
    // index.html, the site-wide 404.html in each language; per brand and language its pages and the route table's two nested 404.html.
    expect(pages.length).toBe(3 + brandKeys.length * 2 * (BRAND_PAGES.length + 2));
    expect(pages.flatMap((file) => policyProblems(answer(urlOf(file)), urlOf(file), file))).toEqual([]);
  });

  test('an unknown URL anywhere gets a CSP that allows the 404 page it is served', () => {
    expect(UNKNOWN.flatMap((path) => policyProblems(answer(path), path, '404.html'))).toEqual([]);
  });

  test('pages and 404s get each security header once and no-cache; hashed assets are immutable', () => {
    for (const path of ['/app/nxn/login', '/de-DE/self-service/cwa/fps-self-change-pw', '/', '/app/summit', ...UNKNOWN]) {
      const headers = answer(path);
      for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) expect(headers.get(name.toLowerCase()), `${path} ${name}`).toEqual([value]);
      expect(headers.get('cache-control'), path).toEqual(['no-cache']);
    }
    expect(answer('/_astro/LoginForm.abc123.js').get('cache-control')).toEqual(['public, max-age=31536000, immutable']);
  });
});

test('dist/_headers has three rules whatever the brand count, within Cloudflare\'s limits', () => {
  const text = readFileSync(join(dist, '_headers'), 'utf8');
  const rules = parseHeaders(text);
  expect(rules.map((rule) => rule.pattern)).toEqual(['/*', '/_astro/*', '/.well-known/webauthn']);
  expect(rules.length).toBeLessThanOrEqual(STATIC_HOST_LIMITS.rules);
  expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThanOrEqual(STATIC_HOST_LIMITS.lineLength);
});

test('a page type has the same policy in every brand: brands are data, so a new one adds no hash', () => {
  const policyOf = (file: string) => metaPolicyOf(readFileSync(join(dist, file), 'utf8'));
  const differing = BRAND_PAGES.flatMap((page) => ['', 'de-DE/'].flatMap((prefix) => {
    const policies = new Set(brandKeys.map((wl) => policyOf(`${prefix}${page.replace('{wl}', wl)}`)));
    return policies.size === 1 ? [] : [`${prefix}${page}: ${policies.size} policies`];
  }));
  expect(differing).toEqual([]);
});

test('each brand\'s theme is a hashed stylesheet under /_astro/ (immutable), linked by its pages', () => {
  for (const wl of brandKeys) {
    const href = /<link rel="stylesheet" href="(\/_astro\/theme-[^"]+\.css)">/.exec(readFileSync(join(dist, 'app', wl, 'login.html'), 'utf8'))?.[1] ?? '';
    expect(href, wl).toMatch(new RegExp(`^/_astro/theme-${wl}\\.[\\w-]+\\.css$`));
    expect(readFileSync(join(dist, href), 'utf8'), wl).toMatch(/^:root\{--color-primary:/);
  }
});

test('check:dist passes on a fresh build: every inline script and style is in its page\'s meta and header policy', () => {
  expect(checkDist(dist, brandKeys)).toEqual([]);
});
