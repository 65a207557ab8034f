import fg from 'fast-glob';
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { COMMON_SECURITY_HEADERS, headerPolicy, metaPolicyOf } from '../config/security-headers.ts';

const htmlFiles = (dir: string) => fg.sync('**/*.html', { cwd: dir, absolute: true });

/** Writes a `.gz` beside every text asset so servers send compressed bytes without work per request. */
function precompress(distDir: string): number {
  const files = fg.sync('**/*.{html,js,css,svg,json,txt}', { cwd: distDir, absolute: true });
  for (const file of files) writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: 9 }));
  return files.length;
}

/** The URL path a page file answers (`app/nxn/login.html` -> `/app/nxn/login`). */
function urlPathOf(file: string): string {
  const path = `/${file.replace(/\.html$/, '')}`;
  return path === '/index' ? '/' : path;
}

const quote = (value: string) => `"${value.replace(/["\\]/g, '')}"`;

/** nginx map from the served file ($uri after try_files) to its CSP. */
function nginxMaps(perPage: Record<string, Record<string, string>>): string {
  const entries = Object.entries(perPage).map(([path, headers]) => [path === '/' ? '/index.html' : `${path}.html`, headers] as const);
  const csp = entries.map(([file, headers]) => `  ${quote(file)} ${quote(headers['Content-Security-Policy'] ?? "default-src 'self'; frame-ancestors 'none'")};`);
  return [
    '# Written by the build (src/integrations/page-headers.ts). Do not edit.',
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
    '# Written by the build (src/integrations/page-headers.ts). Do not edit.',
    ...headers.flatMap(([name, value]) => [`proxy_hide_header ${name};`, `add_header ${name} ${value} always;`]),
    '',
  ].join('\n');
}

/**
 * Astro writes each page's CSP as a meta tag, which cannot carry frame-ancestors or reporting.
 * After the build this turns every page's policy into real HTTP headers: `dist/_headers` for
 * static hosts and `dist/_portal-headers.json`, which the bundled server and nginx config read.
 */
export function pageHeaders(): AstroIntegration {
  return {
    name: 'portal-page-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const distDir = fileURLToPath(dir);
        const perPage: Record<string, Record<string, string>> = {};
        for (const absolute of htmlFiles(distDir)) {
          const path = urlPathOf(relative(distDir, absolute));
          const policy = metaPolicyOf(readFileSync(absolute, 'utf8'));
          perPage[path] = policy ? { 'Content-Security-Policy': headerPolicy(policy) } : {};
        }
        const common = Object.entries(COMMON_SECURITY_HEADERS).map(([name, value]) => `  ${name}: ${value}`);
        const blocks = [
          ['/*', ...common].join('\n'),
          ['/_astro/*', '  Cache-Control: public, max-age=31536000, immutable'].join('\n'),
          ...Object.entries(perPage).map(([path, headers]) => [
            path,
            '  Cache-Control: no-cache',
            ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
          ].join('\n')),
        ];
        writeFileSync(join(distDir, '_headers'), `${blocks.join('\n\n')}\n`);
        writeFileSync(join(distDir, '_portal-headers.json'), JSON.stringify(perPage));
        writeFileSync(join(distDir, '_nginx-page-headers.conf'), nginxMaps(perPage));
        writeFileSync(join(distDir, '_nginx-security-headers.conf'), nginxSecurityHeaders());
        logger.info(`security headers for ${Object.keys(perPage).length} pages, ${precompress(distDir)} files precompressed`);
      },
    },
  };
}
