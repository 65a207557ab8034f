// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { emulatorDevServer } from './scripts/emulator/dev-server-integration.ts';
import { cspDirectives } from './src/build/csp.ts';
import { loadEnvironmentMap } from './src/config/load-environment-map.ts';
import { pageHeaders } from './src/build/page-headers.ts';
import { engageDirective } from './src/build/engage.ts';

// Login statistics go to the digital-pulse host of each environment: the only other origin pages call.
const pulseOrigins = Object.values(loadEnvironmentMap().digitalPulseHosts).map((url) => new URL(url).origin);

// Pages are plain files (`/app/nxn/login` -> app/nxn/login.html) so the spec's relative
// `login` links resolve next to the page on every host.
export default defineConfig({
  output: 'static',
  trailingSlash: 'never',
  // Eight pages at a time: a page's render awaits its file write and its CSP hashes, which run on libuv's
  // threads, and one page at a time left the main thread idle a third of the build (1,000 brands: 31 s of
  // rendering at 1, 19 s at 8, no gain past 8).
  build: { format: 'file', inlineStylesheets: 'auto', concurrency: 8 },
  i18n: {
    locales: ['en-US', 'de-DE'],
    defaultLocale: 'en-US',
    routing: { prefixDefaultLocale: false, redirectToDefaultLocale: false },
  },
  integrations: [react(), engageDirective(), emulatorDevServer(), pageHeaders()],
  devToolbar: { enabled: false },
  // What every page with an island loads (React's core, the JSX runtime, nanostores and the islands' own
  // hooks and helpers, the code loader and the code-failure view) goes out as one file instead of eight small
  // ones: each file costs its own request and gzip header, which on the login page came to a kilobyte.
  vite: {
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
