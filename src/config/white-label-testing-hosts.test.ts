import { afterEach, describe, expect, test, vi } from 'vitest';
import type { EnvironmentMap } from '../contract/environment-map.ts';
import { loadEnvironmentMap } from './load-environment-map.ts';
import { scopeEnvironmentMap } from './build-environment.ts';
import { showsWhiteLabelTesting } from '../lib/environment.ts';
import { whiteLabelTestingHosts } from './white-label-testing-hosts.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

/** console.error, silenced (an unresolvable host is logged). */
const consoleErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('the hosts where the White Label testing island wakes at once', () => {
  // Every own part the rules can meet, under each corporate domain, the map's own hosts, and hosts outside.
  const hosts = (base: EnvironmentMap) => [
    ...['', 'portal', 'portal-dev', 'portal-qa', 'portal-xat', 'wl-test', 'xat1', 'demo-eu', 'uat', 'test2.eu', 'a.dev.b', 'prod', 'login.cwa', 'QA-Upper']
      .flatMap((own) => base.corporateDomains.map((domain) => (own ? `${own}.${domain}` : domain))),
    'localhost', 'portal-qa.nxn.example.evil.org', 'evil.example.org', 'devnxn.example', 'login.brightpath529.example',
  ];
  for (const [name, base] of [
    ['the shipped map', loadEnvironmentMap()],
    ['a map with PRODUCTION among the testing environments', { ...loadEnvironmentMap(), whiteLabelTestingEnvironments: ['DEV', 'QA', 'XAT', 'PRODUCTION'] } satisfies EnvironmentMap],
    ['a map with QA alone', { ...loadEnvironmentMap(), whiteLabelTestingEnvironments: ['QA'] } satisfies EnvironmentMap],
    ['a build for QA', scopeEnvironmentMap(loadEnvironmentMap(), 'QA')],
  ] as const) {
    test(`match every host that shows the link, and no host outside the corporate domains (${name})`, () => {
      consoleErrors();
      const gate = new RegExp(whiteLabelTestingHosts(base), 'i');
      const shown = hosts(base).filter((host) => showsWhiteLabelTesting(host, { build: 'MOCK' as const, ...base }));
      expect(shown.length).toBeGreaterThan(0);
      for (const host of shown) expect(gate.test(host), host).toBe(true);
      for (const host of ['localhost', 'evil.example.org', 'portal-qa.nxn.example.evil.org', 'devnxn.example']) expect(gate.test(host), host).toBe(false);
    });
  }

  test('leave production hosts alone', () => {
    const gate = new RegExp(whiteLabelTestingHosts(loadEnvironmentMap()), 'i');
    expect(['portal.nxn.example', 'nxn.example', 'login.cwa.example'].filter((host) => gate.test(host))).toEqual([]);
  });
});
