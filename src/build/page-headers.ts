import fg from 'fast-glob';
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { COMMON_SECURITY_HEADERS, headerPolicy, metaPolicyOf, unionPolicy, urlPathOf } from './security-headers.ts';
import { stripLanguagePrefix } from '../lib/display-language.ts';

const htmlFiles = (dir: string) => fg.sync('**/*.html', { cwd: dir, absolute: true });

/** Writes a `.gz` beside every text asset so servers send compressed bytes without work per request. */
function precompress(distDir: string): number {
  const files = fg.sync('**/*.{html,js,css,svg,json,txt}', { cwd: distDir, absolute: true });
  for (const file of files) writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
  return files.length;
}

const quote = (value: string) => `"${value.replace(/["\\]/g, '')}"`;

/** nginx map from the served file ($uri after try_files) to its CSP. */
function nginxMaps(perPage: Record<string, Record<string, string>>): string {
  const entries = Object.entries(perPage).map(([path, headers]) => [path === '/' ? '/index.html' : `${path}.html`, headers] as const);
  const csp = entries.map(([file, headers]) => `  ${quote(file)} ${quote(headers['Content-Security-Policy'] ?? "default-src 'self'; frame-ancestors 'none'")};`);
  return [
    '# Written by the build (src/build/page-headers.ts). Do not edit.',
    `map $uri $portal_csp {\n  default "default-src 'none'; frame-ancestors 'none'";\n${csp.join('\n')}\n}`,
    '',
  ].join('\n');
}

/**
 * The security headers for nginx, included in the server block and in every location with its own
 * add_header: nginx drops every inherited add_header in a block that declares one, which left 404s
 * and service answers without them. Each proxy_hide_header keeps an upstream's own copy from going out
 * twice.
 */
function nginxSecurityHeaders(): string {
  const headers: Array<[string, string]> = [
    ...Object.entries(COMMON_SECURITY_HEADERS).map(([name, value]): [string, string] => [name, quote(value)]),
    ['Content-Security-Policy', '$portal_csp'],
  ];
  return [
    '# Written by the build (src/build/page-headers.ts). Do not edit.',
    ...headers.flatMap(([name, value]) => [`proxy_hide_header ${name};`, `add_header ${name} ${value} always;`]),
    '',
  ].join('\n');
}

/** Cloudflare Pages' limits for `_headers` (the strictest of the hosts that read one). */
export const STATIC_HOST_LIMITS = { rules: 100, lineLength: 2000 } as const;

/**
 * The static-host rule pattern that covers a page path, when the path lies in a brand area of one language
 * (`/app/<wl>/…`, `/self-service/<wl>/…`): `/:area/<wl>/*` or `/de-DE/:area/<wl>/*`, one rule per brand and
 * language. The brand root `/app/<wl>` counts too: Netlify's `/x/*` matches `/x`, Cloudflare's does not.
 */
function brandPattern(path: string): string | undefined {
  const { language, path: bare } = stripLanguagePrefix(path);
  const wl = /^\/(?:app|self-service)\/([a-z0-9-]+)(?:\/|$)/.exec(bare)?.[1];
  return wl === undefined ? undefined : `${language ? `/${language}` : ''}/:area/${wl}/*`;
}

/** Whether only the site-wide rule covers a path on every host (everything outside a brand area's folders). */
function onlySiteWide(path: string): boolean {
  return !/^\/(?:app|self-service)\/[^/]+\//.test(stripLanguagePrefix(path).path);
}

/**
 * `dist/_headers` for static hosts, which match rules by URL and serve `404.html` for any unknown one. The
 * rule count grows per brand, not per page (2 + 2 per brand, under Cloudflare's 100): the site-wide `/*`
 * carries the common headers, `no-cache` and a CSP allowing the pages outside brand folders (root, brand
 * roots, 404); each brand and language gets one rule whose CSP allows every page of that brand and
 * language and `404.html`, which any unknown URL there serves. Where rules overlap, a later rule replaces
 * what an earlier one set: its `! Name` line detaches it on Cloudflare Pages (which would otherwise join
 * the two, making two policies), and on Netlify, which ignores that line, the later value wins.
 * The bundled server and nginx keep each page's exact policy (`_portal-headers.json`).
 */
