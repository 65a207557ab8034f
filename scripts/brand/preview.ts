// `npm run brand:preview -- <wl>`: the brand's pages in both languages against the live dev server. Uses the
// `npm run dev` already running on PORT (default 4321), or starts one; prints every page type's URL and opens
// the login page in both languages where a browser is at hand (BROWSER=none: print only). Edits to
// brands/<wl>/ then show on the open pages as you save.
// `npm run brand:preview -- <wl> --build`: builds only that brand and serves the production build instead.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { listBrandKeys } from '../../src/config/load-brands.ts';
import { readBuildInfo } from '../../src/hosting/environment-files.ts';
import { brandPageUrls, devServerAnswers, startDevServer } from './dev-server.ts';

const root = join(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const build = args.includes('--build');
const key = args.find((arg) => !arg.startsWith('--'));
const keys = listBrandKeys(process.env['PORTAL_BRANDS_DIR'] ?? join(root, 'brands'));
if (!key || !keys.includes(key)) {
  console.error(key ? `No brand folder brands/${key}/. Brands: ${keys.join(', ')}` : 'usage: npm run brand:preview -- <wl> [--build]');
  process.exit(1);
}

if (build) {
  // The preview builds one brand, MOCK, into dist/: never over a build made to deploy (ops' next release).
  const built = (() => {
    try {
      return readBuildInfo(join(root, 'dist'))?.environment;
    } catch {
      return undefined;
    }
  })();
  if (built !== undefined && built !== 'MOCK' && built !== 'LOCAL') {
    console.error(`dist/ holds a ${built} build, made to deploy: brand:preview --build would replace it with a MOCK build of ${key} alone. Release it first (npm run release), or preview without --build.`);
    process.exit(1);
  }
  const child = spawn(process.execPath, [join(root, 'scripts/server/start.ts')], { stdio: 'inherit', env: { ...process.env, BRANDS: key } });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const port = Number(process.env['PORT'] ?? 4321);
  const running = await devServerAnswers(`http://localhost:${String(port)}`);
  const server = running ? undefined : await startDevServer({ port, output: 'inherit', readyPath: `/app/${key}/login?SMQUERYDATA=preview` });
  const base = `http://localhost:${String(port)}`;
  const urls = brandPageUrls(base, key);
  console.log(`\n${running ? 'The dev server already running' : 'The dev server'} on ${base} serves ${key}:`);
  for (const { name, language, url } of urls) console.log(`  ${`${name} (${language})`.padEnd(30)} ${url}`);
  const logins = urls.filter(({ name }) => name === 'Login').map(({ url }) => url);
  console.log(openInBrowser(logins) ? '\nOpened the login page in both languages.' : '\nNo browser to open here: open the URLs above.');
  console.log(`Edit brands/${key}/ and save: the open pages reload. ${server ? 'Ctrl+C stops the server.' : ''}`);
  if (server) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.stop().then(() => process.exit(0)));
  }
}

/** Opens the URLs in the desktop's browser; false where there is none (a server, CI, BROWSER=none). */
function openInBrowser(urls: readonly string[]): boolean {
  if (process.env['BROWSER'] === 'none' || process.env['CI']) return false;
  const opener = process.platform === 'darwin' ? ['open'] : process.platform === 'win32' ? ['cmd', '/c', 'start', '""'] : ['xdg-open'];
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) return false;
  const [command = '', ...rest] = opener;
  return urls.every((url) => spawnSync(command, [...rest, url], { stdio: 'ignore' }).status === 0);
}
