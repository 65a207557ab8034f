import { encode } from 'uqr';

/** A QR code as one compact inline SVG path, made at build time (no image request, no network). */
export function qrSvg(text: string, label: string): string {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  const size = data.length;
  let path = '';
  data.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) path += `M${x} ${y}h1v1h-1z`;
  }));
  const safeLabel = label.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="128" height="128" role="img" aria-label="${safeLabel}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
