// `npm run bench:build [-- 50 200 1000]`: generates N synthetic brands in a temporary folder,
// builds them, and prints pages, seconds, milliseconds per page and peak memory.
import fg from 'fast-glob';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const sizes = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n > 0);


/** Builds N synthetic brands (copies of the shipped ones under new keys) and measures the build. */
export function benchBuild(count: number): { brands: number; pages: number; seconds: number; cpuSeconds: number; msPerPage: number; peakMiB: number } {
  const brandsDir = mkdtempSync(join(tmpdir(), 'bench-brands-'));
  const outDir = mkdtempSync(join(tmpdir(), 'bench-dist-'));
  try {
    const shipped = readdirSync(join(root, 'brands')).filter((entry) => !entry.startsWith('_'));
    cpSync(join(root, 'brands', '_defaults'), join(brandsDir, '_defaults'), { recursive: true });
    for (let index = 0; index < count; index += 1) {
      const source = shipped[index % shipped.length] ?? 'nxn';
      cpSync(join(root, 'brands', source), join(brandsDir, `bench-${String(index).padStart(4, '0')}`), { recursive: true });
    }
    const started = performance.now();
    const child = spawnSync(process.execPath, [join(import.meta.dirname, 'build-child.ts'), outDir], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', PORTAL_BRANDS_DIR: brandsDir, BENCH_LOG_LEVEL: process.env['BENCH_LOG_LEVEL'] ?? '' },
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = (performance.now() - started) / 1000;
    if (child.status !== 0) throw new Error(`build of ${count} brands failed:\n${child.stderr}`);
    const lastLine = child.stdout.trim().split('\n').pop() ?? '{}';
    if (process.env['BENCH_LOG_LEVEL']) process.stderr.write(child.stdout);
    const { maxRssKiB = 0, cpuSeconds = 0 } = JSON.parse(lastLine) as { maxRssKiB?: number; cpuSeconds?: number };
    const pages = fg.sync('**/*.html', { cwd: outDir }).length;
    return { brands: count, pages, seconds, cpuSeconds, msPerPage: (seconds * 1000) / pages, peakMiB: maxRssKiB / 1024 };
  } finally {
    rmSync(brandsDir, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  console.log('brands  pages  seconds  cpu s  ms/page  peak MiB');
  for (const count of sizes.length > 0 ? sizes : [50, 200]) {
    const result = benchBuild(count);
    console.log(`${String(result.brands).padStart(6)}  ${String(result.pages).padStart(5)}  ${result.seconds.toFixed(1).padStart(7)}  ${result.cpuSeconds.toFixed(1).padStart(5)}  ${result.msPerPage.toFixed(2).padStart(7)}  ${result.peakMiB.toFixed(0).padStart(8)}`);
  }
}
