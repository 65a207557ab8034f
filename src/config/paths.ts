import { join } from 'node:path';

/** Where brand and content folders live; overridable so tests can build from fixtures. */
export const BRANDS_DIR = process.env['PORTAL_BRANDS_DIR'] ?? join(process.cwd(), 'brands');
export const CONTENT_DIR = process.env['PORTAL_CONTENT_DIR'] ?? join(process.cwd(), 'content');

/** The `BRANDS=nxn,acme` subset a build covers; empty for every brand. */
export function brandSubset(): string[] {
  return (process.env['BRANDS'] ?? '').split(',').map((key) => key.trim()).filter(Boolean);
}
