// `npm run build:brands [-- <wl>…]`: builds every brand (or the named ones) into dist/, in one Astro build
// or, with --shards, in several at once.
// `npm run build:brand -- <wl>…`: rebuilds only the named brands into an existing dist/, leaving every
// other brand's pages and assets as they are (a brand manager's change, in seconds), for the environment that
// dist/ was built for (PORTAL_ENVIRONMENT, if set, must name the same).
// Options: --out <dir> (default dist/), --shards <n> (or BUILD_SHARDS), --report (prints a JSON line of peak
// memory and CPU).
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { gzipSync } from 'node:zlib';
import { dirname, join, relative, resolve } from 'node:path';
import { listBrandKeys } from '../../src/config/load-brands.ts';
import { formatProblem } from '../../src/config/config-errors.ts';
import { checkBrands } from '../brand/check-brands.ts';
import { DEFAULT_BRAND } from '../../src/domain/brands.ts';
import { builtPagePolicy, headerRuleCount, writeHeaderFiles } from '../../src/hosting/page-headers.ts';
import { unionPolicy } from '../../src/hosting/security-headers.ts';
import { BUILD_STAMP_FILE, LANGUAGE_PREFIXES, brandEntries, serverDirOf } from '../../src/hosting/dist-layout.ts';
import { writeRouteFiles } from '../../src/hosting/host-routes.ts';
import { assertSameEnvironment, readBuildInfo, writeEnvironmentFiles } from '../../src/hosting/environment-files.ts';
import { pageHeaderOptions } from '../../src/hosting/site-files.ts';
import { buildEnvironment as buildEnvironmentOf } from '../../src/config/build-environment.ts';
import type { Environment } from '../../src/domain/environments.ts';

const root = join(import.meta.dirname, '../..');
/** What stamps a dist/ (in its server folder) with the brands it holds ('' for all): ensure-built.ts and check:dist read it. */
const STAMP = BUILD_STAMP_FILE;
/** Pages outside brand folders: every shard renders them, one shard's copy is kept. */
const SITE_PAGES = ['index.html', 'index.html.gz', ...LANGUAGE_PREFIXES.flatMap((prefix) => [`${prefix}404.html`, `${prefix}404.html.gz`])];

/** Every file below `dir`, relative to it. */
function filesBelow(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesBelow(path, base) : [relative(base, path)];
  });
}

/** Moves `from/file` to `to/file`, replacing what is there. */
function moveFile(from: string, to: string, file: string): void {
  mkdirSync(dirname(join(to, file)), { recursive: true });
  try {
    renameSync(join(from, file), join(to, file));
  } catch (error) {
    // Another file system (an --out outside the project) cannot take a rename.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(join(from, file), join(to, file));
    unlinkSync(join(from, file));
  }
}

/** Renames folder `from` to `to` (which must not exist); false where the two are on different file systems. */
function renamesInPlace(from: string, to: string): boolean {
  try {
    mkdirSync(dirname(to), { recursive: true });
    renameSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    return false;
  }
}

interface ShardUsage {
  maxRssKiB: number;
  cpuSeconds: number;
}

/** This process's environment without what would put Astro in test mode (a caller under Vitest). */
function buildEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
}

/**
 * The environment brands rebuilt into an existing dist/ are built for: that build's own (its _portal-build.json),
 * so `build:brand` on a production dist/ builds production pages without being told. PORTAL_ENVIRONMENT, when
 * set, must name the same one: brands of two environments never share a dist/.
 */
function environmentToAddTo(out: string): Environment | undefined {
  if ((process.env['PORTAL_ENVIRONMENT'] ?? '').trim() !== '') {
    assertSameEnvironment(out);
    return undefined;
  }
  return readBuildInfo(out)?.environment;
}

