// @ts-check
import { createHash } from 'node:crypto';
import languageList from './src/domain/languages.json' with { type: 'json' };
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { emulatorDevServer } from './scripts/emulator/dev-server-integration.ts';
import { cspDirectives } from './src/hosting/csp.ts';
import { loadBuiltEnvironmentMap } from './src/config/build-environment.ts';
import { environmentModule } from './src/integrations/environment-module.ts';
import { pageHeaders } from './src/hosting/page-headers.ts';
import { engageDirective } from './src/integrations/engage.ts';
import { prePaintScripts } from './src/integrations/pre-paint.ts';

// Astro bundles the content collections (brands, content) from the data store in its cache folder: builds of
// other brand folders or subsets (tests, benchmarks, the shards of build:brands) keep a folder of their own
// (in the system's temporary folder, dropped after the build), so two builds at once never bundle each other's
// brands. The default build keeps Astro's default folder.
const dataSet = ['PORTAL_BRANDS_DIR', 'PORTAL_CONTENT_DIR', 'BRANDS'].map((name) => process.env[name] ?? '').join('\n');
const cacheDir = dataSet.trim() === '' ? undefined : join(tmpdir(), 'portal-astro-cache', createHash('sha256').update(`${import.meta.url}\n${dataSet}`).digest('hex').slice(0, 16));

/**
 * A data set's own cache folder is of no use after its build (a test's or a benchmark's brands are gone).
 * @param {string} dir
 * @returns {import('astro').AstroIntegration}
 */
function dropCacheAfterBuild(dir) {
  return { name: 'portal-drop-data-cache', hooks: { 'astro:build:done': () => rmSync(dir, { recursive: true, force: true }) } };
}

// Login statistics go to the digital-pulse host of the build's environment (PORTAL_ENVIRONMENT, docs/deploying.md):
// the only other origin pages call. A production build's policy names no other environment's host.
const pulseOrigins = Object.values(loadBuiltEnvironmentMap().digitalPulseHosts).map((url) => new URL(url).origin);

// Pages are plain files (`/app/nxn/login` -> app/nxn/login.html) so the spec's relative
// `login` links resolve next to the page on every host.
export default defineConfig({
  output: 'static',
  ...(cacheDir ? { cacheDir } : {}),
  trailingSlash: 'never',
  // Eight pages at a time: a page's render awaits its file write and its CSP hashes, which run on libuv's
  // threads, and one page at a time left the main thread idle a third of the build (1,000 brands: 31 s of
  // rendering at 1, 19 s at 8, no gain past 8).
  build: { format: 'file', inlineStylesheets: 'auto', concurrency: 8 },
  i18n: {
    // The one list of languages (src/domain/languages.json, docs/languages.md).
    locales: languageList.languages,
    defaultLocale: languageList.default,
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [react(), engageDirective(), prePaintScripts(), emulatorDevServer(), pageHeaders(), ...(cacheDir ? [dropCacheAfterBuild(cacheDir)] : [])],
  devToolbar: { enabled: false },
  // What every page with an island loads (React's core, the JSX runtime, nanostores and the islands' own
  // hooks and helpers, the code loader and the code-failure view) goes out as one file instead of eight small
  // ones: each file costs its own request and gzip header, which on the login page came to a kilobyte.
  vite: {
    plugins: [environmentModule()],
    // `?worker&url` builds a module of its own with its address (the login page's passkey code loaded on use,
    // src/page-scripts/passkey-login-finish.ts): an ES module, with the build's environment map like the pages'.
    // Vite builds a worker without its exports; this module is imported for them, so they are kept. One file: the
    // chunks a worker build splits off are not copied to the client's assets.
    worker: {
      format: 'es',
      plugins: () => [environmentModule(), { name: 'portal-keep-module-exports', options: (options) => ({ ...options, preserveEntrySignatures: 'strict' }) }],
      rolldownOptions: { output: { codeSplitting: false } },
    },
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{
              name: 'islands-shared',
              test: /node_modules[\\/](react|scheduler|nanostores)[\\/]|src[\\/](islands[\\/](hooks|CodeFailure)|stores[\\/]visitor|lib[\\/](code-loader|validators))|click-tracking/,
            }],
          },
        },
      },
    },
  },
  // Hashes for every script and style Astro emits; inline ones add theirs via Astro.csp.
  security: { csp: { algorithm: 'SHA-256', directives: cspDirectives(pulseOrigins) } },
});
