import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENVIRONMENT_ERRORS } from '../domain/environments.ts';
import { ConfigError, problemsFromZod } from './config-errors.ts';
import { environmentMapSchema } from '../contract/environment-map.ts';
import type { EnvironmentMap } from '../contract/environment-map.ts';

const FILE = 'src/config/environment-map.json';

/**
 * Reads and validates the environment map at build time; a broken map stops the build with spec 8's
 * message on each problem. This is the map's only check: pages carry the validated map.
 */
export function loadEnvironmentMap(root: string = process.cwd()): EnvironmentMap {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(join(root, FILE), 'utf8'));
  } catch (error) {
    throw new ConfigError([{ file: FILE, path: '(root)', message: `${ENVIRONMENT_ERRORS.MALFORMED_MAP}: invalid JSON: ${error instanceof Error ? error.message : String(error)}` }]);
  }
  const parsed = environmentMapSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(problemsFromZod(FILE, parsed.error).map((problem) => ({ ...problem, message: `${ENVIRONMENT_ERRORS.MALFORMED_MAP}: ${problem.message}` })));
  }
  return parsed.data;
}
