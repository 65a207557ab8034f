// `npm run brand:preview -- <wl>`: the brand's pages in both languages against the live dev server. Uses the
// `npm run dev` already running on PORT (default 4321), or starts one; prints every page type's URL and opens
// the login page in both languages where a browser is at hand (BROWSER=none: print only). Edits to
// brands/<wl>/ then show on the open pages as you save.
// `npm run brand:preview -- <wl> --build`: builds that brand (and the default brand) into preview/dist, never dist/,
// and serves that production build with the emulator instead.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { listBrandKeys } from '../../src/config/load-brands.ts';
import { brandPageUrls, devServerAt, startDevServer } from './dev-server.ts';
import { buildPreview } from './preview-build.ts';
import { serveWithEmulator } from '../server/serve-with-emulator.ts';

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
  const out = await buildPreview([key]);
  const { base, close } = await serveWithEmulator(out, Number(process.env['PORT'] ?? 4321));
  console.log(`\nThe production build of ${key} (in ${out}) with the emulator on ${base}:`);
  for (const { name, language, url } of brandPageUrls(base, key)) console.log(`  ${`${name} (${language})`.padEnd(30)} ${url}`);
  console.log('Ctrl+C stops the server.');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => { close(); process.exit(0); });
} else {
  const port = Number(process.env['PORT'] ?? 4321);
  const base = `http://localhost:${String(port)}`;
  const found = await devServerAt(base);
  if (found === 'other') {
    console.error(`Something else answers on ${base}: not the dev server of this checkout (${root}), perhaps another checkout's.\nStop it, or preview on a free port: PORT=${String(port + 1)} npm run brand:preview -- ${key}`);
    process.exit(1);
  }
  const running = found === 'ours';
  const server = running ? undefined : await startDevServer({ port, output: 'inherit', readyPath: `/app/${key}/login?SMQUERYDATA=preview` });
  const urls = brandPageUrls(base, key);
  // Said only of pages that answer as this brand's: a 404 in the default brand's look is no preview of it.
  const wrong = await pagesNotOfBrand(urls, key);
  if (wrong.length > 0) {
    console.error(`The dev server on ${base} does not serve ${key}'s pages:\n${wrong.map((line) => `  ${line}`).join('\n')}\nnpm run brand:check -- ${key} names what is broken.`);
    if (server) await server.stop();
    process.exit(1);
  }
  console.log(`\n${running ? 'The dev server already running' : 'The dev server'} on ${base} serves ${key}:`);
  for (const { name, language, url } of urls) console.log(`  ${`${name} (${language})`.padEnd(30)} ${url}`);
  const logins = urls.filter(({ name }) => name === 'Login').map(({ url }) => url);
  console.log(openInBrowser(logins) ? '\nOpened the login page in both languages.' : '\nNo browser to open here: open the URLs above.');
  console.log(`Edit brands/${key}/ and save: the open pages reload. ${server ? 'Ctrl+C stops the server.' : ''}`);
  if (server) {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void server.stop().then(() => process.exit(0)));
  }
}

/** The pages that do not answer 200 as brand `key`'s (`data-brand` on their body), each with what came instead. */
async function pagesNotOfBrand(urls: ReadonlyArray<{ url: string }>, key: string): Promise<string[]> {
  const wrong: string[] = [];
  for (const { url } of urls) {
    const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    const brand = /<body[^>]*\sdata-brand="([^"]*)"/.exec(await response.text())?.[1];
    if (response.status !== 200 || brand !== key) wrong.push(`${url}: ${String(response.status)}${brand ? `, the look of ${brand}` : ''}`);
  }
  return wrong;
}

/** Opens the URLs in the desktop's browser; false where there is none (a server, CI, BROWSER=none). */
function openInBrowser(urls: readonly string[]): boolean {
  if (process.env['BROWSER'] === 'none' || process.env['CI']) return false;
  const opener = process.platform === 'darwin' ? ['open'] : process.platform === 'win32' ? ['cmd', '/c', 'start', '""'] : ['xdg-open'];
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) return false;
  const [command = '', ...rest] = opener;
  return urls.every((url) => spawnSync(command, [...rest, url], { stdio: 'ignore' }).status === 0);
}
