// Runs one Astro build in this process and prints its peak memory, for build-scale.ts.
import { build } from 'astro';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build-child.ts <outDir>');
await build({ root: new URL('../..', import.meta.url).pathname, outDir, logLevel: process.env['BENCH_LOG_LEVEL'] === 'info' ? 'info' : 'error' });
const usage = process.resourceUsage();
// CPU time beside wall time: on a shared machine the wall clock also counts other people's work.
console.log(JSON.stringify({ maxRssKiB: usage.maxRSS, cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6 }));
