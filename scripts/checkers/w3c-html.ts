// `npm run check:html [-- <distDir>]`: the W3C Nu Html Checker (npm `vnu-jar`, which needs Java 17 or later)
// over every page, stylesheet and SVG of a built dist/: all brands, both languages, redirects and not-found
// pages, the CSS in <style> elements and files. Prints one line per error (file:line.column: message) and
// exits 1 on any. Nothing is filtered: a fault is fixed where the markup is made.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { z } from 'zod';

/** The checker's jar, shipped in the `vnu-jar` package (its install script, which fetches a Java, never runs). */
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * What the checker reads, and how: pages (with the CSS of their <style> elements), stylesheets and SVG, never
 * the `.gz` copies beside them. One run per kind: with `--also-check-css` the checker numbers a page's lines
 * from 0, so pages go without it.
 */
const KINDS = [
  { pattern: '**/*.html', options: [] },
  { pattern: '**/*.css', options: ['--css'] },
  { pattern: '**/*.svg', options: ['--svg'] },
] as const;

/** Files per checker run: the file names go on its command line, which has a length limit. */
const BATCH = 1000;

const messageSchema = z.object({
  type: z.string(),
  subType: z.string().optional(),
  url: z.string().optional(),
  firstLine: z.number().optional(),
  lastLine: z.number().optional(),
  firstColumn: z.number().optional(),
  lastColumn: z.number().optional(),
  message: z.string(),
  extract: z.string().optional(),
});
const reportSchema = z.object({ messages: z.array(messageSchema) });

/** One error the checker found. */
export interface HtmlProblem {
  /** The file, relative to the folder checked. */
  file: string;
  line: number | undefined;
  column: number | undefined;
  message: string;
  /** The text around the error, as the checker quotes it. */
  extract: string | undefined;
}

/** Whether Java can run the checker here, or the reason it cannot. */
export function javaProblem(): string | undefined {
  const run = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (run.error) return 'java not found: the W3C checker needs Java 17 or later (Debian: apt-get install default-jre-headless)';
  const major = Number(/version "(\d+)/.exec(`${run.stderr}${run.stdout}`)?.[1] ?? 0);
  return major >= 17 ? undefined : `Java ${String(major)} found: the W3C checker needs Java 17 or later`;
}

/** The errors of one checker run over `files` (paths relative to `dir`). */
function runChecker(dir: string, options: readonly string[], files: readonly string[]): HtmlProblem[] {
  const run = spawnSync('java', ['-Xss16m', '-jar', VNU_JAR, '--errors-only', ...options, '--format', 'json', '--exit-zero-always', ...files], {
    cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  // With --format json the report goes to standard error.
  const text = run.stderr.trim() || run.stdout.trim();
  let report: z.infer<typeof reportSchema>;
  try {
    report = reportSchema.parse(JSON.parse(text));
  } catch {
    throw new Error(`the W3C checker did not answer with its report (exit ${String(run.status)}): ${text.slice(0, 500)}`);
  }
  return report.messages
    .filter((message) => message.type === 'error' || message.type === 'non-document-error')
    .map((message) => ({
      file: message.url ? relative(dir, message.url.startsWith('file:') ? fileURLToPath(message.url) : message.url) : '(checker)',
      line: message.lastLine ?? message.firstLine,
      column: message.firstColumn ?? message.lastColumn,
      message: message.subType === 'fatal' ? `${message.message} (fatal: the checker stops reading this file here)` : message.message,
      extract: message.extract,
    }));
}

/** Every error the W3C checker finds in the pages, stylesheets and SVG files under `dir`, and how many files it read. */
export function checkHtml(dir: string): { files: number; problems: HtmlProblem[] } {
  let count = 0;
  const problems: HtmlProblem[] = [];
  for (const { pattern, options } of KINDS) {
    const files = fg.sync(pattern, { cwd: dir }).sort();
    count += files.length;
    for (let start = 0; start < files.length; start += BATCH) problems.push(...runChecker(dir, options, files.slice(start, start + BATCH)));
  }
  return { files: count, problems };
}

/** A problem as one line: `file:line.column: message`, then the text it is about. */
export function formatProblem(problem: HtmlProblem): string {
  const where = problem.line === undefined ? '' : `:${String(problem.line)}${problem.column === undefined ? '' : `.${String(problem.column)}`}`;
  const extract = problem.extract ? `\n    ${JSON.stringify(problem.extract.replace(/\s+/g, ' ').trim())}` : '';
  return `${problem.file}${where}: ${problem.message}${extract}`;
}

if (import.meta.main) {
  const distDir = process.argv[2] ?? join(import.meta.dirname, '..', '..', 'dist');
  if (!existsSync(distDir)) {
    console.error(`${distDir} does not exist: run npm run build first`);
    process.exit(1);
  }
  const noJava = javaProblem();
  if (noJava) {
    console.error(noJava);
    process.exit(1);
  }
  const started = performance.now();
  const { files, problems } = checkHtml(distDir);
  for (const problem of problems) console.log(formatProblem(problem));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(problems.length === 0
    ? `W3C checker: ${String(files)} files (pages, stylesheets, SVG), no errors (${seconds} s).`
    : `W3C checker: ${String(problems.length)} error(s) in ${String(new Set(problems.map((problem) => problem.file)).size)} of ${String(files)} files (${seconds} s).`);
  process.exit(problems.length === 0 ? 0 : 1);
}
