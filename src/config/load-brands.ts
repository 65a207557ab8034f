import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkBrandSvg, SVG_CLEANING_HINT } from './brand-svg.ts';
import { contrastProblems } from './contrast.ts';
import { paletteDeclarations } from './brand-colors.ts';
import type { ColorName, Palette } from './brand-colors.ts';
import { logoContrastProblems } from './logo-contrast.ts';
import { brandConfigSchema, brandKeySchema, paletteSchema, supportContentSchema } from './brand-schema.ts';
import type { Brand, BrandFolder, SupportContent } from './brand-schema.ts';
import { compileBrandThemes } from './brand-theme.ts';
import { DEFAULT_BRAND, showsForgotUserIdLink } from '../domain/brands.ts';
import { ConfigError, locateProblems, problemsFromZod } from './config-errors.ts';
import type { ConfigProblem } from './config-errors.ts';
import { deepMerge } from './deep-merge.ts';
import { LANGUAGES, isLanguage } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';
import { reservedBrandKeys } from '../hosting/route-table.ts';
import { listBrandKeys } from './brand-keys.ts';

export { listBrandKeys };

const DEFAULTS_DIR = '_defaults';

/** The entry that carries a broken `_defaults/brand.json`, which no brand can be read without. */
export const DEFAULTS_ENTRY = DEFAULTS_DIR;

// A per-language text replaces the default's whole, so a missing language is reported, not borrowed.
const isLocalizedTextObject = (value: Record<string, unknown>) => Object.keys(value).some((key) => LANGUAGES.includes(key));

/** A JSON file read: its value and text, or the problem that kept it from being read. */
type JsonRead = { ok: true; value: unknown; text: string } | { ok: false; problem: ConfigProblem };

function readJson(absolute: string, file: string): JsonRead {
  if (!existsSync(absolute)) return { ok: false, problem: { file, path: '(root)', message: 'file is missing' } };
  const text = readFileSync(absolute, 'utf8');
  try {
    return { ok: true, value: JSON.parse(text), text };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const [problem] = locateProblems([{ file, path: '(root)', message: `invalid JSON: ${reason}` }], absolute, text);
    return { ok: false, problem: problem ?? { file, path: '(root)', message: `invalid JSON: ${reason}` } };
  }
}

