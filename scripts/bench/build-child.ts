// Runs one Astro build in this process and prints its peak memory, for build-scale.ts.
import { build } from 'astro';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: build-child.ts <outDir>');
await build({ root: new URL('../..', import.meta.url).pathname, outDir, logLevel: 'error' });
console.log(JSON.stringify({ maxRssKiB: process.resourceUsage().maxRSS }));
