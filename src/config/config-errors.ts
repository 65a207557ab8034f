import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { locateInJson } from './json-location.ts';

/** One problem in a brand or content file, printed as `file: path: message`. */
export const configProblemSchema = z.strictObject({
  /** The file, from the project's root. @example "brands/acme/brand.json" */
  file: z.string().min(1),
  /** The key path in it, or `(root)` or `(folder)`. @example "heroText.tagline1" */
  path: z.string().min(1),
  message: z.string().min(1),
  /** Where in the file, when known: the absolute path, line and column (for the dev server's error page). */
  at: z.strictObject({ absolute: z.string(), line: z.int().positive(), column: z.int().positive() }).optional(),
});
export type ConfigProblem = z.infer<typeof configProblemSchema>;

/**
 * Thrown when brand or content files are broken; its message is one line per problem. `title`, `hint` and
 * `loc` are what Astro's error page in `npm run dev` shows beside the message: a heading, what to do, and
 * the first problem's place in its file (shown as a code frame with an "open in editor" link).
 */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];
  readonly title = 'A brand or content file is broken';
  readonly hint = 'Fix the file named above and save it: this page reloads by itself. `npm run brand:check` lists the problems of every brand.';
  readonly loc: { file: string; line: number; column: number } | undefined;
  /** The located file's text: Astro reads it itself only for files inside the project. */
  readonly fullCode: string | undefined;

  constructor(problems: readonly ConfigProblem[]) {
    super(['Broken brand or content configuration:', ...problems.map(formatProblem)].join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
    const at = problems.find((problem) => problem.at)?.at;
    this.loc = at ? { file: at.absolute, line: at.line, column: at.column } : undefined;
    this.fullCode = at && existsSync(at.absolute) ? readFileSync(at.absolute, 'utf8') : undefined;
  }
}

/** `brands/acme/brand.json: heroText.tagline1: required` */
export function formatProblem(problem: ConfigProblem): string {
  return `${problem.file}: ${problem.path}: ${problem.message}`;
}

function joinPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/** The problems with their place in the file whose text is `text` (at `absolute`), where it can be found. */
export function locateProblems(problems: readonly ConfigProblem[], absolute: string, text: string): ConfigProblem[] {
  return problems.map((problem) => {
    const at = locateInJson(text, problem.path, problem.message);
    return at ? { ...problem, at: { absolute, ...at } } : problem;
  });
}

/** Turns zod issues into one friendly problem each (an unknown key names itself). */
export function problemsFromZod(file: string, error: z.ZodError): ConfigProblem[] {
  return error.issues.flatMap((issue): ConfigProblem[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ file, path: joinPath([...issue.path, key]), message: 'unknown key' }));
    }
    let message = issue.message.replace(/^Invalid input: /, '');
    if (issue.code === 'invalid_type' && /received undefined$/.test(message)) message = 'required';
    return [{ file, path: joinPath(issue.path), message }];
  });
}
