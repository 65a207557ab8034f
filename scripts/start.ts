// `npm start`: build every brand when dist/ is missing or stale, then serve dist/ and the
// portal-login-service emulator on one origin.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEmulator } from '../src/emulator/create-emulator.ts';
import { createPortalServer } from './server/portal-server.ts';

const root = join(import.meta.dirname, '..');
const distDir = join(root, 'dist');
const stamp = join(distDir, '.portal-build-stamp');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

const sources = ['src', 'brands', 'content', 'public', 'astro.config.mjs', 'package.json'].map((entry) => join(root, entry));
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const builtBrands = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
const wantedBrands = process.env['BRANDS'] ?? '';
if (builtAt === 0 || builtBrands !== wantedBrands || sources.some((source) => newestMtime(source) > builtAt)) {
  console.log('Building the portal (dist/ is missing or older than its sources)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, wantedBrands);
}

const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? 'localhost';
const emulator = createEmulator();
const server = createPortalServer({ distDir, mounted: (req, res) => emulator.handle(req, res) });
server.listen(port, host, () => {
  const base = `http://${host}:${port}`;
  console.log(`Portal and emulator on ${base}`);
  console.log(`  Login:            ${base}/app/nxn/login?SMQUERYDATA=demo`);
  console.log(`  Forgot password:  ${base}/self-service/nxn/fps`);
  console.log(`  Forgot user id:   ${base}/self-service/nxn/fuid`);
  console.log(`  Emulator outbox:  ${base}/__emulator/outbox`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
