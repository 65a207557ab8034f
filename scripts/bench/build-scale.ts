// `npm run bench:build [-- 50 200 1000]`: generates N synthetic brands in a temporary folder,
// builds them (build-brands.ts: parallel builds on every core), and prints pages, seconds (wall and
// CPU), milliseconds per page, peak memory (of the builds running at once) and the _headers rule count.
import fg from 'fast-glob';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_BRAND } from '../../src/domain/brands.ts';
import { headerRuleCount } from '../../src/build/page-headers.ts';

const root = join(import.meta.dirname, '../..');
const sizes = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** Builds N synthetic brands (copies of the shipped ones under new keys) and measures the build. */
export function benchBuild(count: number): { brands: number; pages: number; seconds: number; cpuSeconds: number; msPerPage: number; peakMiB: number; headerRules: number } {
  const brandsDir = mkdtempSync(join(tmpdir(), 'bench-brands-'));
  const outDir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  try {
    const shipped = readdirSync(join(root, 'brands')).filter((entry) => !entry.startsWith('_'));
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
    return { brands: count, pages, seconds, cpuSeconds, msPerPage: (seconds * 1000) / pages, peakMiB: maxRssKiB / 1024, headerRules };
  } finally {
    rmSync(brandsDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log('brands  pages  seconds  cpu s  ms/page  peak MiB  _headers rules');
  for (const count of sizes.length > 0 ? sizes : [50, 200]) {
    const result = benchBuild(count);
    console.log(`${String(result.brands).padStart(6)}  ${String(result.pages).padStart(5)}  ${result.seconds.toFixed(1).padStart(7)}  ${result.cpuSeconds.toFixed(1).padStart(5)}  ${result.msPerPage.toFixed(2).padStart(7)}  ${result.peakMiB.toFixed(0).padStart(8)}  ${String(result.headerRules).padStart(14)}`);
  }
}
