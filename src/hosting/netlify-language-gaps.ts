import { languageGapPage } from './language-gaps.ts';
import type { LanguageGaps } from './language-gaps.ts';

/**
 * Netlify's side of a brand without a language (issue 45): an edge function the release declares on the paths of the
 * brands a build lacks a language for (languageGapPattern), run before the redirects. Without it the short addresses'
 * rules send `/de-DE/solo/fps` into a German address of an English-only brand, and the not-found rule of
 * `/de-DE/app/:wl/*` names a `404.html` solo does not have, so Netlify answers the site's. It answers the brand's own
 * not-found page, in the brand's default language, with 404; any other path goes on (undefined).
 */

/** The build's gaps, written into the bundled function by the release (esbuild's `define`). */
declare const PORTAL_LANGUAGE_GAPS: LanguageGaps;

export default async function portalLanguageGap(request: Request): Promise<Response | undefined> {
  const page = languageGapPage(new URL(request.url).pathname, PORTAL_LANGUAGE_GAPS);
  if (page === undefined) return undefined;
  // A path of this site made from the route table and a brand key the build listed, set on the request's own URL.
  const address = new URL(request.url);
  address.pathname = page;
  address.search = '';
  const found = await fetch(address.href, { headers: { Accept: 'text/html' } });
  return new Response(request.method === 'HEAD' ? null : found.body, { status: 404, headers: new Headers(found.headers) });
}
