// Prints the Lighthouse scores of the last `npm run lighthouse` (from .lighthouseci/reports).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const manifest = join(import.meta.dirname, '../../.lighthouseci/reports/manifest.json');
if (!existsSync(manifest)) {
  console.error('No Lighthouse results: run npm run lighthouse first');
  process.exit(1);
}
const runs = JSON.parse(readFileSync(manifest, 'utf8')) as Array<{ url: string; summary: Record<string, number> }>;
console.log('performance  accessibility  best-practices  page (mobile)');
for (const run of runs) {
  const score = (name: string) => (run.summary[name] ?? 0).toFixed(2).padStart(name.length);
  console.log(`${score('performance')}  ${score('accessibility')}  ${score('best-practices')}  ${new URL(run.url).pathname}`);
}