/** Runs one Astro build of `brands` into `outDir` in a process of its own (for `environment` when given). */
function buildShard(outDir: string, brands: readonly string[], environment: Environment | undefined): Promise<ShardUsage> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'build-shard.ts'), outDir], {
      cwd: root,
      env: { ...buildEnvironment(), BRANDS: brands.join(','), ...(environment ? { PORTAL_ENVIRONMENT: environment } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        const what = brands.length > 3 ? `${String(brands.length)} brands` : brands.join(', ');
        // A broken brand is named in its own lines, as brand:check names it, not in Astro's stack trace (79 lines
        // with the one that matters at line 10, issue 44).
        const problems = checkBrands(process.env['PORTAL_BRANDS_DIR'] ?? join(root, 'brands'), process.env['PORTAL_CONTENT_DIR'] ?? join(root, 'content'), brands, () => undefined);
        if (problems.length > 0) {
          reject(new Error([...problems.map(formatProblem), `the build of ${what} stopped: ${String(problems.length)} problem(s) above; fix them and build again (npm run brand:check -- <wl> checks without building)`].join('\n')));
          return;
        }
        process.stdout.write(output);
        process.stderr.write(errors);
        reject(new Error(`the build of ${what} failed (exit ${String(code)})`));
        return;
      }
      // Its warnings, held back while it ran in case it failed on a broken brand.
      process.stderr.write(errors);
      const last = output.trim().split('\n').pop() ?? '{}';
      resolvePromise(JSON.parse(last) as ShardUsage);
    });
  });
}

/** `brands` in `count` shards of about the same size, the default brand (which the site pages wear) in the first. */
function shardsOf(brands: readonly string[], count: number): string[][] {
  const ordered = [...brands].sort((a, b) => Number(b === DEFAULT_BRAND) - Number(a === DEFAULT_BRAND));
  const shards: string[][] = Array.from({ length: Math.max(1, Math.min(count, ordered.length)) }, () => []);
  ordered.forEach((brand, index) => shards[index % shards.length]?.push(brand));
  return shards;
}

export interface BuildOptions {
  /** The dist/ folder to write. */
  out: string;
  /** The brands to build: all of the brands folder when empty. */
  brands: readonly string[];
  /** Rebuild these brands into an existing `out`, keeping the others. */
  into: boolean;
  /** Parallel Astro builds (default 1). Each is a whole Astro build of its own (~750 MiB and a bundling of the
   * scripts), for machines with cores and memory to spare: on 2 cores one build already keeps both busy (it
   * renders 8 pages at a time and compresses them on a thread of its own), and 2 shards of 1,000 brands took
   * 38 s and 1.5 GiB against one build's 23 s and 1.05 GiB. */
  shards?: number;
}

export interface BuildResult {
  brands: number;
  seconds: number;
  /** Peak memory of the builds running at once, added up. */
  peakKiB: number;
  cpuSeconds: number;
  headerRules: number;
}

/**
 * Builds brands in one Astro build, or in several at once, then moves their files into `out` and writes the
 * header files once, for the union of their policies (one policy, since every brand's pages carry the same
 * inline code). With `into`, only the named brands' pages in `out` are replaced.
 */
