import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as sass from 'sass';
import type { ConfigProblem } from './config-errors.ts';
import { colorSetting } from './brand-colors.ts';

type ThemeResult = { css: string } | { problem: ConfigProblem };

const USES = `
@use "sass:map";
@use "sass:meta";
@use "_defaults/theme" as defaults;`;

/** The Sass that checks a brand's tokens against the defaults and merges them over the defaults. */
const CHECK_AND_MERGE = `
$defaults: meta.module-variables("defaults");
@function -portal-tokens($brand) {
  @each $name, $value in $brand {
    @if not map.has-key($defaults, $name) { @error "unknown token $#{$name}"; }
  }
  @return map.merge($defaults, $brand);
}`;

/** Where `$token` is set in a theme file, for the dev server's error page. */
function locateToken(absolute: string, token: string): { line: number; column: number } | undefined {
  if (!existsSync(absolute)) return undefined;
  const lines = readFileSync(absolute, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.trimStart().startsWith(`$${token}`));
  return index < 0 ? undefined : { line: index + 1, column: (lines[index]?.indexOf('$') ?? 0) + 1 };
}

/**
 * Compiles a brand's `theme.scss` (plain Sass variables) over the defaults into CSS custom
 * properties on :root. Sass does the work so brand managers can use colour functions; a token
 * the defaults do not know is an error, so a typo cannot silently fall back.
 */
export function compileBrandTheme(brandsDir: string, key: string): ThemeResult {
  const source = `${USES}
@use "${key}/theme" as brand;
${CHECK_AND_MERGE}
:root {
  @each $name, $value in -portal-tokens(meta.module-variables("brand")) { --#{$name}: #{$value}; }
}`;
  try {
    const result = sass.compileString(source, { loadPaths: [brandsDir], style: 'compressed' });
    return { css: result.css };
  } catch (error) {
    const message = error instanceof sass.Exception ? error.sassMessage : String(error);
    const token = /unknown token \$([\w-]+)/.exec(message)?.[1];
    // Sass knows where in the brand's own file a syntax error is (0-based); an unknown token it reports in the check.
    const span = error instanceof sass.Exception && error.span.url?.protocol === 'file:' ? error.span : undefined;
    const absolute = span?.url ? fileURLToPath(span.url) : join(brandsDir, key, 'theme.scss');
    const at = span ? { line: span.start.line + 1, column: span.start.column + 1 } : token ? locateToken(absolute, token) : undefined;
    return {
      problem: {
        file: `brands/${key}/theme.scss`,
        path: token ? `$${token}` : '(root)',
        // A colour was a theme token before colours became brand data: say where it goes now.
        message: token ? (token.startsWith('color-') ? `unknown token: colours are set in brand.json, as ${colorSetting(token)}` : 'unknown token') : message.replace(/\s+/g, ' ').trim(),
        ...(at ? { at: { absolute, ...at } } : {}),
      },
    };
  }
}

/**
 * Every brand's theme, as compileBrandTheme makes it, from one Sass compilation: a compilation's set-up
 * (the defaults, the built-in modules) costs more than a brand, and a build has hundreds. Each brand's
 * tokens land in a rule of their own, split apart after; when any brand fails, each is compiled alone so
 * every problem names its brand.
 */
export function compileBrandThemes(brandsDir: string, keys: readonly string[]): Map<string, ThemeResult> {
  const source = [
    USES,
    ...keys.map((key, index) => `@use "${key}/theme" as brand${String(index)};`),
    CHECK_AND_MERGE,
    ...keys.map((_, index) => `#portal-theme-${String(index)} {
  @each $name, $value in -portal-tokens(meta.module-variables("brand${String(index)}")) { --#{$name}: #{$value}; }
}`),
  ].join('\n');
  let css: string;
  try {
    css = sass.compileString(source, { loadPaths: [brandsDir], style: 'compressed' }).css;
  } catch {
    return new Map(keys.map((key) => [key, compileBrandTheme(brandsDir, key)]));
  }
  const bodies = [...css.matchAll(/#portal-theme-\d+\{([^}]*)\}/g)].map((match) => match[1] ?? '');
  // A value Sass wrote with a brace in it would cut its rule short: then the split is not the whole output.
  const whole = bodies.length === keys.length && bodies.map((body, index) => `#portal-theme-${String(index)}{${body}}`).join('') === css;
  return new Map(keys.map((key, index) => [key, whole ? { css: `:root{${bodies[index] ?? ''}}` } : compileBrandTheme(brandsDir, key)]));
}
