// `npm run check:dist [-- <distDir>]`: is a built dist/ complete and clean enough to deploy?
// Every brand x language x page present, every referenced asset present, no absolute localhost
// URL, nothing of the emulator. One line per problem, exit code 1 on any.
import fg from 'fast-glob';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Page files every brand has in every language (relative to the brand's folders). */
export const BRAND_PAGES = [
  'app/{wl}/login.html', 'app/{wl}/sorry.html', 'app/{wl}/logout.html', 'app/{wl}/ssoLogout.html',
  'app/{wl}/systemRequirements.html', 'app/{wl}/cookiePolicy.html', 'app/{wl}/pageNotFound.html', 'app/{wl}.html',
  'self-service/{wl}/fps.html', 'self-service/{wl}/fuid.html', 'self-service/{wl}/fps-self-change-pw.html',
];
const LANGUAGE_PREFIXES = ['', 'de-DE/'];


/** Every problem of a dist/ folder built for `brands`. */
export function checkDist(distDir: string, brands: readonly string[]): string[] {
  if (!existsSync(distDir)) return [`${distDir}: missing: run npm run build`];
  const problems: string[] = [];
  for (const required of ['index.html', '404.html']) {
    if (!existsSync(join(distDir, required))) problems.push(`${required}: missing page`);
  }
  for (const wl of brands) {
    for (const prefix of LANGUAGE_PREFIXES) {
      for (const page of BRAND_PAGES) {
        const file = `${prefix}${page.replace('{wl}', wl)}`;
        if (!existsSync(join(distDir, file))) problems.push(`${file}: missing page`);
      }
    }
  }
  for (const path of fg.sync('**/*', { cwd: distDir, absolute: true, dot: true })) {
    if (!/\.(html|js|css)$/.test(path)) continue;
    const file = relative(distDir, path);
    const text = readFileSync(path, 'utf8');
    if (/https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?/i.test(text)) problems.push(`${file}: absolute localhost URL`);
    if (text.includes('/__emulator')) problems.push(`${file}: refers to the emulator`);
    if (file.endsWith('.html')) {
      for (const match of text.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)) {
        const asset = match[1] ?? '';
        if (!existsSync(join(distDir, asset))) problems.push(`${file}: missing asset ${asset}`);
      }
    }
  }
  return problems;
}

if (import.meta.main) {
  const root = join(import.meta.dirname, '..');
  const distDir = process.argv[2] ?? join(root, 'dist');
  const stamp = join(distDir, '.portal-build-stamp');
  const subset = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : process.env['BRANDS'] ?? '';
  const brands = subset
    ? subset.split(',').map((key) => key.trim()).filter(Boolean)
    : readdirSync(join(root, 'brands')).filter((entry) => !entry.startsWith('_') && statSync(join(root, 'brands', entry)).isDirectory());
  const problems = checkDist(distDir, brands);
  for (const problem of problems) console.log(problem);
  console.log(problems.length === 0 ? `dist/ is complete: ${brands.length} brands x ${LANGUAGE_PREFIXES.length} languages x ${BRAND_PAGES.length} pages.` : `${problems.length} problem(s).`);
  process.exit(problems.length === 0 ? 0 : 1);
}
