import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_STAMP_FILE, serverDirOf } from '../../src/hosting/dist-layout.ts';
import { readBuildInfo } from '../../src/hosting/environment-files.ts';
import { buildEnvironment } from '../../src/config/build-environment.ts';

const root = join(import.meta.dirname, '../..');
/** Where the build goes: the site, and beside it what only servers read (src/hosting/dist-layout.ts). */
export const DIST_DIR = join(root, 'dist');
const DIST_SERVER_DIR = serverDirOf(DIST_DIR);
const STAMP = join(DIST_SERVER_DIR, BUILD_STAMP_FILE);

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** The environment a dist/ was built for; undefined when its build information is missing or of an older shape. */
function builtEnvironmentOf(distDir: string): string | undefined {
  try {
    return readBuildInfo(distDir)?.environment;
  } catch {
    // A dist/ built by an older checkout (its build information lacks what this one records): stale, built again.
    return undefined;
  }
}

/** Builds dist/ when it is missing, older than its sources, or built for another BRANDS subset or PORTAL_ENVIRONMENT. */
export function ensureBuilt(): void {
  const sources = ['src', 'brands', 'content', 'public', 'astro.config.mjs', 'package.json'].map((entry) => join(root, entry));
  const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  const builtBrands = existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
  const wantedBrands = process.env['BRANDS'] ?? '';
  const wantedEnvironment = buildEnvironment();
  const builtEnvironment = builtEnvironmentOf(DIST_DIR);
  if (builtAt > 0 && builtBrands === wantedBrands && builtEnvironment === wantedEnvironment && !sources.some((source) => newestMtime(source) > builtAt)) return;
  console.log(`Building the portal${wantedBrands ? ` for ${wantedBrands}` : ''} for ${wantedEnvironment} (dist/ is missing, older than its sources, or built for another environment)…`);
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(STAMP, wantedBrands);
}