export async function buildBrands(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const out = resolve(options.out);
  const all = listBrandKeys(process.env['PORTAL_BRANDS_DIR'] ?? join(root, 'brands'));
  const brands = options.brands.length > 0 ? [...options.brands] : all;
  const outServer = serverDirOf(out);
  if (options.into && !builtPagePolicy(out)) throw new Error(`${out} holds no build to rebuild brands into: build every brand first`);
  const environment = options.into ? environmentToAddTo(out) : undefined;
  const shardCount = Math.max(1, Math.min(options.shards ?? 1, availableParallelism()));
  const shards = shardsOf(brands, shardCount);
  // Inside the project: for an outDir elsewhere Astro puts its server chunks in the shared .astro/, where
  // the other shards' builds would overwrite them.
  mkdirSync(join(root, '.astro'), { recursive: true });
  const work = mkdtempSync(join(root, '.astro', 'brand-builds-'));
  try {
    const shardDirs = shards.map((_, index) => join(work, String(index)));
    const usage = await Promise.all(shards.map((shard, index) => buildShard(shardDirs[index] ?? '', shard, environment)));
    const policies = shardDirs.map((dir) => builtPagePolicy(dir) ?? '');
    if (options.into) {
      policies.unshift(builtPagePolicy(out) ?? '');
      for (const wl of brands) for (const entry of brandEntries(wl)) for (const dir of [out, outServer]) rmSync(join(dir, entry), { recursive: true, force: true });
    } else {
      rmSync(out, { recursive: true, force: true });
      rmSync(outServer, { recursive: true, force: true });
    }
    // One build that is the whole dist/ moves as one folder: one rename instead of one per file (46,000 at
    // 1,000 brands).
    const [onlyDir] = shardDirs;
    const movedWhole = !options.into && onlyDir !== undefined && shardDirs.length === 1 && renamesInPlace(onlyDir, out) && renamesInPlace(serverDirOf(onlyDir), outServer);
    mkdirSync(out, { recursive: true });
    mkdirSync(outServer, { recursive: true });
    const ownsSitePages = (index: number) => index === 0 && (!options.into || shards[0]?.includes(DEFAULT_BRAND) === true || !existsSync(join(out, '404.html')));
    (movedWhole ? [] : shardDirs).forEach((dir, index) => {
      for (const file of filesBelow(dir)) {
        // Header files are written once below; the site pages come from one shard.
        if (/^_(?!astro\/)/.test(file) || (SITE_PAGES.includes(file) && !ownsSitePages(index))) continue;
        moveFile(dir, out, file);
      }
      // Of the server folder, the .gz copies: its header files and stamp are written once below.
      const server = serverDirOf(dir);
      for (const file of existsSync(server) ? filesBelow(server) : []) {
        if (!file.endsWith('.gz') || (SITE_PAGES.includes(file) && !ownsSitePages(index))) continue;
        moveFile(server, outServer, file);
      }
    });
    if (options.into) syncRootBrandList(out);
    const headers = writeHeaderFiles(out, unionPolicy(policies.filter(Boolean)), pageHeaderOptions(root, environment ?? buildEnvironmentOf()));
    writeRouteFiles(out);
    writeEnvironmentFiles(out, { root, ...(environment ? { environment } : {}) });
    const stamped = existsSync(join(outServer, STAMP)) ? readFileSync(join(outServer, STAMP), 'utf8').trim() : '';
    const held = options.into ? (stamped === '' ? [] : [...new Set([...stamped.split(','), ...brands])]) : brands.length === all.length ? [] : brands;
    writeFileSync(join(outServer, STAMP), held.sort().join(','));
    return {
      brands: brands.length,
      seconds: (performance.now() - started) / 1000,
      peakKiB: usage.reduce((sum, shard) => sum + shard.maxRssKiB, process.resourceUsage().maxRSS),
      cpuSeconds: usage.reduce((sum, shard) => sum + shard.cpuSeconds, 0),
      headerRules: headerRuleCount(headers),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const value = (name: string) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? args.splice(index, 2)[1] : undefined;
  };
  const flag = (name: string) => {
    const index = args.indexOf(`--${name}`);
    if (index >= 0) args.splice(index, 1);
    return index >= 0;
  };
  const out = value('out') ?? join(root, 'dist');
  const shards = value('shards') ?? process.env['BUILD_SHARDS'];
  const into = flag('into');
  const report = flag('report');
  const brands = args.length > 0 ? args : (process.env['BRANDS'] ?? '').split(',').map((key) => key.trim()).filter(Boolean);
  if (into && brands.length === 0) {
    console.error('usage: npm run build:brand -- <wl> [<wl>…]');
    process.exit(2);
  }
  try {
    const result = await buildBrands({ out, brands, into, ...(shards ? { shards: Number(shards) } : {}) });
    console.error(`${into ? 'rebuilt' : 'built'} ${String(result.brands)} brand(s) into ${relative(process.cwd(), out) || '.'} in ${result.seconds.toFixed(1)} s; _headers has ${String(result.headerRules)} rules`);
    if (report) console.log(JSON.stringify({ maxRssKiB: result.peakKiB, cpuSeconds: result.cpuSeconds }));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/**
 * The root page sends a returning visitor to the brand in WL_KEY only when it names a brand this dist/ holds
 * (its `data-brands`). A brand rebuilt into an existing dist/ keeps the old root page, or brings one that
 * lists only itself: after the merge, the list names every brand whose login the dist/ holds.
 */
export function syncRootBrandList(out: string): void {
  const appDir = join(out, 'app');
  if (!existsSync(appDir)) return;
  const held = readdirSync(appDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(appDir, entry.name, 'login.html')))
    .map((entry) => entry.name)
    .sort();
  for (const file of LANGUAGE_PREFIXES.map((prefix) => `${prefix}index.html`)) {
    const path = join(out, file);
    if (!existsSync(path)) continue;
    const html = readFileSync(path, 'utf8').replace(/data-brands="[^"]*"/, `data-brands="${held.join(' ')}"`);
    writeFileSync(path, html);
    const copy = join(serverDirOf(out), `${file}.gz`);
    if (existsSync(copy)) writeFileSync(copy, gzipSync(html, { level: 9 }));
  }
}
