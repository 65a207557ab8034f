import * as sass from 'sass';
import type { ConfigProblem } from './config-errors.ts';

/**
 * Compiles a brand's `theme.scss` (plain Sass variables) over the defaults into CSS custom
 * properties on :root. Sass does the work so brand managers can use colour functions; a token
 * the defaults do not know is an error, so a typo cannot silently fall back.
 */
export function compileBrandTheme(brandsDir: string, key: string): { css: string } | { problem: ConfigProblem } {
  const source = `
@use "sass:map";
@use "sass:meta";
@use "_defaults/theme" as defaults;
@use "${key}/theme" as brand;
$defaults: meta.module-variables("defaults");
$brand: meta.module-variables("brand");
@each $name, $value in $brand {
  @if not map.has-key($defaults, $name) { @error "unknown token $#{$name}"; }
}
:root {
  @each $name, $value in map.merge($defaults, $brand) { --#{$name}: #{$value}; }
}`;
  try {
    const result = sass.compileString(source, { loadPaths: [brandsDir], style: 'compressed' });
    return { css: result.css };
  } catch (error) {
    const message = error instanceof sass.Exception ? error.sassMessage : String(error);
    const token = /unknown token \$([\w-]+)/.exec(message)?.[1];
    return {
      problem: {
        file: `brands/${key}/theme.scss`,
        path: token ? `$${token}` : '(root)',
        message: token ? 'unknown token' : message.replace(/\s+/g, ' ').trim(),
      },
    };
  }
}
