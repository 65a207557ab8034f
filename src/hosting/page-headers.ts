import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { COMMON_SECURITY_HEADERS, NON_PAGE_POLICY, PORTAL_HEADERS_FILE, headerPolicy, inlineElements, metaPolicyOf, readPortalHeaders, reportingPolicy, securityHeaders, unionPolicy, withUsedHashes } from './security-headers.ts';
import type { HeaderOptions } from './security-headers.ts';
import { buildEnvironment } from '../config/build-environment.ts';
import { pageHeaderOptions } from './site-files.ts';
import { cspHash } from './csp.ts';
import { renderedThemeFiles } from './brand-theme-files.ts';
import { BUILD_STAMP_FILE, serverDirOf } from './dist-layout.ts';
import { compressingPrerenderer, precompressRest } from './precompress.ts';
import { writeRouteFiles } from './host-routes.ts';
import { RELATED_ORIGINS_PATH, writeEnvironmentFiles } from './environment-files.ts';

// A header value as one nginx string: its quotes and backslashes escaped (Reporting-Endpoints quotes its URL).
const quote = (value: string) => `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`;

export { NON_PAGE_POLICY } from './security-headers.ts';

/**
 * nginx's CSP by served file ($uri after try_files): the one page policy for every page, none for the
 * rest. Two entries whatever the brand count; goes in the http block.
 */
function nginxPolicyMap(pagePolicy: string): string {
  return [
    '# Written by the build (src/hosting/page-headers.ts). Do not edit.',
    `map $uri $portal_csp {\n  default ${quote(NON_PAGE_POLICY)};\n  ~\\.html$ ${quote(pagePolicy)};\n}`,
    '',
  ].join('\n');
}

/**
 * The security headers for nginx, included in the server block and in every location with its own
 * add_header: nginx drops every inherited add_header in a block that declares one, which left 404s
 * and service answers without them. Each proxy_hide_header keeps an upstream's own copy from going out
 * twice.
 */
function nginxSecurityHeaders(common: Readonly<Record<string, string>> = COMMON_SECURITY_HEADERS): string {
  const headers: Array<[string, string]> = [
    ...Object.entries(common).map(([name, value]): [string, string] => [name, quote(value)]),
    ['Content-Security-Policy', '$portal_csp'],
  ];
  return [
    '# Written by the build (src/hosting/page-headers.ts). Do not edit.',
    ...headers.flatMap(([name, value]) => [`proxy_hide_header ${name};`, `add_header ${name} ${value} always;`]),
    '',
  ].join('\n');
}

/** Cloudflare Pages' limits for `_headers` (the strictest of the hosts that read one). */
export const STATIC_HOST_LIMITS = { rules: 100, lineLength: 2000 } as const;

/**
 * `dist/_headers` for static hosts, which match rules by URL and serve `404.html` for any unknown one: three
 * rules whatever the brand count. The site-wide `/*` carries the common headers, `no-cache` and the one
 * page policy (every page's inline scripts and styles are the same for every brand, so one policy allows
 * them all); `/_astro/*` makes hashed assets, brand themes included, immutable. Its `! Cache-Control` line
 * detaches the site-wide value on Cloudflare Pages (which would otherwise join the two); Netlify ignores the
 * line and lets the later value win.
 */
