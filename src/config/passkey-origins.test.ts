import { expect, test } from 'vitest';
import { loadEnvironmentMap } from './load-environment-map.ts';
import { passkeyConfigProblems, passkeyOrigins, relatedOriginLabelProblems, relatedOriginsFile } from './passkey-origins.ts';
import type { BrandHosts } from './passkey-origins.ts';

const map = loadEnvironmentMap(new URL('../..', import.meta.url).pathname);
// The shipped sample: cwa on a host of its own in production and in QA, brightpath529 in production.
const brands: BrandHosts = { cwa: { PRODUCTION: 'login.cwa.example', QA: 'login-qa.cwa.example' }, brightpath529: { PRODUCTION: 'login.brightpath529.example' }, nxn: {} };

test('production\'s related origins are its brands\' own hosts, never a QA host', () => {
  const production = passkeyOrigins(map, 'PRODUCTION', brands);
  expect(production.rpId).toBe('portal.nxn.example');
  expect(JSON.parse(relatedOriginsFile(production))).toEqual({ origins: ['https://login.brightpath529.example', 'https://login.cwa.example'] });
  expect(production.origins.map(({ origin }) => origin)).toEqual(['https://portal.nxn.example', 'https://login.brightpath529.example', 'https://login.cwa.example']);
  const qa = passkeyOrigins(map, 'QA', brands);
  expect(JSON.parse(relatedOriginsFile(qa))).toEqual({ origins: ['https://login-qa.cwa.example'] });
  expect(relatedOriginsFile(production)).not.toMatch(/qa|dev|xat|wl-test/);
  // MOCK: the RP ID is the page's host, nothing is related.
  expect(passkeyOrigins(map, 'MOCK', brands)).toEqual({ rpId: null, origins: [], relatedOrigins: [] });
  expect(passkeyConfigProblems(map, brands)).toEqual([]);
});

test('a QA host given as a production origin, or a host no pattern knows, stops the build', () => {
  expect(passkeyConfigProblems(map, { cwa: { PRODUCTION: 'login-qa.cwa.example' } })).toEqual(['brand cwa: hosts.PRODUCTION: login-qa.cwa.example is a QA host, never an origin of PRODUCTION']);
  const qaInProduction = { ...map, passkeys: { ...map.passkeys, PRODUCTION: { rpId: 'portal.nxn.example', origins: ['https://portal.nxn.example', 'https://portal-qa.nxn.example'] } } };
  expect(passkeyConfigProblems(qaInProduction, {})).toEqual([
    'passkeys.QA.rpId: PRODUCTION\'s portal-qa.nxn.example is under portal-qa.nxn.example: a PRODUCTION page could use QA\'s passkeys; choose an RP ID only QA hosts are under',
    'passkeys.PRODUCTION.origins: portal-qa.nxn.example is a QA host, never an origin of PRODUCTION',
  ]);
  expect(passkeyConfigProblems(map, { summit: { QA: 'summit.example.org' } })).toEqual(['brand summit: hosts.QA: summit.example.org matches no host pattern of the environment map (add it to domainEnvMap.QA)']);
});

test('an RP ID that other environments\' hosts are under is refused: their pages could use production\'s passkeys', () => {
  const wide = { ...map, passkeys: { ...map.passkeys, PRODUCTION: { rpId: 'nxn.example', origins: ['https://portal.nxn.example'] } } };
  const problems = passkeyConfigProblems(wide, {});
  expect(problems).toContain('passkeys.PRODUCTION.rpId: QA\'s portal-qa.nxn.example is under nxn.example: a QA page could use PRODUCTION\'s passkeys; choose an RP ID only PRODUCTION hosts are under');
  expect(problems).toContain('passkeys.PRODUCTION.rpId: DEV\'s RP ID portal-dev.nxn.example is under nxn.example');
});

test('related origins on more than 5 registrable-domain labels are refused, naming the brands past the fifth', () => {
  const origins = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((label) => ({ origin: `https://login.${label}.example`, brands: [`brand-${label}`] }));
  // Two hosts on one label count once.
  origins.splice(1, 0, { origin: 'https://www.a.example', brands: ['brand-a2'] });
  expect(relatedOriginLabelProblems('portal.nxn.example', origins.slice(0, 6))).toEqual([]);
  expect(relatedOriginLabelProblems('portal.nxn.example', origins)).toEqual([
    '.well-known/webauthn: RP ID portal.nxn.example has related origins on 7 registrable-domain labels (a, b, c, d, e, f, g); browsers (Firefox\'s cap) honour the first 5: move brand-f, brand-g onto a host under portal.nxn.example or under a, b, c, d, e',
  ]);
  // A public suffix's registrable domain counts by its own label (co.uk is a suffix).
  expect(relatedOriginLabelProblems('x.example', ['one.co.uk', 'two.co.uk', 'three.co.uk', 'four.co.uk', 'five.co.uk', 'www.five.co.uk'].map((host) => ({ origin: `https://${host}`, brands: [] })))).toEqual([]);
});
