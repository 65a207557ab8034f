import type { Brand } from './brand-schema.ts';
import type { SupportContent } from './brand-schema.ts';

/** portal-support on the login and info pages; self-registration-support on the self-service pages (spec 2.6). */
export type SupportVariant = 'portal-support' | 'self-registration-support';

/**
 * What the support dialog says on a page, or undefined where the brand has no support content and the page has
 * no Support button. One rule for the widget that renders the button and the footer that keeps clear of it.
 * isCustomSupportRequired (spec 2.6) puts the brand's own help desk on every page; otherwise the standard
 * content, with its self-registration-support variant on the self-service pages.
 */
export function supportText(
  brand: Brand, variant: SupportVariant,
): NonNullable<SupportContent['custom']> | NonNullable<SupportContent['selfRegistration']> | SupportContent | undefined {
  const support = brand.support;
  if (!support) return undefined;
  if (support.isCustomSupportRequired && support.custom) return support.custom;
  return variant === 'self-registration-support' && support.selfRegistration ? support.selfRegistration : support;
}
