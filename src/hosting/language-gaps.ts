import { PREFIXED_LANGUAGES, languagePrefix } from '../domain/languages.ts';
import type { Language } from '../domain/languages.ts';
import { stripLanguagePrefix } from '../lib/display-language.ts';
import { ROUTES, fillPattern, matchRoute } from './route-table.ts';
import type { RouteRow } from './route-table.ts';

// Issue 45: a brand that offers fewer languages gets no redirect and no not-found page in the others. The route
// table's rows hold for every brand (`:wl`), so the hosts' generic rules would send `/de-DE/solo/fps` to a German
// address of an English-only brand, and the static hosts' not-found rules would find no `404.html` of solo in German
// and answer the default brand's. Every host answers such a path the same way: 404 with the brand's own not-found
// page in its default language (languageGapPage). The servers find the gap in dist/ (no such page in the language);
// the static hosts, whose `_redirects` and nested `404.html` cannot ask, run their worker (Cloudflare) or edge
// function (Netlify) on the paths of the brands with a gap, from the list the build makes of them (LanguageGaps).
// Per-brand `_redirects` exceptions would not scale: Cloudflare Pages takes 2,000 static and 100 dynamic rules, and
// `/de-DE/self-service/<wl>/*/fps` is a dynamic one per brand; this way `_redirects` stays the same size for 1,000
// brands (docs/languages.md).

/** The brands of a build that lack a language, by the prefixed language they lack (the default one every brand has). */
export type LanguageGaps = Readonly<Partial<Record<Language, readonly string[]>>>;

/**
 * The not-found page (its address, without a language) of the brand a path without its language names, as the
 * route table gives it: a not-found row's page, or for a redirect row the page of the address it leads to
 * (`/solo/fps` -> `/self-service/solo/fps` -> `/self-service/solo/404`). Undefined when no row names a brand.
 */
export function brandNotFoundPage(path: string, routes: readonly RouteRow[] = ROUTES): { wl: string; page: string } | undefined {
  const routed = matchRoute(path, routes);
  const wl = routed?.params['wl'];
  if (!routed || wl === undefined) return undefined;
  if (routed.row.kind === 'not-found') return { wl, page: fillPattern(routed.row.page, routed.params) };
  const landed = matchRoute(fillPattern(routed.row.to, routed.params), routes);
  return landed?.row.kind === 'not-found' && landed.params['wl'] === wl ? { wl, page: fillPattern(landed.row.page, landed.params) } : undefined;
}

/**
 * What a path as sent (`/de-DE/solo/fps`) answers when its language is one its brand lacks: the address of the
 * brand's not-found page in the brand's default language, to answer with status 404; else undefined (the host's
 * own rules apply). Self-contained once bundled: the Cloudflare worker and the Netlify edge function run it.
 */
export function languageGapPage(pathname: string, gaps: LanguageGaps): string | undefined {
  const { language, path } = stripLanguagePrefix(pathname);
  if (language === undefined) return undefined;
  // A page's file names are its address too (`/solo/fps.html`, `/solo/fps/index.html`: Netlify's pretty URLs), and
  // netlify dev, given a 404, asks its edge functions again for each of them (seen: `/fr-FR/solo/fps`, then `fps.html`,
  // `fps.htm`, `fps/index.html`, `fps/index.htm`), keeping the last answer: each must be the same.
  const found = brandNotFoundPage(path.replace(/(?:\.html?|\/index\.html?)$/, ''));
  return found && (gaps[language] ?? []).includes(found.wl) ? found.page : undefined;
}

/** A text as a regex source; the metacharacters only (`/` and `-` stay as they are, as Netlify's patterns take them). */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The path prefixes below which a brand's key is a route table row's `:wl` (`/app`, `/self-service`, and `''` for `/:wl/fps`). */
function brandPlaces(routes: readonly RouteRow[] = ROUTES): string[] {
  return [...new Set(routes.flatMap((row) => {
    const segments = row.from.split('/');
    const at = segments.indexOf(':wl');
    return at < 0 ? [] : [segments.slice(0, at).join('/')];
  }))];
}

/**
 * Cloudflare's `_routes.json` globs (a `*` matches anything, `/` too) on which the worker must run for the gaps:
 * each place of each brand's key in each language it lacks (`/de-DE/app/solo*`: the worker tells `soloist` apart),
 * while they fit in `budget` rules; beyond that, each language with a gap whole (`/de-DE/*`: every page in it then
 * runs the worker, which hands what it does not answer to the static assets). Pages takes 100 rules in all.
 */
export function languageGapGlobs(gaps: LanguageGaps, budget: number): string[] {
  const places = brandPlaces();
  const languages = PREFIXED_LANGUAGES.filter((language) => (gaps[language] ?? []).length > 0);
  const each = languages.flatMap((language) => (gaps[language] ?? []).flatMap((wl) => places.map((place) => `${languagePrefix(language)}${place}/${wl}*`)));
  return each.length <= budget ? each : languages.map((language) => `${languagePrefix(language)}/*`);
}

/**
 * A regular expression of the paths with a gap, for Netlify's edge function declaration (its `pattern`, matched on
 * the path as sent): one per language with a gap, naming its brands. Undefined when no brand lacks it.
 */
export function languageGapPattern(language: Language, gaps: LanguageGaps): string | undefined {
  const brands = gaps[language] ?? [];
  if (brands.length === 0) return undefined;
  return `^${escapeRegex(languagePrefix(language))}(?:${brandPlaces().map(escapeRegex).join('|')})/(?:${brands.map(escapeRegex).join('|')})(?:/.*)?$`;
}
