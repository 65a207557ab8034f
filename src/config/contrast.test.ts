import { expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { contrastProblems, contrastRatio, FOCUS_SURFACES, parseColor, themeTokens } from './contrast.ts';
import { COLOR_NAMES, COLOR_USES, paletteDeclarations } from './brand-colors.ts';
import { loadBrands } from './load-brands.ts';
import { createBrand } from '../../scripts/brand/new-brand.ts';

type RGB = [number, number, number];
/** A brand's light palette as CSS, as the checks read it (its theme also holds the dark one, under a media query). */
const lightPalette = (brand: { config: { colors: Record<string, string> } }) => `:root{${paletteDeclarations(brand.config.colors)}}`;

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

test('names a text pair below AA as the brand.json settings to change, in the palette it is in', () => {
  expect(contrastProblems(':root{--color-on-primary: #ffffff;--color-primary: #ffcc00}')[0]).toEqual({
    pair: 'colors.onPrimary on colors.primary',
    message: 'contrast 1.51:1 is below WCAG AA 4.5:1: change colors.onPrimary (text on buttons and on the selected tab) or colors.primary (buttons, the selected tab and the steps of the recovery pages; primary-coloured text on cards) in brand.json',
  });
  expect(contrastProblems(':root{--color-on-primary: #ffffff;--color-primary: #ffcc00}', 'darkColors')[0]?.pair).toBe('darkColors.onPrimary on darkColors.primary');
});

const THEME = (tokens: Record<string, string>) => `:root{${Object.entries({
  'color-primary': '#0b4f8a', 'color-on-primary': '#ffffff', 'color-accent': '#0b4f8a', 'color-background': '#f3f5f8', 'color-surface': '#ffffff',
  'color-text': '#1b1f24', 'color-muted': '#4a5560', 'color-header': '#ffffff', 'color-on-header': '#1b1f24', 'color-hero': '#0b4f8a',
  'color-on-hero': '#ffffff', 'color-link': '#0b4f8a', 'color-danger': '#a4001d', 'color-success': '#1d6b30', ...tokens,
}).map(([name, value]) => `--${name}: ${value}`).join(';')}}`;


const ACCENT = "colors.accent (the outer tone of the focus ring around a focused control, and the passkey offer's highlight)";
/** What a ring problem says to do. */
const RING = `change ${ACCENT}`;
const TONES = `change ${ACCENT} or colors.surface (cards, dialogs and the cookie bar, and the inner tone of the focus ring) in brand.json`;

test('measures error and success messages on their tinted background, where a colour that reads on the card may not', () => {
  // #dc2030 reads on the white card (4.89:1) but not on the 8% tint of itself its messages sit on.
  expect(contrastProblems(THEME({ 'color-danger': '#dc2030' }))).toEqual([{
    pair: 'colors.danger on its message background (8% of it over colors.surface)',
    message: 'contrast 4.31:1 is below WCAG AA 4.5:1: change colors.danger (error messages and the border of a field in error) or colors.surface (cards, dialogs and the cookie bar, and the inner tone of the focus ring) in brand.json',
  }]);
});

test('pairs the focus ring with every surface a brand colours', () => {
  expect(FOCUS_SURFACES).toEqual(['color-header', 'color-hero', 'color-background', 'color-surface', 'color-primary']);
  expect(contrastProblems(THEME({}))).toEqual([]);
});

test('refuses a brand whose focus ring vanishes on its header: neither tone reaches 3:1 there', () => {
  // A pale accent and a white surface on a white header: the ring would be pale blue and white on white.
  expect(contrastProblems(THEME({ 'color-accent': '#c8d6e5' }))).toEqual([
    { pair: 'focus ring (colors.accent with colors.surface)', message: `its two tones differ by 1.48:1, below 3:1: ${TONES}` },
    { pair: 'focus ring (colors.accent with colors.surface) on colors.header', message: `contrast 1.48:1 and 1.00:1 are below WCAG 3:1 for a focus indicator: ${RING} or colors.header in brand.json` },
    { pair: 'focus ring (colors.accent with colors.surface) on colors.background', message: `contrast 1.35:1 and 1.09:1 are below WCAG 3:1 for a focus indicator: ${RING} or colors.background in brand.json` },
    { pair: 'focus ring (colors.accent with colors.surface) on colors.surface', message: `contrast 1.48:1 and 1.00:1 are below WCAG 3:1 for a focus indicator: ${RING} or colors.surface in brand.json` },
  ]);
});

test('refuses a ring whose two tones are one colour', () => {
  expect(contrastProblems(THEME({ 'color-accent': '#ffffff', 'color-header': '#0b4f8a', 'color-on-header': '#ffffff' }))).toContainEqual(
    { pair: 'focus ring (colors.accent with colors.surface)', message: `its two tones differ by 1.00:1, below 3:1: ${TONES}` },
  );
});

test('cwa\'s ring shows on its dark header by its inner tone, though its accent alone is 1.43:1 there', () => {
  const cwa = loadBrands(new URL('../../brands', import.meta.url).pathname).find((brand) => brand.key === 'cwa');
  const tokens = themeTokens(cwa ? lightPalette(cwa) : '');
  const [accent, header, surface] = ['color-accent', 'color-header', 'color-surface'].map((name) => parseColor(tokens.get(name) ?? '') ?? [0, 0, 0]) as [RGB, RGB, RGB];
  expect(contrastRatio(accent, header)).toBeCloseTo(1.43, 2);
  expect(contrastRatio(surface, header)).toBeGreaterThanOrEqual(3);
});

test('every shipped brand meets AA for its text colours', () => {
  for (const brand of loadBrands(new URL('../../brands', import.meta.url).pathname)) {
    expect({ brand: brand.key, problems: contrastProblems(lightPalette(brand)) }).toEqual({ brand: brand.key, problems: [] });
  }
});

test('a brand brand:new creates holds every colour setting, at the defaults\' values, each described in the JSON Schema with where it shows', () => {
  const root = new URL('../..', import.meta.url).pathname;
  const brands = mkdtempSync(join(tmpdir(), 'new-brand-colours-'));
  try {
    cpSync(join(root, 'brands/_defaults'), join(brands, '_defaults'), { recursive: true });
    expect(createBrand(brands, 'acme', 'Acme Bank & Trust').ok).toBe(true);
    const colors = (JSON.parse(readFileSync(join(brands, 'acme/brand.json'), 'utf8')) as { colors: Record<string, string> }).colors;
    const defaults = (JSON.parse(readFileSync(join(root, 'brands/_defaults/brand.json'), 'utf8')) as { colors: Record<string, string> }).colors;
    expect(Object.keys(colors)).toEqual(COLOR_NAMES);
    expect(colors).toEqual(defaults);
    // Nothing of the palette is repeated in the brand's theme.scss (a colour there is an unknown token); its other
    // tokens are the defaults' lines, as brands/_defaults/theme.scss sets them.
    const theme = readFileSync(join(brands, 'acme/theme.scss'), 'utf8');
    expect(theme).not.toMatch(/^\$color-/m);
    expect(theme.split('\n').filter((line) => line.startsWith('$'))).toEqual(readFileSync(join(root, 'brands/_defaults/theme.scss'), 'utf8').split('\n').filter((line) => line.startsWith('$')));
    expect(loadBrands(brands, ['acme'])).toHaveLength(1);
    const schema = JSON.parse(readFileSync(join(root, 'brands/brand.schema.json'), 'utf8')) as { properties: Record<string, { properties: Record<string, { description?: string }> }> };
    for (const palette of ['colors', 'darkColors']) {
      const described = Object.fromEntries(Object.entries(schema.properties[palette]?.properties ?? {}).map(([name, property]) => [name, property.description]));
      expect(described, palette).toEqual(Object.fromEntries(COLOR_NAMES.map((name) => [name, `Where it shows: ${COLOR_USES[name]}. As #rrggbb.`])));
    }
  } finally {
    rmSync(brands, { recursive: true, force: true });
  }
});
