import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLOR_USES, contrastProblems, contrastRatio, FOCUS_SURFACES, parseColor, themeTokens } from './contrast.ts';

type RGB = [number, number, number];
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
    message: 'contrast 1.51:1 is below WCAG AA 4.5:1: change $color-on-primary (text on buttons and on the selected tab) or $color-primary (buttons, the selected tab and the steps of the recovery pages; primary-coloured text on cards) in theme.scss',
  });
});

const THEME = (tokens: Record<string, string>) => `:root{${Object.entries({
  'color-primary': '#0b4f8a', 'color-on-primary': '#ffffff', 'color-accent': '#0b4f8a', 'color-background': '#f3f5f8', 'color-surface': '#ffffff',
  'color-text': '#1b1f24', 'color-muted': '#4a5560', 'color-header': '#ffffff', 'color-on-header': '#1b1f24', 'color-hero': '#0b4f8a',
  'color-on-hero': '#ffffff', 'color-link': '#0b4f8a', 'color-danger': '#a4001d', 'color-success': '#1d6b30', ...tokens,
}).map(([name, value]) => `--${name}: ${value}`).join(';')}}`;

const ACCENT = "$color-accent (the outer tone of the focus ring around a focused control, and the passkey offer's highlight)";
/** What a ring problem says to do. */
const RING = `change ${ACCENT}`;
const TONES = `change ${ACCENT} or $color-surface (cards, dialogs and the cookie bar, and the inner tone of the focus ring) in theme.scss`;

test('pairs the focus ring with every surface a brand colours', () => {
  expect(FOCUS_SURFACES).toEqual(['color-header', 'color-hero', 'color-background', 'color-surface', 'color-primary']);
  expect(contrastProblems(THEME({}))).toEqual([]);
});

test('refuses a brand whose focus ring vanishes on its header: neither tone reaches 3:1 there', () => {
  // A pale accent and a white surface on a white header: the ring would be pale blue and white on white.
  expect(contrastProblems(THEME({ 'color-accent': '#c8d6e5' }))).toEqual([
    { pair: 'focus ring ($color-accent with $color-surface)', message: `its two tones differ by 1.48:1, below 3:1: ${TONES}` },
    { pair: 'focus ring ($color-accent with $color-surface) on $color-header', message: `contrast 1.48:1 and 1.00:1 are below WCAG 3:1 for a focus indicator: ${RING} or $color-header in theme.scss` },
    { pair: 'focus ring ($color-accent with $color-surface) on $color-background', message: `contrast 1.35:1 and 1.09:1 are below WCAG 3:1 for a focus indicator: ${RING} or $color-background in theme.scss` },
    { pair: 'focus ring ($color-accent with $color-surface) on $color-surface', message: `contrast 1.48:1 and 1.00:1 are below WCAG 3:1 for a focus indicator: ${RING} or $color-surface in theme.scss` },
  ]);
});

test('refuses a ring whose two tones are one colour', () => {
  expect(contrastProblems(THEME({ 'color-accent': '#ffffff', 'color-header': '#0b4f8a', 'color-on-header': '#ffffff' }))).toContainEqual(
    { pair: 'focus ring ($color-accent with $color-surface)', message: `its two tones differ by 1.00:1, below 3:1: ${TONES}` },
  );
});

test('cwa\'s ring shows on its dark header by its inner tone, though its accent alone is 1.43:1 there', () => {
  const cwa = loadBrands(new URL('../../brands', import.meta.url).pathname).find((brand) => brand.key === 'cwa');
  const tokens = themeTokens(cwa?.themeCss ?? '');
  const [accent, header, surface] = ['color-accent', 'color-header', 'color-surface'].map((name) => parseColor(tokens.get(name) ?? '') ?? [0, 0, 0]) as [RGB, RGB, RGB];
  expect(contrastRatio(accent, header)).toBeCloseTo(1.43, 2);
  expect(contrastRatio(surface, header)).toBeGreaterThanOrEqual(3);
});

test('every shipped brand meets AA for its text colours', () => {
  for (const brand of loadBrands(new URL('../../brands', import.meta.url).pathname)) {
    expect({ brand: brand.key, problems: contrastProblems(brand.themeCss) }).toEqual({ brand: brand.key, problems: [] });
  }
});

test('the defaults and the new-brand template describe every colour setting where a brand manager edits it, as the checks name it', () => {
  const root = new URL('../..', import.meta.url).pathname;
  for (const file of ['brands/_defaults/theme.scss', 'scripts/brand/template/theme.scss']) {
    const described = new Map([...readFileSync(join(root, file), 'utf8').matchAll(/^\$(color-[\w-]+):[^;]*;\s*\/\/\s*(.+)$/gm)].map((match) => [match[1], match[2]?.trim()]));
    expect(Object.fromEntries(described), file).toEqual(COLOR_USES);
  }
});