/** A brand SVG as the pages inline it, or every problem found in it (`brands/<wl>/<file>: …` lines). */
function readSvg(brandsDir: string, key: string, name: string, field: string): { svg: string } | { problems: ConfigProblem[] } {
  const file = `brands/${key}/brand.json`;
  const absolute = join(brandsDir, key, name);
  if (!existsSync(absolute)) return { problems: [{ file, path: field, message: `file "${name}" not found in brands/${key}/: add it, or name the file that is there` }] };
  if (!statSync(absolute).isFile()) return { problems: [{ file: `brands/${key}/${name}`, path: '(root)', message: `cannot be read: it is a folder, not a file: name the image file in ${field} of brands/${key}/brand.json` }] };
  // What an editor writes before the image (the XML declaration, a generator's comment, a DOCTYPE without
  // declarations of its own) is not part of it; anything else is checked as it stands.
  const svg = readFileSync(absolute, 'utf8').replace(/^\uFEFF/, '').replace(/^\s*(?:<\?xml[^>]*>\s*|<!--(?:(?!-->)[\s\S])*-->\s*|<!DOCTYPE svg[^[>]*>\s*)*/, '').trim();
  const svgFile = `brands/${key}/${name}`;
  if (!/^<svg[\s>/]/.test(svg)) {
    return { problems: [{ file: svgFile, path: '(root)', message: `not an SVG image: the file must start with <svg (after an optional <?xml …?> line); it starts with "${svg.slice(0, 30).replace(/\s+/g, ' ')}": export it as SVG (not as a PNG renamed .svg)` }] };
  }
  // Inlined into every page: only what the allowlist knows, as checked (brand-svg.ts).
  const checked = checkBrandSvg(svg);
  if ('problems' in checked) {
    return { problems: [...checked.problems.map((message) => ({ file: svgFile, path: '(root)', message })), { file: svgFile, path: '(root)', message: SVG_CLEANING_HINT }] };
  }
  return { svg: checked.svg };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Phones use the PNG as the home-screen icon, which iOS draws at 180 x 180. */
const MIN_PNG_SIZE = 180;
/**
 * The largest favicon PNG taken: every page links it and phones fetch it for the home screen, so it is held to
 * what an icon needs (1024 px is the largest any platform asks for; 200 KB holds that with room).
 */
const MAX_PNG_SIZE = 1024;
const MAX_PNG_BYTES = 200 * 1024;

/** A favicon PNG in base64 with its width, or every problem found in it. */
function readPng(brandsDir: string, key: string, name: string, field: string): { base64: string; size: number } | { problems: ConfigProblem[] } {
  const absolute = join(brandsDir, key, name);
  const pngFile = `brands/${key}/${name}`;
  if (!existsSync(absolute)) return { problems: [{ file: `brands/${key}/brand.json`, path: field, message: `file "${name}" not found in brands/${key}/: add it, or name the file that is there` }] };
  let bytes: Buffer;
  try {
    bytes = readFileSync(absolute);
  } catch (error) {
    return { problems: [{ file: pngFile, path: '(root)', message: `cannot be read (${error instanceof Error ? error.message : String(error)}): name the image file in ${field} of brands/${key}/brand.json` }] };
  }
  // The IHDR chunk comes first: width and height at bytes 16 and 20.
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR') {
    return { problems: [{ file: pngFile, path: '(root)', message: 'not a PNG image: export the icon as PNG (not a JPEG or an SVG renamed .png)' }] };
  }
  // A PNG ends with its IEND chunk (then its 4-byte CRC): a file cut short is no image, whatever its header says.
  if (bytes.length < 36 || bytes.toString('latin1', bytes.length - 8, bytes.length - 4) !== 'IEND') {
    return { problems: [{ file: pngFile, path: '(root)', message: 'not a whole PNG image (it is cut short): export the icon as PNG again' }] };
  }
  if (bytes.length > MAX_PNG_BYTES) {
    return { problems: [{ file: pngFile, path: '(root)', message: `${String(Math.ceil(bytes.length / 1024))} KB: a favicon PNG must be at most ${String(MAX_PNG_BYTES / 1024)} KB (every page links it): export it again at 180 x 180 to 512 x 512` }] };
  }
  const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  if (width > MAX_PNG_SIZE) {
    return { problems: [{ file: pngFile, path: '(root)', message: `${String(width)} x ${String(height)} pixels: a favicon PNG must be at most ${String(MAX_PNG_SIZE)} x ${String(MAX_PNG_SIZE)}: export it again at 180 x 180 to 512 x 512` }] };
  }
  if (width !== height || width < MIN_PNG_SIZE) {
    return { problems: [{ file: pngFile, path: '(root)', message: `${String(width)} x ${String(height)} pixels: a favicon PNG must be square and at least ${String(MIN_PNG_SIZE)} x ${String(MIN_PNG_SIZE)} (phones use it as the home-screen icon): export it again at 180 x 180 or larger` }] };
  }
  return { base64: bytes.toString('base64'), size: width };
}

/** Whether the brand's own brand.json names a file at `favicon.<field>` (else the defaults' file is used). */
const namesOwnFavicon = (raw: JsonRead, field: 'svg' | 'png'): boolean => {
  if (!raw.ok || typeof raw.value !== 'object' || raw.value === null) return false;
  const favicon = (raw.value as Record<string, unknown>)['favicon'];
  return typeof favicon === 'object' && favicon !== null && field in favicon;
};

type Colors = Readonly<Record<ColorName, string>>;
type PaletteCss = { name: Palette; declarations: string; css: string };

/** A brand's light palette and, when it has one, its dark palette (the light one with darkColors over it). */
function brandPalettes(colors: Colors, dark: { readonly [name in ColorName]?: string | undefined } | undefined): { light: PaletteCss; dark: PaletteCss | undefined } {
  const of = (name: Palette, palette: { readonly [name in ColorName]?: string | undefined }): PaletteCss => {
    const declarations = paletteDeclarations(palette);
    return { name, declarations, css: `:root{${declarations}}` };
  };
  return { light: of('colors', colors), dark: dark ? of('darkColors', { ...colors, ...Object.fromEntries(Object.entries(dark).filter(([, value]) => value !== undefined)) }) : undefined };
}

type CompiledThemes = ReturnType<typeof compileBrandThemes>;

/** Reads `brands/_defaults/brand.json`, which every brand is merged over. */
function readBrandDefaults(brandsDir: string): JsonRead {
  return readJson(join(brandsDir, DEFAULTS_DIR, 'brand.json'), `brands/${DEFAULTS_DIR}/brand.json`);
}

/**
 * Reads and checks one brand folder: brand.json merged over the defaults, its logo and outage image, its
 * theme as `themes` compiled it, and support.json. Every problem is returned, none thrown, so a caller can
 * collect them across brands (the build) or keep them beside the brand's entry (the dev server).
 */
function loadBrandFolder(brandsDir: string, key: string, defaults: unknown, themes: CompiledThemes): BrandFolder {
  const file = `brands/${key}/brand.json`;
  const problems: ConfigProblem[] = [];
  if (!brandKeySchema.safeParse(key).success) {
    return { ok: false, problems: [{ file: `brands/${key}`, path: '(folder)', message: 'brand key must be lowercase letters, digits and hyphens' }] };
  }
  const reserved = reservedBrandKeys().get(key);
  if (reserved) return { ok: false, problems: [{ file: `brands/${key}`, path: '(folder)', message: `brand key "${key}" is reserved: ${reserved}, so this brand's pages would not be its own; choose another key` }] };
  // Every file of the folder is checked in one run, whatever the others hold: a broken brand.json must not hide
  // the logo's, the theme's or support.json's problems until the next run (issue 44).
  const absolute = join(brandsDir, key, 'brand.json');
  const raw = readJson(absolute, file);
  if (!raw.ok) problems.push(raw.problem);
  const merged = raw.ok ? deepMerge(defaults, raw.value, isLocalizedTextObject) : defaults;
  const parsed = brandConfigSchema.safeParse(merged);
  const config = parsed.success ? parsed.data : undefined;
  // The languages the brand offers, as far as they can be read when another key is wrong, so one run names both.
  const offered = config?.languages ?? languagesNamed(merged) ?? LANGUAGES;
  if (raw.ok) problems.push(...locateProblems(missingLanguageTexts(file, merged, offered), absolute, raw.text));
  if (raw.ok && !parsed.success) problems.push(...locateProblems(problemsFromZod(file, parsed.error), absolute, raw.text));
  // The site-wide pages (the root, the not-found page in every language) wear the default brand.
  if (key === DEFAULT_BRAND && config?.languages !== undefined && config.languages.length < LANGUAGES.length) {
    problems.push({ file, path: 'languages', message: `the default brand ${DEFAULT_BRAND} offers every language: the site-wide pages wear it; leave languages out` });
  }
  if (key === DEFAULT_BRAND && config?.forgotUserIdLink === false) {
    problems.push({ file, path: 'forgotUserIdLink', message: 'the default brand nxn always shows the Forgot User ID link' });
  }
  // The logo the brand names, or (brand.json unreadable) the one the defaults name.
  const logoName = config?.logo ?? fileNameIn(merged, 'logo') ?? 'logo.svg';
  const logo = readSvg(brandsDir, key, logoName, 'logo');
  if ('problems' in logo) problems.push(...logo.problems);
  // Each favicon file from the folder whose brand.json names it: the brand's own, else brands/_defaults/.
  const faviconFolder = (field: 'svg' | 'png') => (namesOwnFavicon(raw, field) ? key : DEFAULTS_DIR);
  const faviconSvg = config ? readSvg(brandsDir, faviconFolder('svg'), config.favicon.svg, 'favicon.svg') : undefined;
  if (faviconSvg && 'problems' in faviconSvg) problems.push(...faviconSvg.problems);
  const faviconPng = config ? readPng(brandsDir, faviconFolder('png'), config.favicon.png, 'favicon.png') : undefined;
  if (faviconPng && 'problems' in faviconPng) problems.push(...faviconPng.problems);
  const sorry = config?.sorryConfig.image ? readSvg(brandsDir, key, config.sorryConfig.image, 'sorryConfig.image') : undefined;
  if (sorry && 'problems' in sorry) problems.push(...sorry.problems);
  const theme = themes.get(key) ?? { problem: { file: `brands/${key}/theme.scss`, path: '(root)', message: 'not compiled' } };
  if ('problem' in theme) problems.push(theme.problem);
  // The colours as custom properties: the light palette, and the dark one over it (what pages take in dark mode).
  // From the colours alone when another part of brand.json fails its schema, so their problems show in the same run.
  const colors = config?.colors ?? paletteSchema.safeParse(fieldOf(merged, 'colors')).data;
  const darkColors = config ? config.darkColors : fieldOf(merged, 'darkColors') === undefined ? undefined : paletteSchema.partial().safeParse(fieldOf(merged, 'darkColors')).data;
  const palettes = colors ? brandPalettes(colors, darkColors) : undefined;
  for (const palette of palettes ? [palettes.light, ...(palettes.dark ? [palettes.dark] : [])] : []) {
    // The build refuses what brand:check refuses: a colour pair below its minimum, the logo on its header; in each palette.
    problems.push(...contrastProblems(palette.css, palette.name).map(({ pair, message }) => ({ file, path: pair, message })));
    if ('svg' in logo) problems.push(...logoContrastProblems(logo.svg, palette.css, palette.name).map(({ path, message }) => ({ file: `brands/${key}/${logoName}`, path, message: palette.name === 'darkColors' ? `in the dark palette: ${message}` : message })));
  }

  let support: SupportContent | undefined;
  const supportPath = join(brandsDir, key, 'support.json');
  if (existsSync(supportPath)) {
    const supportRaw = readJson(supportPath, `brands/${key}/support.json`);
    if (!supportRaw.ok) problems.push(supportRaw.problem);
    else {
      const supportParsed = supportContentSchema.safeParse(supportRaw.value);
      if (supportParsed.success) {
        support = supportParsed.data;
        problems.push(...locateProblems(missingLanguageTexts(`brands/${key}/support.json`, supportRaw.value, offered), supportPath, supportRaw.text));
      }
      else problems.push(...locateProblems(problemsFromZod(`brands/${key}/support.json`, supportParsed.error), supportPath, supportRaw.text));
    }
  }
  if (problems.length > 0 || !config || !palettes || 'problems' in logo || 'problem' in theme || !faviconSvg || 'problems' in faviconSvg || !faviconPng || 'problems' in faviconPng) return { ok: false, problems };
  return {
    ok: true,
    brand: {
      key,
      config: { ...config, forgotUserIdLink: showsForgotUserIdLink(key, config.forgotUserIdLink) },
      // Colours first, then theme.scss's tokens; the dark palette under its media query, where form controls turn dark too.
      themeCss: `:root{${palettes.light.declarations}}${theme.css}${palettes.dark ? `:root{color-scheme:light dark}@media (prefers-color-scheme:dark){:root{${palettes.dark.declarations}}}` : ''}`,
      ...(config.darkColors ? { darkThemeColor: config.darkColors.header ?? config.colors.header } : {}),
      logoSvg: logo.svg,
      favicon: { svg: faviconSvg.svg, pngBase64: faviconPng.base64, pngSize: faviconPng.size },
      themeColor: config.themeColor ?? config.colors.header,
      sorryImageSvg: sorry && 'svg' in sorry ? sorry.svg : undefined,
      support,
    },
  };
}

/**
 * Every brand text (a per-language object) that lacks a language the brand offers, one problem each naming the
 * key and the languages missing: brand:check and the build stop on them, so no page of an offered language shows
 * another language's text or none.
 */
function missingLanguageTexts(file: string, value: unknown, offered: readonly Language[], path = ''): ConfigProblem[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => missingLanguageTexts(file, item, offered, `${path}[${String(index)}]`));
  if (typeof value !== 'object' || value === null) return [];
  const entries = Object.entries(value as Record<string, unknown>);
  if (isLocalizedTextObject(value as Record<string, unknown>)) {
    const missing = offered.filter((language) => typeof (value as Record<string, unknown>)[language] !== 'string');
    return missing.length === 0 ? [] : [{ file, path: path || '(root)', message: `no text for ${missing.join(', ')}, which this brand offers (languages: ${offered.join(', ')}): add "${missing.join('", "')}" or give one text for every language` }];
  }
  return entries.flatMap(([name, child]) => missingLanguageTexts(file, child, offered, path ? `${path}.${name}` : name));
}

