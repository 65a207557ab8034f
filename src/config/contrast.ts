import { COLOR_USES, colorSetting } from './brand-colors.ts';
import type { Palette } from './brand-colors.ts';
/** Parses `#rgb`, `#rrggbb`, `rgb(r, g, b)` and the few named colours Sass emits; undefined otherwise. */
export function parseColor(value: string): [number, number, number] | undefined {
  const text = value.trim().toLowerCase();
  const named: Record<string, [number, number, number]> = { white: [255, 255, 255], black: [0, 0, 0] };
  if (named[text]) return named[text];
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return [short[1], short[2], short[3]].map((digit) => parseInt(`${digit}${digit}`, 16)) as [number, number, number];
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(text);
  if (long) return [long[1], long[2], long[3]].map((pair) => parseInt(pair ?? '0', 16)) as [number, number, number];
  const rgb = /^rgb\(\s*([\d.]+%?)[\s,]+([\d.]+%?)[\s,]+([\d.]+%?)\s*\)$/.exec(text);
  if (rgb) {
    const channel = (part = '0') => (part.endsWith('%') ? (parseFloat(part) * 255) / 100 : parseFloat(part));
    return [channel(rgb[1]), channel(rgb[2]), channel(rgb[3])];
  }
  return undefined;
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (value: number) => {
    const s = value / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A colour setting as problems name it: its brand.json key and where it shows. */
function described(token: string, palette: Palette): string {
  const name = colorSetting(token, palette).split('.')[1] ?? '';
  const use = (COLOR_USES as Readonly<Record<string, string>>)[name];
  return `${colorSetting(token, palette)}${use ? ` (${use})` : ''}`;
}

/** What to do about a pair below its minimum: the settings to change, and where each shows. */
function change(foreground: string, background: string, palette: Palette): string {
  return `change ${described(foreground, palette)} or ${described(background, palette)} in brand.json`;
}

/** Token pairs that carry text, and the surface each is read on. */
const TEXT_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['color-on-primary', 'color-primary'],
  ['color-on-hero', 'color-hero'],
  ['color-on-header', 'color-header'],
  ['color-text', 'color-background'],
  ['color-text', 'color-surface'],
  ['color-muted', 'color-surface'],
  ['color-link', 'color-surface'],
  ['color-link', 'color-background'],
  ['color-primary', 'color-surface'],
  ['color-danger', 'color-surface'],
  ['color-success', 'color-surface'],
];

/**
 * Every surface a brand colours that a focused control can sit on (header links, hero, page, cards and bars,
 * a primary tab or button beside it). The focus ring (global.scss) is two-tone: the accent outside, the surface
 * colour inside; on each of these one of the two must reach 3:1 (WCAG 1.4.11, 2.4.7).
 */
export const FOCUS_SURFACES: readonly string[] = ['color-header', 'color-hero', 'color-background', 'color-surface', 'color-primary'];
/** The ring's two tones: the outer, and the inner that fills the gap between control and ring. */
const RING = { outer: 'color-accent', inner: 'color-surface' } as const;
const NON_TEXT_MINIMUM = 3;
/** How much of its colour a message's background takes over the card's ($message-tint, src/styles/_tints.scss). */
const MESSAGE_TINT = 0.08;

/** Reads `--token: value` pairs out of a compiled theme. */
export function themeTokens(css: string): Map<string, string> {
  return new Map([...css.matchAll(/--([\w-]+):\s*([^;}]+)/g)].map((match) => [match[1] ?? '', (match[2] ?? '').trim()]));
}

/**
 * The text pairs of a theme below WCAG AA (4.5:1), the focus ring where it cannot be seen (3:1), or what cannot be
 * checked; each named as the setting of `palette` (brand.json `colors`, or `darkColors` for the dark palette).
 */
export function contrastProblems(css: string, palette: Palette = 'colors'): Array<{ pair: string; message: string }> {
  const tokens = themeTokens(css);
  const name = (token: string) => colorSetting(token, palette);
  const problems: Array<{ pair: string; message: string }> = [];
  for (const [foreground, background] of TEXT_PAIRS) {
    const fg = parseColor(tokens.get(foreground) ?? '');
    const bg = parseColor(tokens.get(background) ?? '');
    const pair = `${name(foreground)} on ${name(background)}`;
    if (!fg || !bg) {
      problems.push({ pair, message: 'colour not checkable: use #rrggbb' });
      continue;
    }
    const ratio = contrastRatio(fg, bg);
    if (ratio < 4.5) problems.push({ pair, message: `contrast ${ratio.toFixed(2)}:1 is below WCAG AA 4.5:1: ${change(foreground, background, palette)}` });
  }
  // Error and success messages sit on a tint of their own colour over the card (src/styles/_tints.scss).
  for (const message of ['color-danger', 'color-success']) {
    const [fg, surface] = [parseColor(tokens.get(message) ?? ''), parseColor(tokens.get('color-surface') ?? '')];
    if (!fg || !surface) continue;
    const tint = fg.map((channel, index) => channel * MESSAGE_TINT + (surface[index] ?? 0) * (1 - MESSAGE_TINT)) as [number, number, number];
    const ratio = contrastRatio(fg, tint);
    if (ratio < 4.5) problems.push({ pair: `${name(message)} on its message background (${String(MESSAGE_TINT * 100)}% of it over ${name('color-surface')})`, message: `contrast ${ratio.toFixed(2)}:1 is below WCAG AA 4.5:1: ${change(message, 'color-surface', palette)}` });
  }
  return [...problems, ...focusRingProblems(tokens, palette)];
}

/** The surfaces on which neither tone of the focus ring reaches 3:1, and a ring whose two tones are one. */
function focusRingProblems(tokens: Map<string, string>, palette: Palette): Array<{ pair: string; message: string }> {
  const name = (token: string) => colorSetting(token, palette);
  const outer = parseColor(tokens.get(RING.outer) ?? '');
  const inner = parseColor(tokens.get(RING.inner) ?? '');
  const ring = `focus ring (${name(RING.outer)} with ${name(RING.inner)})`;
  if (!outer || !inner) return [{ pair: ring, message: 'colour not checkable: use #rrggbb' }];
  const problems: Array<{ pair: string; message: string }> = [];
  const tones = contrastRatio(outer, inner);
  if (tones < NON_TEXT_MINIMUM) problems.push({ pair: ring, message: `its two tones differ by ${tones.toFixed(2)}:1, below 3:1: ${change(RING.outer, RING.inner, palette)}` });
  for (const surface of FOCUS_SURFACES) {
    const background = parseColor(tokens.get(surface) ?? '');
    const pair = `${ring} on ${name(surface)}`;
    if (!background) {
      problems.push({ pair, message: 'colour not checkable: use #rrggbb' });
      continue;
    }
    const [outerRatio, innerRatio] = [contrastRatio(outer, background), contrastRatio(inner, background)];
    if (Math.max(outerRatio, innerRatio) < NON_TEXT_MINIMUM) {
      problems.push({ pair, message: `contrast ${outerRatio.toFixed(2)}:1 and ${innerRatio.toFixed(2)}:1 are below WCAG 3:1 for a focus indicator: change ${described(RING.outer, palette)} or ${name(surface)} in brand.json` });
    }
  }
  return problems;
}