export function staticHostHeaders(pagePolicies: Readonly<Record<string, string>>): string {
  const notFound = pagePolicies['/404'];
  const siteWide = unionPolicy(Object.entries(pagePolicies).filter(([path]) => onlySiteWide(path)).map(([, policy]) => policy));
  const brands = new Map<string, string[]>();
  for (const [path, policy] of Object.entries(pagePolicies)) {
    const pattern = brandPattern(path);
    if (pattern) brands.set(pattern, [...(brands.get(pattern) ?? []), policy]);
  }
  // en-US rules (no prefix) before the others: should a brand be named like an area (`app`), `/:area/app/*`
  // would also match `/de-DE/app/<wl>/…`, and the later, right rule then wins.
  const rank = (pattern: string) => (pattern.startsWith('/:') ? 0 : 1);
  const ordered = [...brands].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const common = Object.entries(COMMON_SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
  const blocks = [
    ['/*', ...common, '  Cache-Control: no-cache', `  Content-Security-Policy: ${siteWide}`],
    ['/_astro/*', '  ! Cache-Control', '  Cache-Control: public, max-age=31536000, immutable'],
    ...ordered.map(([pattern, policies]) => [
      pattern, '  ! Content-Security-Policy', `  Content-Security-Policy: ${unionPolicy(notFound ? [...policies, notFound] : policies)}`,
    ]),
  ];
  const intro = [
    '# Written by the build (src/build/page-headers.ts). Do not edit.',
    '# Later rules replace what earlier ones set: "! Name" detaches it (Cloudflare Pages; Netlify ignores the line, and there the later value wins).',
  ];
  return `${[intro.join('\n'), ...blocks.map((lines) => lines.join('\n'))].join('\n\n')}\n`;
}

/**
 * Astro writes each page's CSP as a meta tag, which cannot carry frame-ancestors or reporting.
 * After the build this turns every page's policy into real HTTP headers: `dist/_portal-headers.json`,
 * which the bundled server and nginx read (each page's exact policy), and `dist/_headers` for static
 * hosts (a policy per brand and language, see staticHostHeaders).
 */
export function pageHeaders(): AstroIntegration {
  return {
    name: 'portal-page-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const distDir = fileURLToPath(dir);
        const perPage: Record<string, Record<string, string>> = {};
        const pagePolicies: Record<string, string> = {};
        for (const absolute of htmlFiles(distDir)) {
          const path = urlPathOf(relative(distDir, absolute));
          const policy = metaPolicyOf(readFileSync(absolute, 'utf8'));
          perPage[path] = policy ? { 'Content-Security-Policy': headerPolicy(policy) } : {};
          if (policy) pagePolicies[path] = headerPolicy(policy);
        }
        const headers = staticHostHeaders(pagePolicies);
        const rules = headers.split('\n').filter((line) => line.startsWith('/')).length;
        const longest = Math.max(...headers.split('\n').map((line) => line.length));
        if (rules > STATIC_HOST_LIMITS.rules || longest > STATIC_HOST_LIMITS.lineLength) {
          logger.warn(`_headers has ${rules} rules and a ${longest}-character line: Cloudflare Pages takes at most ${STATIC_HOST_LIMITS.rules} rules of ${STATIC_HOST_LIMITS.lineLength} characters (nginx and the bundled server have no such limit)`);
        }
        writeFileSync(join(distDir, '_headers'), headers);
        writeFileSync(join(distDir, '_portal-headers.json'), JSON.stringify(perPage));
        writeFileSync(join(distDir, '_nginx-page-headers.conf'), nginxMaps(perPage));
        writeFileSync(join(distDir, '_nginx-security-headers.conf'), nginxSecurityHeaders());
        logger.info(`security headers for ${Object.keys(perPage).length} pages (${rules} _headers rules), ${precompress(distDir)} files precompressed`);
      },
    },
  };
}