/** The `languages` a config that failed its schema still names, when they are languages of the list. */
function languagesNamed(value: unknown): Language[] | undefined {
  const named = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['languages'] : undefined;
  return Array.isArray(named) && named.length > 0 && named.every((tag) => typeof tag === 'string' && isLanguage(tag)) ? named.filter((tag): tag is Language => typeof tag === 'string') : undefined;
}

/** A field of a config that failed its schema, as it stands. */
const fieldOf = (value: unknown, field: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined);

/** A file name a config that failed its schema still gives (`logo`), to check that file too. */
function fileNameIn(value: unknown, field: string): string | undefined {
  const name = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return typeof name === 'string' && /^[\w.-]+\.svg$/.test(name) ? name : undefined;
}

/**
 * Reads and checks the brand folders of `brandsDir` (every one, or the keys in `only`): one entry per brand, the
 * brand or every problem found in it, a key without a folder included; or, when `_defaults/brand.json` is
 * broken, only a DEFAULTS_ENTRY with its problem. The one brand-loading loop: the brands content collection
 * (brands-loader.ts), brand:check, brand:new, the build scripts and the tests all read brands through it.
 */
export function readBrandFolders(brandsDir: string, only: readonly string[] = []): Map<string, BrandFolder> {
  const defaults = readBrandDefaults(brandsDir);
  if (!defaults.ok) return new Map([[DEFAULTS_ENTRY, { ok: false, problems: [defaults.problem] }]]);
  const present = listBrandKeys(brandsDir);
  const keys = only.length > 0 ? [...only] : present;
  const found = keys.filter((key) => present.includes(key));
  // One Sass compilation for every theme: its set-up costs more than a brand (brand-theme.ts).
  const themes = compileBrandThemes(brandsDir, found.filter((key) => brandKeySchema.safeParse(key).success));
  return new Map(keys.map((key) => [key, present.includes(key) ? loadBrandFolder(brandsDir, key, defaults.value, themes) : { ok: false, problems: [missingBrandFolder(key)] }]));
}

/** The brands of `folders`, or, when any is broken, a ConfigError with every problem of every folder. */
export function brandsOrThrow(folders: Iterable<BrandFolder>): Brand[] {
  const all = [...folders];
  const problems = all.flatMap((folder) => (folder.ok ? [] : folder.problems));
  if (problems.length > 0) throw new ConfigError(problems);
  return all.flatMap((folder) => (folder.ok ? [folder.brand] : []));
}

/**
 * Loads and validates every brand (or only `only`), collecting every problem before failing so a
 * brand manager sees all of them at once.
 */
export function loadBrands(brandsDir: string, only: readonly string[] = []): Brand[] {
  return brandsOrThrow(readBrandFolders(brandsDir, only).values());
}

/** The problem of a brand named (in `BRANDS`, on a command line) that has no folder. */
const missingBrandFolder = (key: string): ConfigProblem => ({ file: `brands/${key}`, path: '(folder)', message: 'no such brand folder' });
