// knip (in `npm run lint`): no unused files, exports, types or dependencies. Its plugins find most entries
// themselves (Astro: astro.config.mjs, src/pages/**, src/content.config.ts; Vitest and Playwright: their
// configs and test files; package.json's scripts); what they cannot see is listed here, each with why.
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    // Started by path, not imported: build-brands.ts spawns a shard per CPU; the emulator runs alone (docs/emulator.md).
    'scripts/deploy/build-shard.ts',
    'scripts/emulator/main.ts',
    // Built as modules of their own with `?worker&url` (login.astro) and imported by their address on use (passkey-login.ts).
    'src/page-scripts/passkey-login-finish.ts',
    'src/page-scripts/passkey-login-stats.ts',
    // Bundled by path with esbuild into what a host runs, not imported: Netlify's outage and language-gap edge
    // functions (release.ts) and the rules Cloudflare's _worker.js carries (cloudflare-worker.ts).
    'src/hosting/netlify-outage.ts',
    'src/hosting/netlify-language-gaps.ts',
    'src/hosting/outage-page.ts',
    'src/hosting/worker-rules.ts',
    // Preloaded into netlify dev by path (node --import) from serve-static-host.ts.
    'scripts/deploy/loopback-listen.ts',
    // A Playwright setup project's file (pseudo-language-build, tests/playwright.config.ts), matched by a pattern of
    // its own that the Playwright plugin does not read.
    'tests/e2e/pseudo-language.setup.ts',
  ],
  ignore: [
    // Brand folders and the brand:new template are data read by path (brand-theme.ts compiles each theme.scss
    // with the token prelude), never imported.
    'brands/**',
    'scripts/brand/template/**',
  ],
  // System tools the scripts spawn (the HTML checker's Java, the test certificate's openssl), not npm packages.
  ignoreBinaries: ['java', 'openssl'],
  ignoreDependencies: [
    // Host runtimes spawned from node_modules/.bin by serve-static-host.ts and tests/hosts (wrangler; netlify
    // with deno for its edge functions), and the checker's jar found with require.resolve('vnu-jar/...').
    'wrangler',
    'netlify-cli',
    'deno',
    // The edge functions' runtime (bootstrap) netlify dev would otherwise import from edge.netlify.com, named by path.
    '@netlify/edge-functions-dev',
    'vnu-jar',
    // tests/hosts reads Netlify's header rules with the parser netlify-cli itself runs (its dependency, exactly
    // pinned there): a devDependency of our own would be a second copy that can differ from what netlify dev does.
    '@netlify/headers-parser',
  ],
};

export default config;
