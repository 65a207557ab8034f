import { expect, test } from 'vitest';
import { randomId } from './random-id.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('uses crypto.randomUUID where the browser offers it', () => {
  expect(randomId({ getRandomValues: crypto.getRandomValues.bind(crypto), randomUUID: () => '00000000-0000-4000-8000-000000000000' })).toBe('00000000-0000-4000-8000-000000000000');
});

test('builds a version 4 UUID from getRandomValues on an insecure origin, where randomUUID is missing', () => {
  const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) };
  const ids = Array.from({ length: 50 }, () => randomId(insecure));
  for (const id of ids) expect(id).toMatch(UUID_V4);
  expect(new Set(ids).size).toBe(50);
});

test('sets the version and variant bits whatever the random bytes are', () => {
  const allOnes = { getRandomValues: <T extends ArrayBufferView | null>(array: T): T => {
    if (array instanceof Uint8Array) array.fill(0xff);
    return array;
  } };
  expect(randomId(allOnes)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
});
