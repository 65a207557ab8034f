import { expect, test } from 'vitest';
import { queryValue } from './query-value.ts';

test('reads a parameter as URLSearchParams does, for every well-formed query', () => {
  for (const search of ['?TARGET=%2Fapps%2Fhome%3Fa%3D1&uti=internal', '?uti=external#x', '?a=1&uid=j+doe', '?uid=', '?x=1', '', '?TARGET=a&TARGET=b', '?uid=%E2%82%AC']) {
    const expected = new URLSearchParams(search.split('#')[0]);
    for (const name of ['TARGET', 'uti', 'uid']) expect(queryValue(search, name), `${name} of ${search}`).toBe(expected.get(name));
  }
});

test('a broken encoding reads as absent, and a longer name is not the parameter', () => {
  expect(queryValue('?uid=%E2%82', 'uid')).toBeNull();
  expect(queryValue('?xuid=a&uidx=b', 'uid')).toBeNull();
});
