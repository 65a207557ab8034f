import { expect, test, vi } from 'vitest';
import { lazy } from './lazy.ts';

test('loads once however often it is asked, and keeps the value', async () => {
  const loader = vi.fn(() => Promise.resolve({ answer: 42 }));
  const module = lazy(loader);
  expect(module.loaded()).toBeUndefined();
  const [first, second] = await Promise.all([module.load(), module.load()]);
  expect(first).toBe(second);
  expect(module.loaded()).toBe(first);
  expect(loader).toHaveBeenCalledTimes(1);
});

test('use runs at once once the value is there, and after the load before that', async () => {
  const module = lazy(() => Promise.resolve('ready'));
  const seen: string[] = [];
  module.use((value) => seen.push(`early ${value}`));
  expect(seen).toEqual([]);
  await module.load();
  expect(seen).toEqual(['early ready']);
  module.use((value) => seen.push(`late ${value}`));
  expect(seen).toEqual(['early ready', 'late ready']);
});
