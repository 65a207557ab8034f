import decodeQR from '@paulmillr/qr/decode.js';
import { expect, test } from 'vitest';
import { qrSvg } from './qr-svg.ts';

const SCALE = 8;

/**
 * Paints the SVG as a browser would (its white square, then each dark module of its one path) into RGBA pixels,
 * SCALE pixels a module. The path must be made of unit squares, `M x y h1 v1 h-1 z`; anything else fails here
 * rather than being read as white.
 */
function render(svg: string): { width: number; height: number; data: Uint8ClampedArray } {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  expect(size).toBeGreaterThan(20);
  expect(svg).toContain(`<rect width="${String(size)}" height="${String(size)}" fill="#fff"/>`);
  const path = /<path d="([^"]*)" fill="#000"\/>/.exec(svg)?.[1] ?? '';
  const squares = [...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)];
  expect(squares.map(([square]) => square).join('')).toBe(path);
  const width = size * SCALE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of squares) {
    for (let row = Number(y) * SCALE; row < (Number(y) + 1) * SCALE; row += 1) {
      for (let column = Number(x) * SCALE; column < (Number(x) + 1) * SCALE; column += 1) {
        data.fill(0, (row * width + column) * 4, (row * width + column) * 4 + 3);
      }
    }
  }
  return { width, height: width, data };
}

test('renders a QR code as one inline SVG path with an accessible name', () => {
  const svg = qrSvg('https://apps.nxn.example/mobile', 'QR code <app>');
  expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="QR code app"/);
  expect(svg.match(/<path /g)).toHaveLength(1);
  // Nothing but the square and the path: no script, no foreign content the label or data could smuggle in.
  expect(svg.replace(/<rect [^>]*\/>|<path [^>]*\/>/g, '')).toMatch(/^<svg [^>]*><\/svg>$/);
});

test('the QR code reads back as the address it was made for, as a phone camera would read it', () => {
  for (const target of ['https://apps.nxn.example/mobile', 'https://play.example/harbor?ref=login&lang=de-DE']) {
    expect(decodeQR(render(qrSvg(target, 'QR code')))).toBe(target);
  }
});
