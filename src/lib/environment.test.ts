import { afterEach, describe, expect, test, vi } from 'vitest';
import type { BuiltEnvironmentMap } from '../contract/environment-map.ts';
import { scopeEnvironmentMap } from '../config/build-environment.ts';
import { loadEnvironmentMap } from '../config/load-environment-map.ts';
import { ENVIRONMENT_ERRORS, FALLBACK_ENVIRONMENT } from '../domain/environments.ts';
import { pageEnvironment, resolveEnvironment, showsWhiteLabelTesting, smAgentName } from './environment.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** console.error, silenced and recorded. */
const consoleErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

/** A map whose pattern this browser cannot compile (the build compiled it; an engine may differ). */
const uncompilable = (base: BuiltEnvironmentMap): BuiltEnvironmentMap => ({ ...base, domainEnvMap: { QA: ['(?<n>a)(?<n>b)'] } });

const map: BuiltEnvironmentMap = {
  build: 'MOCK',
  domainEnvMap: { QA: ['^portal-qa\\.nxn\\.example$'], PRODUCTION: ['^portal\\.nxn\\.example$'] },
  corporateDomains: ['nxn.example'],
  whiteLabelTestingEnvironments: ['DEV', 'XAT', 'QA'],
  digitalPulseHosts: {},
  smagentname: { investor: { qa: 'agentqa', other: 'agent' }, client: { qa: 'clientqa', other: 'client' } },
};

describe('resolveEnvironment', () => {
  test('gives MOCK for localhost and bare hosts, LOCAL when asked for', () => {
    expect(resolveEnvironment('localhost', map)).toEqual({ ok: true, environment: 'MOCK' });
    expect(resolveEnvironment('myhost01', map)).toEqual({ ok: true, environment: 'MOCK' });
    expect(resolveEnvironment('localhost', map, { local: true })).toEqual({ ok: true, environment: 'LOCAL' });
  });

  test('maps configured host patterns first', () => {
    expect(resolveEnvironment('portal-qa.nxn.example', map)).toEqual({ ok: true, environment: 'QA' });
    expect(resolveEnvironment('PORTAL.nxn.example', map)).toEqual({ ok: true, environment: 'PRODUCTION' });
  });

  test('applies the corporate-domain substring rules', () => {
    expect(resolveEnvironment('wl-dev2.nxn.example', map)).toEqual({ ok: true, environment: 'DEV' });
    expect(resolveEnvironment('xat1.nxn.example', map)).toEqual({ ok: true, environment: 'XAT' });
    expect(resolveEnvironment('sales-demo.nxn.example', map)).toEqual({ ok: true, environment: 'XAT' });
    expect(resolveEnvironment('uat.nxn.example', map)).toEqual({ ok: true, environment: 'QA' });
    expect(resolveEnvironment('test-east.nxn.example', map)).toEqual({ ok: true, environment: 'QA' });
    expect(resolveEnvironment('clients.nxn.example', map)).toEqual({ ok: true, environment: 'PRODUCTION' });
  });

  test('refuses a host matching several patterns or none', () => {
    const overlapping = { ...map, domainEnvMap: { QA: ['qa'], XAT: ['nxn'] } };
    expect(resolveEnvironment('portal-qa.nxn.example', overlapping)).toEqual({ ok: false, error: 'MULTIPLE_MATCHES' });
    expect(resolveEnvironment('evil.example.org', map)).toEqual({ ok: false, error: 'NO_MATCH' });
  });

  test('answers a pattern the browser cannot compile with the malformed-map error instead of throwing', () => {
    expect(resolveEnvironment('a.nxn.example', uncompilable(map))).toEqual({ ok: false, error: 'MALFORMED_MAP' });
  });

  test('lets several patterns of one environment match, but not patterns of two', () => {
    const twoOfQa = { ...map, domainEnvMap: { QA: ['^portal-qa\\.', '\\.nxn\\.example$'] } };
    expect(resolveEnvironment('portal-qa.nxn.example', twoOfQa)).toEqual({ ok: true, environment: 'QA' });
    const qaAndXat = { ...map, domainEnvMap: { QA: ['^portal-qa\\.'], XAT: ['\\.nxn\\.example$'] } };
    expect(resolveEnvironment('portal-qa.nxn.example', qaAndXat)).toEqual({ ok: false, error: 'MULTIPLE_MATCHES' });
  });

  test('reads the substring rules from the host\'s own part, not from the corporate domain', () => {
    const devCorp = { ...map, domainEnvMap: {}, corporateDomains: ['devtest-corp.example', 'nxn.example', 'uat.nxn.example'] };
    expect(resolveEnvironment('portal.devtest-corp.example', devCorp)).toEqual({ ok: true, environment: 'PRODUCTION' });
    expect(resolveEnvironment('devtest-corp.example', devCorp)).toEqual({ ok: true, environment: 'PRODUCTION' });
    expect(resolveEnvironment('uat2.devtest-corp.example', devCorp)).toEqual({ ok: true, environment: 'QA' });
    // The longest corporate domain a host belongs to is the one cut off.
    expect(resolveEnvironment('clients.uat.nxn.example', devCorp)).toEqual({ ok: true, environment: 'PRODUCTION' });
    expect(resolveEnvironment('dev1.uat.nxn.example', devCorp)).toEqual({ ok: true, environment: 'DEV' });
  });

  test('ignores the trailing dot of a fully qualified host name and a port', () => {
    expect(resolveEnvironment('portal-qa.nxn.example.', map)).toEqual({ ok: true, environment: 'QA' });
    expect(resolveEnvironment('WL-DEV2.nxn.example.', map)).toEqual({ ok: true, environment: 'DEV' });
    expect(resolveEnvironment('portal.nxn.example:8443', map)).toEqual({ ok: true, environment: 'PRODUCTION' });
    expect(resolveEnvironment('localhost.', map)).toEqual({ ok: true, environment: 'MOCK' });
  });

  test('does not count a look-alike domain as corporate', () => {
    expect(resolveEnvironment('nxn.example.evil.org', map)).toEqual({ ok: false, error: 'NO_MATCH' });
    expect(resolveEnvironment('dev-nxn.example', map)).toEqual({ ok: false, error: 'NO_MATCH' });
  });

  test('keeps the spec error texts', () => {
    expect(ENVIRONMENT_ERRORS).toEqual({
      MALFORMED_MAP: 'Malformed DomainEnvMap mapping',
      MULTIPLE_MATCHES: 'Domain matches multiple environment domain regex',
      NO_MATCH: 'Domain did not match any domain regex',
    });
  });
});