export function staticHostHeaders(pagePolicy: string, headers: Readonly<Record<string, string>> = COMMON_SECURITY_HEADERS): string {
  const common = Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`);
  const blocks = [
    ['/*', ...common, '  Cache-Control: no-cache', `  Content-Security-Policy: ${pagePolicy}`],
    ['/_astro/*', '  ! Cache-Control', '  Cache-Control: public, max-age=31536000, immutable'],
    // The WebAuthn related-origins file has no extension: browsers take it only as JSON.
    [`/${RELATED_ORIGINS_PATH}`, '  Content-Type: application/json'],
  ];
  const intro = '# Written by the build (src/hosting/page-headers.ts). Do not edit.';
  return `${[intro, ...blocks.map((lines) => lines.join('\n'))].join('\n\n')}\n`;
}

/** The number of rules in a `_headers` text. */
export const headerRuleCount = (headers: string) => headers.split('\n').filter((line) => line.startsWith('/')).length;

/**
 * Writes every host's header files for `pagePolicy`: `_headers` (static hosts) into dist/, and beside it, in
 * the server folder (serverDirOf), `_portal-headers.json` (the bundled server), `_nginx-policy.conf` and
 * `_nginx-security-headers.conf` (nginx). Returns `_headers`' text.
 */
export function writeHeaderFiles(distDir: string, builtPolicy: string, options: HeaderOptions = {}): string {
  // The environment's options (HSTS preload, CSP reports) go into what nginx and the static hosts send.
  const common = securityHeaders(options);
  const pagePolicy = reportingPolicy(builtPolicy, options);
  const headers = staticHostHeaders(pagePolicy, common);
  const serverDir = serverDirOf(distDir);
  mkdirSync(serverDir, { recursive: true });
  writeFileSync(join(distDir, '_headers'), headers);
  writeFileSync(join(serverDir, PORTAL_HEADERS_FILE), JSON.stringify({ page: { 'Content-Security-Policy': pagePolicy } }));
  writeFileSync(join(serverDir, '_nginx-policy.conf'), nginxPolicyMap(pagePolicy));
  writeFileSync(join(serverDir, '_nginx-security-headers.conf'), nginxSecurityHeaders(common));
  return headers;
}

/** The page policy of a built dist/ (from `_portal-headers.json`), if it has one. */
export const builtPagePolicy = (distDir: string): string | undefined => readPortalHeaders(distDir)?.['Content-Security-Policy'];

/** Writes the theme stylesheets the rendered pages link to (see brand-theme-files.ts). */
function writeThemeFiles(distDir: string): string[] {
  const written: string[] = [];
  for (const [href, css] of renderedThemeFiles()) {
    const file = href.replace(/^\//, '');
    mkdirSync(dirname(join(distDir, file)), { recursive: true });
    writeFileSync(join(distDir, file), css);
    written.push(file);
  }
  return written;
}

/**
 * Astro writes each page's CSP as a meta tag, which cannot carry frame-ancestors or reporting. After the
 * build this writes the brand theme files and turns the pages' policies into real HTTP headers for every
 * host (writeHeaderFiles): one policy, the same for every brand, so the header files do not grow with them.
 * In dev, the server answers the theme files the pages link to.
 */
export function pageHeaders(): AstroIntegration {
  // The meta policies of the pages as they render (compressingPrerenderer): the header policy is their union.
  const policies = new Set<string>();
  // The hashes of the inline scripts and styles the pages hold: the header policy allows those alone.
  const usedHashes = new Set<string>();
  let pages = 0;
  const seePage = (html: string) => {
    pages += 1;
    const policy = metaPolicyOf(html);
    if (policy) policies.add(headerPolicy(policy));
    for (const element of inlineElements(html)) usedHashes.add(`'${cspHash(element.text)}'`);
  };
  let outDir: URL | undefined;
  return {
    name: 'portal-page-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const path = (req.url ?? '').split('?')[0] ?? '';
          const content = renderedThemeFiles().get(path);
          if (content === undefined) {
            next();
            return;
          }
          res.setHeader('Content-Type', path.endsWith('.png') ? 'image/png' : path.endsWith('.svg') ? 'image/svg+xml' : 'text/css; charset=utf-8');
          res.end(content);
        });
      },
      'astro:build:start': ({ setPrerenderer }) => {
        // A second build in the same process (a test's, say) starts from no pages.
        policies.clear();
        usedHashes.clear();
        pages = 0;
        const dir = outDir;
        // Astro empties dist/; the server folder beside it starts empty too, so no copy of a page gone stays.
        if (dir) rmSync(serverDirOf(fileURLToPath(dir)), { recursive: true, force: true });
        if (dir) setPrerenderer((base) => compressingPrerenderer(base, dir, seePage));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const distDir = fileURLToPath(dir);
        const themes = writeThemeFiles(distDir);
        // Scripts, styles, themes, and any page the prerenderer did not see.
        const renderedPages = pages;
        const compressed = await precompressRest(distDir, seePage);
        const headers = writeHeaderFiles(distDir, withUsedHashes(unionPolicy([...policies]), usedHashes), pageHeaderOptions(process.cwd(), buildEnvironment()));
        writeRouteFiles(distDir);
        const { environment } = writeEnvironmentFiles(distDir);
        // The build's brands, as ensure-built compares them: a server started right after this build serves it, not a rebuild.
        writeFileSync(join(serverDirOf(distDir), BUILD_STAMP_FILE), process.env['BRANDS'] ?? '');
        const rules = headerRuleCount(headers);
        const longest = Math.max(...headers.split('\n').map((line) => line.length));
        if (rules > STATIC_HOST_LIMITS.rules || longest > STATIC_HOST_LIMITS.lineLength) {
          logger.warn(`_headers has ${String(rules)} rules and a ${String(longest)}-character line: Cloudflare Pages takes at most ${String(STATIC_HOST_LIMITS.rules)} rules of ${String(STATIC_HOST_LIMITS.lineLength)} characters (nginx and the bundled server have no such limit)`);
        }
        logger.info(environment === 'MOCK' || environment === 'LOCAL'
          ? `built for ${environment} (PORTAL_ENVIRONMENT): a build that never deploys, with every environment's values`
          : `built for ${environment} (PORTAL_ENVIRONMENT): its pages carry only that environment's values`);
        logger.info(`one security policy for ${String(pages)} pages (${String(rules)} _headers rules), ${String(themes.length)} brand files (themes, favicons), ${String(renderedPages + compressed)} files precompressed (${String(renderedPages)} pages as they rendered)`);
      },
    },
  };
}
