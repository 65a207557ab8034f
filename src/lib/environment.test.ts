import { describe, expect, test } from 'vitest';
import type { EnvironmentMap } from '../config/environment-schema.ts';
import { loadEnvironmentMap } from '../config/load-environment-map.ts';
import { ENVIRONMENT_ERRORS, resolveEnvironment, showsWhiteLabelTesting, smAgentName } from './environment.ts';

const map: EnvironmentMap = {
  domainEnvMap: { QA: ['^portal-qa\\.nxn\\.example$'], PRODUCTION: ['^portal\\.nxn\\.example$'] },
  corporateDomains: ['nxn.example'],
  whiteLabelTestingEnvironments: ['DEV', 'XAT', 'QA'],
  digitalPulseHosts: {},
  smagentname: { qa: 'agentqa', other: 'agent' },
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

  test('refuses a malformed map', () => {
    expect(resolveEnvironment('a.nxn.example', { ...map, domainEnvMap: { QA: ['('] } })).toEqual({ ok: false, error: 'MALFORMED_MAP' });
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

test('the White Label testing link shows only in integration-test environments on the provider domains', () => {
  expect(showsWhiteLabelTesting('portal-qa.nxn.example', map)).toBe(true);
  expect(showsWhiteLabelTesting('xat1.nxn.example', map)).toBe(true);
  expect(showsWhiteLabelTesting('portal.nxn.example', map)).toBe(false);
  expect(showsWhiteLabelTesting('localhost', map)).toBe(false);
});

test('QA has its own SiteMinder agent name', () => {
  expect(smAgentName('QA', map)).toBe('agentqa');
  expect(smAgentName('PRODUCTION', map)).toBe('agent');
});

test('the shipped environment map is valid', () => {
  const shipped = loadEnvironmentMap(new URL('../..', import.meta.url).pathname);
  expect(resolveEnvironment('portal-xat.nxn.example', shipped)).toEqual({ ok: true, environment: 'XAT' });
});
