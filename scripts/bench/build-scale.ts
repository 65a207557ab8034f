// `npm run bench:build [-- 50 200 1000]`: generates N synthetic brands in a temporary folder,
// builds them (build-brands.ts: one Astro build, or BUILD_SHARDS at once), and prints pages, seconds (wall
// and CPU), milliseconds per page, the milliseconds per page each size added, peak memory (of the builds
// running at once) and the _headers and _redirects rule counts.
import fg from 'fast-glob';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BRAND } from '../../src/domain/brands.ts';
import { listBrandKeys } from '../../src/config/load-brands.ts';
import { headerRuleCount } from '../../src/hosting/page-headers.ts';
import { redirectRuleCounts } from '../../src/hosting/host-routes.ts';

const root = join(import.meta.dirname, '../..');
const sizes = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** When this benchmark last deleted its folders, so a run right after another does not time that deletion. */
const CLEANUP_STAMP = join(tmpdir(), 'portal-bench-build-cleanup');
/** How long ext4 (without a journal) steps over freed inodes when it creates files: see benchBuild. */
const INODE_REUSE_WINDOW_MS = 60_000;

/**
 * Builds N synthetic brands (copies of the shipped ones under new keys) and measures the build. Its
 * folders go in `leftovers` for the caller to delete after the last measurement: on ext4 without a journal
 * (this machine's disk) the kernel skips, one by one, every inode freed in the last minute when it creates
 * a file, and 20,000 files took 0.4 s to create on a quiet disk but 8 s right after 40,000 were deleted.
 * Deleting one size's output before building the next would time the file system's cleanup, not the build.
 */
export function benchBuild(count: number, leftovers: string[]): { brands: number; pages: number; seconds: number; cpuSeconds: number; msPerPage: number; peakMiB: number; headerRules: number; redirectRules: string } {
  const brandsDir = mkdtempSync(join(tmpdir(), 'bench-brands-'));
  const outDir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  leftovers.push(brandsDir, outDir);
  const shipped = listBrandKeys(join(root, 'brands'));
  cpSync(join(root, 'brands', '_defaults'), join(brandsDir, '_defaults'), { recursive: true });
  for (let index = 0; index < count; index += 1) {
    const source = shipped[index % shipped.length] ?? DEFAULT_BRAND;
    cpSync(join(root, 'brands', source), join(brandsDir, `bench-${String(index).padStart(4, '0')}`), { recursive: true });
  }
  const started = performance.now();
  const child = spawnSync(process.execPath, [join(root, 'scripts/deploy/build-brands.ts'), '--out', outDir, '--report'], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORTAL_BRANDS_DIR: brandsDir, BUILD_LOG_LEVEL: process.env['BUILD_LOG_LEVEL'] ?? '', BUILD_SHARDS: process.env['BUILD_SHARDS'] ?? '' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (child.status !== 0) throw new Error(`build of ${count} brands failed:\n${child.stderr}`);
  const lastLine = child.stdout.trim().split('\n').pop() ?? '{}';
  const { maxRssKiB = 0, cpuSeconds = 0 } = JSON.parse(lastLine) as { maxRssKiB?: number; cpuSeconds?: number };
  const pages = fg.sync('**/*.html', { cwd: outDir }).length;
  const headerRules = headerRuleCount(readFileSync(join(outDir, '_headers'), 'utf8'));
  const redirects = redirectRuleCounts(readFileSync(join(outDir, '_redirects'), 'utf8'));
  return { brands: count, pages, seconds, cpuSeconds, msPerPage: (seconds * 1000) / pages, peakMiB: maxRssKiB / 1024, headerRules, redirectRules: `${String(redirects.staticRules)}+${String(redirects.dynamicRules)}` };
}

if (import.meta.main) {
  // "ms/page added": the time each size's extra pages took over the size before, without the fixed start-up
  // that ms/page spreads over fewer pages at small sizes; flat when the build scales linearly.
  const sinceCleanup = existsSync(CLEANUP_STAMP) ? Date.now() - Number(readFileSync(CLEANUP_STAMP, 'utf8')) : Infinity;
  if (sinceCleanup >= 0 && sinceCleanup < INODE_REUSE_WINDOW_MS) {
    const wait = INODE_REUSE_WINDOW_MS - sinceCleanup;
    console.log(`waiting ${(wait / 1000).toFixed(0)} s: the last run deleted its folders ${(sinceCleanup / 1000).toFixed(0)} s ago, and creating files within a minute of that is up to 20x slower on ext4 without a journal`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  // _redirects rules: static+dynamic, as Cloudflare Pages counts them (at most 2,000+100).
  console.log('brands  pages  seconds  cpu s  ms/page  ms/page added  peak MiB  _headers rules  _redirects rules');
  const leftovers: string[] = [];
  let previous: { pages: number; seconds: number } | undefined;
  try {
    for (const count of sizes.length > 0 ? sizes : [50, 200]) {
      const result = benchBuild(count, leftovers);
      const added = previous && result.pages > previous.pages ? ((result.seconds - previous.seconds) * 1000) / (result.pages - previous.pages) : undefined;
      previous = result;
      console.log(`${String(result.brands).padStart(6)}  ${String(result.pages).padStart(5)}  ${result.seconds.toFixed(1).padStart(7)}  ${result.cpuSeconds.toFixed(1).padStart(5)}  ${result.msPerPage.toFixed(2).padStart(7)}  ${(added === undefined ? '-' : added.toFixed(2)).padStart(13)}  ${result.peakMiB.toFixed(0).padStart(8)}  ${String(result.headerRules).padStart(14)}  ${result.redirectRules.padStart(16)}`);
    }
  } finally {
    for (const dir of leftovers) rmSync(dir, { recursive: true, force: true });
    writeFileSync(CLEANUP_STAMP, String(Date.now()));
  }
}
