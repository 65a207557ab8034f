import { expect, test } from 'vitest';
import { contrastProblems, contrastRatio, parseColor } from './contrast.ts';
import { loadBrands } from './load-brands.ts';

test('parses the colour forms Sass emits', () => {
  expect(parseColor('#fff')).toEqual([255, 255, 255]);
  expect(parseColor('#0b3d6e')).toEqual([11, 61, 110]);
  expect(parseColor('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
  expect(parseColor('rgb(100%, 0%, 50%)')).toEqual([255, 0, 127.5]);
  expect(parseColor('white')).toEqual([255, 255, 255]);
  expect(parseColor('hsl(0 0% 0%)')).toBeUndefined();
});

test('computes the WCAG contrast ratio', () => {
  expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
  expect(contrastRatio([119, 119, 119], [255, 255, 255])).toBeCloseTo(4.48, 2);
});

test('names a text pair below AA', () => {
  expect(contrastProblems(':root{--color-on-primary: #ffffff;--color-primary: #ffcc00}')[0]).toEqual({
    pair: '$color-on-primary on $color-primary',
    message: 'contrast 1.51:1 is below WCAG AA 4.5:1',
  });
});

test('every shipped brand meets AA for its text colours', () => {
  for (const brand of loadBrands(new URL('../../brands', import.meta.url).pathname)) {
    expect({ brand: brand.key, problems: contrastProblems(brand.themeCss) }).toEqual({ brand: brand.key, problems: [] });
  }
});
