import type { z } from 'zod';

/** One problem in a brand or content file, printed as `file: path: message`. */
export interface ConfigProblem {
  file: string;
  path: string;
  message: string;
}

/** Thrown when brand or content files are broken; its message is one line per problem. */
export class ConfigError extends Error {
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[]) {
    super(['Broken brand or content configuration:', ...problems.map(formatProblem)].join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
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