describe('where a page resolves its environment', () => {
  test('an unresolvable host logs the spec message and the host, and the page goes on as PRODUCTION', () => {
    const errors = consoleErrors();
    expect(FALLBACK_ENVIRONMENT).toBe('PRODUCTION');
    expect(pageEnvironment('evil.example.org.', map)).toBe('PRODUCTION');
    expect(pageEnvironment('portal-qa.nxn.example', { ...map, domainEnvMap: { QA: ['qa'], XAT: ['nxn'] } })).toBe('PRODUCTION');
    expect(pageEnvironment('a.nxn.example', uncompilable(map))).toBe('PRODUCTION');
    expect(errors.mock.calls).toEqual([
      ['Domain did not match any domain regex', 'evil.example.org', '(this build is for MOCK)'],
      ['Domain matches multiple environment domain regex', 'portal-qa.nxn.example', '(this build is for MOCK)'],
      ['Malformed DomainEnvMap mapping', 'a.nxn.example', '(this build is for MOCK)'],
    ]);
  });

  test('a resolvable host logs nothing', () => {
    const errors = consoleErrors();
    expect(pageEnvironment('portal-qa.nxn.example', map)).toBe('QA');
    expect(pageEnvironment('localhost', map)).toBe('MOCK');
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('the White Label testing link', () => {
  test('shows only in integration-test environments on the provider domains', () => {
    expect(showsWhiteLabelTesting('portal-qa.nxn.example', map)).toBe(true);
    expect(showsWhiteLabelTesting('xat1.nxn.example', map)).toBe(true);
    expect(showsWhiteLabelTesting('portal.nxn.example', map)).toBe(false);
    expect(showsWhiteLabelTesting('localhost', map)).toBe(false);
  });

  test('shows on a fully qualified host name with its trailing dot', () => {
    expect(showsWhiteLabelTesting('xat1.nxn.example.', map)).toBe(true);
    expect(showsWhiteLabelTesting('PORTAL-QA.NXN.EXAMPLE.', map)).toBe(true);
  });

  test('never shows on a host that cannot be resolved, even where PRODUCTION is a testing environment, and logs why', () => {
    const errors = consoleErrors();
    const everywhere = { ...map, whiteLabelTestingEnvironments: ['DEV', 'XAT', 'QA', 'PRODUCTION'] } satisfies BuiltEnvironmentMap;
    expect(showsWhiteLabelTesting('evil.example.org', everywhere)).toBe(false);
    expect(showsWhiteLabelTesting('xat1.nxn.example', uncompilable(everywhere))).toBe(false);
    expect(errors.mock.calls).toEqual([['Domain did not match any domain regex', 'evil.example.org', '(this build is for MOCK)'], ['Malformed DomainEnvMap mapping', 'xat1.nxn.example', '(this build is for MOCK)']]);
  });
});

test('the SiteMinder agent name follows the portal kind, and QA has its own per kind', () => {
  expect(smAgentName('QA', 'investor', map)).toBe('agentqa');
  expect(smAgentName('PRODUCTION', 'investor', map)).toBe('agent');
  expect(smAgentName('DEV', 'investor', map)).toBe('agent');
  expect(smAgentName('QA', 'client', map)).toBe('clientqa');
  expect(smAgentName('XAT', 'client', map)).toBe('client');
  expect(smAgentName('MOCK', 'client', map)).toBe('client');
});

test('the shipped environment map is valid', () => {
  const shipped = loadEnvironmentMap(new URL('../..', import.meta.url).pathname);
  expect(resolveEnvironment('portal-xat.nxn.example', shipped)).toEqual({ ok: true, environment: 'XAT' });
});

describe('a build for one deployed environment (PORTAL_ENVIRONMENT)', () => {
  const shipped = loadEnvironmentMap(new URL('../..', import.meta.url).pathname);
  const production = scopeEnvironmentMap(shipped, 'PRODUCTION');
  const qa = scopeEnvironmentMap(shipped, 'QA');

  test('a host of the build\'s environment gives it, and nothing is logged', () => {
    const errors = consoleErrors();
    expect(pageEnvironment('portal.nxn.example', production)).toBe('PRODUCTION');
    expect(pageEnvironment('login.cwa.example', production)).toBe('PRODUCTION');
    expect(pageEnvironment('shop.nxn.example', production)).toBe('PRODUCTION');
    expect(pageEnvironment('portal-qa.nxn.example', qa)).toBe('QA');
    expect(showsWhiteLabelTesting('portal-qa.nxn.example', qa)).toBe(true);
    expect(errors).not.toHaveBeenCalled();
  });

  test('a host in no pattern, or another environment\'s host, is the spec\'s error with the build named, never a silent PRODUCTION', () => {
    const errors = consoleErrors();
    // The production build on a QA host, on a host nobody listed, and on this machine: reported, and acting on the only values it has.
    expect(pageEnvironment('portal-qa.nxn.example', production)).toBe('PRODUCTION');
    expect(pageEnvironment('portal.other.example.org', production)).toBe('PRODUCTION');
    expect(pageEnvironment('localhost', production)).toBe('PRODUCTION');
    // The QA build on a production host: QA's values, reported, and never the White Label testing link.
    expect(pageEnvironment('portal.nxn.example', qa)).toBe('QA');
    expect(showsWhiteLabelTesting('portal.nxn.example', qa)).toBe(false);
    expect(errors.mock.calls).toEqual([
      ['Domain did not match any domain regex', 'portal-qa.nxn.example', '(this build is for PRODUCTION; the host is a XAT host)'],
      ['Domain did not match any domain regex', 'portal.other.example.org', '(this build is for PRODUCTION)'],
      ['Domain did not match any domain regex', 'localhost', '(this build is for PRODUCTION; the host is a MOCK host)'],
      ['Domain did not match any domain regex', 'portal.nxn.example', '(this build is for QA; the host is a PRODUCTION host)'],
      ['Domain did not match any domain regex', 'portal.nxn.example', '(this build is for QA; the host is a PRODUCTION host)'],
    ]);
  });

  test('the production map names no other environment\'s hosts, analytics or agents', () => {
    const text = JSON.stringify(production);
    for (const other of ['portal-dev', 'portal-qa', 'portal-xat', 'wl-test', 'dp-dev', 'dp-qa', 'dp-xat', 'nxnportalqa', 'nxnclientqa']) expect(text).not.toContain(other);
    expect(production.whiteLabelTestingEnvironments).toEqual([]);
    expect(production.digitalPulseHosts).toEqual({ PRODUCTION: 'https://dp.nxn.example' });
  });
});
