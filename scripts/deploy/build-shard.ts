// One Astro build of the BRANDS subset into <outDir>, in this process; prints its peak memory and CPU
// time as the last line (JSON), for build-brands.ts.
import { build } from 'astro';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build-shard.ts <outDir>');
await build({ root: new URL('../..', import.meta.url).pathname, outDir, logLevel: process.env['BUILD_LOG_LEVEL'] === 'info' ? 'info' : 'error' });
const usage = process.resourceUsage();
// CPU time beside wall time: on a shared machine the wall clock also counts other people's work.
console.log(JSON.stringify({ maxRssKiB: usage.maxRSS, cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6 }));
