import { expect, test } from 'vitest';
import { qrSvg } from './qr-svg.ts';

test('renders a QR code as one inline SVG path with an accessible name', () => {
  const svg = qrSvg('https://apps.nxn.example/mobile', 'QR code <app>');
  expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="QR code app"/);
  expect(svg.match(/<path /g)).toHaveLength(1);
  expect(svg).not.toContain('http://www.w3.org/2000/svg"><script');
});
