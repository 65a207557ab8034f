/**
 * A brand's colours (brand.json `colors`, and the optional dark palette `darkColors`): each setting, and where it
 * shows. The one list: the brand schema (and so brand.schema.json's description of each setting), the contrast
 * checks' advice and the template brand:new writes all read it.
 */
export const COLOR_USES = {
  primary: 'buttons, the selected tab and the steps of the recovery pages; primary-coloured text on cards',
  onPrimary: 'text on buttons and on the selected tab',
  accent: 'the outer tone of the focus ring around a focused control, and the passkey offer\'s highlight',
  background: 'the page behind the cards',
  surface: 'cards, dialogs and the cookie bar, and the inner tone of the focus ring',
  text: 'body text on the page and on cards',
  muted: 'secondary text: hints, helper texts, borders of fields',
  header: 'the header bar behind the logo and the Log In link',
  onHeader: 'the header\'s Log In link, and a logo drawn in currentColor',
  hero: 'the tagline banner of the login page',
  onHero: 'the tagline text on the banner',
  link: 'links on the page and on cards',
  danger: 'error messages and the border of a field in error',
  success: 'success messages (a code sent, a password changed)',
} as const;

export type ColorName = keyof typeof COLOR_USES;
export const COLOR_NAMES = Object.keys(COLOR_USES) as ColorName[];

/** Which palette of brand.json a colour comes from: the light one, or the one pages take under prefers-color-scheme: dark. */
export type Palette = 'colors' | 'darkColors';

/** The CSS custom property a colour sets (`onPrimary` -> `color-on-primary`), which the stylesheets read. */
const colorToken = (name: string): string => `color-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** The brand.json setting of a custom property (`color-on-primary` -> `colors.onPrimary`), as problems name it. */
export const colorSetting = (token: string, palette: Palette = 'colors'): string =>
  `${palette}.${token.replace(/^color-/, '').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}`;

/** A palette as CSS custom properties on :root (`--color-primary:#0b4f8a;…`). */
export function paletteDeclarations(colors: { readonly [name in ColorName]?: string | undefined }): string {
  return COLOR_NAMES.flatMap((name) => (colors[name] === undefined ? [] : [`--${colorToken(name)}:${colors[name]}`])).join(';');
}
