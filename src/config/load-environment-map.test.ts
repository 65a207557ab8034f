import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ConfigError } from './config-errors.ts';
import { loadEnvironmentMap } from './load-environment-map.ts';

const shipped = loadEnvironmentMap(new URL('../..', import.meta.url).pathname);

/** Loads a map written into a fresh project folder; the problems it is refused with, or [] when it loads. */
function problemsOf(map: unknown): string[] {
  const root = mkdtempSync(join(tmpdir(), 'env-map-'));
  mkdirSync(join(root, 'src/config'), { recursive: true });
  writeFileSync(join(root, 'src/config/environment-map.json'), typeof map === 'string' ? map : JSON.stringify(map));
  try {
    loadEnvironmentMap(root);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems.map((problem) => `${problem.path}: ${problem.message}`);
  }
}

test('the shipped environment map loads', () => {
  expect(problemsOf(shipped)).toEqual([]);
});

test('a malformed map stops the build with spec 8\'s message and the place of each problem', () => {
  expect(problemsOf({ ...shipped, domainEnvMap: { QA: ['('] } })).toEqual(['domainEnvMap.QA[0]: Malformed DomainEnvMap mapping: must be a valid regular expression']);
  expect(problemsOf({ ...shipped, corporateDomains: [] })[0]).toMatch(/^corporateDomains: Malformed DomainEnvMap mapping: /);
  expect(problemsOf({ ...shipped, smagentname: { investor: { qa: 'a', other: 'b' } } })).toEqual(['smagentname.client: Malformed DomainEnvMap mapping: required']);
  expect(problemsOf('{ not json')[0]).toMatch(/^\(root\): Malformed DomainEnvMap mapping: invalid JSON/);
});

test('every shape that would break resolution in the browser is refused at build time', () => {
  const broken: unknown[] = [
    {}, null, 'map', [], { ...shipped, domainEnvMap: { QA: '^qa$' } }, { ...shipped, domainEnvMap: { QA: [''] } }, { ...shipped, domainEnvMap: { QA: [1] } },
    { ...shipped, domainEnvMap: null }, { ...shipped, corporateDomains: 'nxn.example' }, { ...shipped, whiteLabelTestingEnvironments: 'QA' },
    { ...shipped, digitalPulseHosts: { QA: 7 } }, { ...shipped, smagentname: null }, { ...shipped, domainEnvMap: { STAGING: ['^s$'] } },
  ];
  for (const map of broken) expect(problemsOf(map), JSON.stringify(map)).not.toEqual([]);
});
