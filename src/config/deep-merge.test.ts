import { expect, test } from 'vitest';
import { deepMerge } from './deep-merge.ts';

test('merges nested objects key by key and lets the override win', () => {
  expect(deepMerge({ a: { b: 1, c: 2 }, d: 1 }, { a: { c: 3 } })).toEqual({ a: { b: 1, c: 3 }, d: 1 });
});

test('replaces arrays instead of concatenating them', () => {
  expect(deepMerge({ links: [1, 2] }, { links: [3] })).toEqual({ links: [3] });
});

test('keeps unknown override keys so the strict schema can name them', () => {
  expect(deepMerge({ a: 1 }, { typo: 2 })).toEqual({ a: 1, typo: 2 });
});

test('replaces objects the caller marks as leaves', () => {
  const isText = (value: Record<string, unknown>) => 'en-US' in value;
  expect(deepMerge({ title: { 'en-US': 'a', 'de-DE': 'b' } }, { title: { 'en-US': 'c' } }, isText)).toEqual({ title: { 'en-US': 'c' } });
});
