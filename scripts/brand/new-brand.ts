// `npm run brand:new -- <wl> ["Display Name"]`: creates brands/<wl>/ from the commented template.
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brandKeySchema } from '../../src/config/brand-schema.ts';
import { reservedBrandKeys } from '../../src/hosting/route-table.ts';

/** A text as XML writes it in an attribute or an element: the five escapes the brand SVG allowlist accepts. */
function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
}

/** Creates a brand folder; returns an error text instead of throwing for the CLI. */
export function createBrand(brandsDir: string, key: string, name: string): { ok: true; dir: string } | { ok: false; error: string } {
  if (!brandKeySchema.safeParse(key).success) {
    return { ok: false, error: `"${key}" is not a valid brand key: use lowercase letters, digits and hyphens (at most 40)` };
  }
  const reserved = reservedBrandKeys().get(key);
  if (reserved) return { ok: false, error: `"${key}" is reserved (${reserved}): choose another key` };
  const dir = join(brandsDir, key);
  if (existsSync(dir)) return { ok: false, error: `brands/${key} already exists` };
  // Every colour to edit, from the defaults' palette (the one list): the template's `"colors": {}` becomes it.
  const defaults = JSON.parse(readFileSync(join(brandsDir, '_defaults', 'brand.json'), 'utf8')) as { colors?: Record<string, string> };
  const colors = `{\n${Object.entries(defaults.colors ?? {}).map(([name, value]) => `    ${JSON.stringify(name)}: ${JSON.stringify(value)}`).join(',\n')}\n  }`;
  // The other tokens, as the defaults set them (brands/_defaults/theme.scss without its header comment).
  const tokens = readFileSync(join(brandsDir, '_defaults', 'theme.scss'), 'utf8').split('\n').filter((line) => line.startsWith('$')).join('\n');
  const template = join(import.meta.dirname, 'template');
  cpSync(template, dir, { recursive: true });
  for (const file of readdirSync(dir)) {
    const path = join(dir, file);
    // The name as typed ("Hauck & Aufhäuser Bank"), written as each file's syntax spells it.
    const written = file.endsWith('.json') ? JSON.stringify(name).slice(1, -1) : file.endsWith('.svg') ? escapeXml(name) : name;
    const text = readFileSync(path, 'utf8').replaceAll('{{KEY}}', key).replaceAll('{{NAME}}', written);
    // The template logo's width follows the name, so a long name is not cut off at the edge of the image.
    writeFileSync(path, text.replaceAll('{{LOGO_WIDTH}}', String(48 + Math.ceil(Array.from(name).length * 11.5))).replace('"colors": {}', `"colors": ${colors}`).replace('{{THEME_TOKENS}}', tokens));
  }
  return { ok: true, dir };
}

if (import.meta.main) {
  const [key = '', ...nameParts] = process.argv.slice(2);
  const name = nameParts.join(' ').trim() || key.toUpperCase();
  const result = createBrand(process.env['PORTAL_BRANDS_DIR'] ?? join(import.meta.dirname, '../../brands'), key, name);
  if (!result.ok) {
    console.error(result.error);
    process.exit(1);
  }
  console.log(`Created ${result.dir}. Next: npm run brand:check -- ${key} && npm run brand:preview -- ${key}`);
}
