import { ELEMENT_NODE, parse, TEXT_NODE } from 'ultrahtml';
import type { ElementNode, Node } from 'ultrahtml';
import { contrastRatio, parseColor, themeTokens } from './contrast.ts';
import { colorSetting } from './brand-colors.ts';
import type { Palette } from './brand-colors.ts';

// The logo sits on the header (`colors.header`), and a logo drawn in currentColor takes the header's text colour
// (`colors.onHeader`, global.scss). Its text must read there as any text (4.5:1); its shapes as any graphic that
// identifies something (3:1, WCAG 1.4.11). Brand SVGs carry their colours as attributes only (no <style>, no
// style attribute: brand-svg.ts), so the colours each element paints with can be read without a browser.

const SHAPES: ReadonlySet<string> = new Set(['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon']);
const TEXTS: ReadonlySet<string> = new Set(['text', 'tspan']);
/** What is drawn only where something refers to it (a gradient's stops are read through the reference). */
const NOT_PAINTED: ReadonlySet<string> = new Set(['defs', 'clippath', 'mask', 'pattern', 'symbol', 'lineargradient', 'radialgradient', 'title', 'desc']);
const TEXT_MINIMUM = 4.5;
const GRAPHIC_MINIMUM = 3;

export interface LogoProblem {
  /** The element and its paint, e.g. `<text> "ACME" fill="#999999"`. */
  path: string;
  message: string;
}

interface Paint {
  fill: string;
  stroke: string;
  color: string;
}

type Rgb = [number, number, number];

const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** The text an element shows (its own and its children's). */
function textOf(node: Node): string {
  // As written in the file: the five escapes the allowlist lets through, read as the browser shows them.
  if (node.type === TEXT_NODE) return node.value.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&apos;', "'").replaceAll('&amp;', '&');
  return node.type === ELEMENT_NODE ? node.children.map(textOf).join('') : '';
}

/** The element children of a node. */
const elementsOf = (node: { children: Node[] }): ElementNode[] => node.children.filter((child): child is ElementNode => child.type === ELEMENT_NODE);

/**
 * The colours of `svg` (a checked brand SVG) that fail their minimum on the header of the compiled theme `themeCss`:
 * each colour of each piece of text below 4.5:1; the shapes when none of their colours reaches 3:1 (a white mark on
 * a dark square inside the logo is read on the square, and the square on the header). A colour that cannot be
 * measured is named too.
 */
export function logoContrastProblems(svg: string, themeCss: string, palette: Palette = 'colors'): LogoProblem[] {
  const tokens = themeTokens(themeCss);
  const header = parseColor(tokens.get('color-header') ?? '');
  const onHeader = tokens.get('color-on-header') ?? '';
  if (!header) return [];
  // ultrahtml's DocumentNode types its children as any (an Omit over an index signature): read as a parent.
  const document = parse(svg) as { children: Node[] };
  const gradients = new Map<string, string[]>();
  const collect = (node: ElementNode) => {
    const name = node.name.toLowerCase();
    const id = node.attributes['id'];
    if ((name === 'lineargradient' || name === 'radialgradient') && id !== undefined) {
      gradients.set(id, elementsOf(node).filter((child) => child.name.toLowerCase() === 'stop').map((stop) => stop.attributes['stop-color'] ?? 'black'));
    }
    elementsOf(node).forEach(collect);
  };
  elementsOf(document).forEach(collect);

  const problems: LogoProblem[] = [];
  const shapeColours: Array<{ value: string; rgb: Rgb }> = [];
  const [headerSetting, onHeaderSetting] = [colorSetting('color-header', palette), colorSetting('color-on-header', palette)];
  const headerText = `${headerSetting} (${hex(header)})`;
  /** The colours a paint value stands for: itself, currentColor's colour, or a gradient's stops. */
  const resolve = (value: string, paint: Paint): string[] => {
    const trimmed = value.trim();
    if (trimmed === '' || trimmed === 'none' || trimmed === 'transparent') return [];
    if (trimmed.toLowerCase() === 'currentcolor') return [paint.color.toLowerCase() === 'currentcolor' ? onHeader : paint.color];
    const reference = /^url\(\s*#([\w.-]+)\s*\)/.exec(trimmed)?.[1];
    if (reference !== undefined) return (gradients.get(reference) ?? []).map((stop) => (stop.toLowerCase() === 'currentcolor' ? onHeader : stop));
    return [trimmed];
  };
  const visit = (node: ElementNode, inherited: Paint) => {
    const name = node.name.toLowerCase();
    if (NOT_PAINTED.has(name)) return;
    const { attributes } = node;
    const paint: Paint = { fill: attributes['fill'] ?? inherited.fill, stroke: attributes['stroke'] ?? inherited.stroke, color: attributes['color'] ?? inherited.color };
    const text = TEXTS.has(name) ? textOf(node).trim() : '';
    // A <text>'s own words (those outside a <tspan> of their own paint are measured with the <text>).
    const ownText = TEXTS.has(name) ? node.children.filter((child) => child.type === TEXT_NODE).map(textOf).join('').trim() : '';
    for (const [property, value] of [['fill', paint.fill], ['stroke', paint.stroke]] as const) {
      if (!SHAPES.has(name) && !(TEXTS.has(name) && ownText !== '')) continue;
      for (const colour of resolve(value, paint)) {
        const rgb = parseColor(colour);
        const label = `<${node.name}>${text ? ` "${text.slice(0, 30)}"` : ''} ${property}="${value}"`;
        if (!rgb) {
          problems.push({ path: label, message: `colour "${colour}" cannot be measured against the header: write it as #rrggbb` });
          continue;
        }
        if (SHAPES.has(name)) {
          shapeColours.push({ value: colour, rgb });
          continue;
        }
        const ratio = contrastRatio(rgb, header);
        if (ratio < TEXT_MINIMUM) {
          problems.push({ path: label, message: `text at ${ratio.toFixed(2)}:1 on the header ${headerText}, below 4.5:1: use a darker or lighter ${property}, draw it in currentColor (it then takes ${onHeaderSetting}), or change ${headerSetting} in brand.json` });
        }
      }
    }
    elementsOf(node).forEach((child) => visit(child, paint));
  };
  // SVG's defaults: shapes and text are filled black and not stroked; currentColor is the header's text colour.
  for (const child of elementsOf(document)) visit(child, { fill: 'black', stroke: 'none', color: 'currentColor' });
  if (shapeColours.length > 0) {
    const ratios = shapeColours.map(({ value, rgb }) => ({ value, ratio: contrastRatio(rgb, header) }));
    if (Math.max(...ratios.map(({ ratio }) => ratio)) < GRAPHIC_MINIMUM) {
      const listed = [...new Map(ratios.map((entry) => [entry.value, entry])).values()].map(({ value, ratio }) => `${value} ${ratio.toFixed(2)}:1`).join(', ');
      problems.push({ path: '(shapes)', message: `no shape of the logo reaches 3:1 on the header ${headerText} (${listed}): darken or lighten the logo's colours, draw it in currentColor (it then takes ${onHeaderSetting}), or change ${headerSetting} in brand.json` });
    }
  }
  return problems;
}
