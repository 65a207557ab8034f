import { BRAND_KEY_FORMAT, DEFAULT_BRAND, isBrandKey } from '../../src/domain/brands.ts';
import { DEFAULT_LANGUAGE } from '../../src/domain/languages.ts';
import type { Language } from '../../src/domain/languages.ts';
import { cookieValue, WHITE_LABEL_COOKIE } from '../../src/lib/cookies.ts';
import { displayLanguage, localizedPath, stripLanguagePrefix } from '../../src/lib/display-language.ts';
import { ROUTES, fillPattern, matchRoute } from '../../src/hosting/route-table.ts';
import { brandNotFoundPage } from '../../src/hosting/language-gaps.ts';

/** What the static server does with one request. */
export type Resolution =
  | { kind: 'redirect'; location: string }
  | { kind: 'file'; file: string; status: 200 | 404; language: Language | undefined };

/** The facts about `dist/` the resolver needs, so it stays a pure function. */
export interface DistIndex {
  /** Whether `dist/<relative>` is a file. */
  isFile(relative: string): boolean;
  /** Whether a brand key was built. */
  hasBrand(key: string): boolean;
}

/**
 * Maps a URL to a file in `dist/`: redirects of design.md and of the route table, the language cookie (same
 * URL, other language's file), extension-less pages, and the route table's page-not-found in the brand's look
 * and the visitor's language.
 */
export function resolveRequest(pathname: string, search: string, cookieHeader: string | undefined, dist: DistIndex): Resolution {
  const { language: explicit, path: rawPath } = stripLanguagePrefix(pathname);
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const language = explicit ?? displayLanguage(cookieHeader);

  // The site root, SiteMinder's credential collector too (design.md): the white-label cookie's login page, which
  // answers in the cookie's language; a language the address names (`/de-DE/`) is kept.
  if (path === '/' || path === '') {
    const login = `/app/${homeBrand(cookieHeader, dist)}/login`;
    // A language the brand does not offer: its login without one, as nginx's language roots do.
    return { kind: 'redirect', location: `${explicit && builtIn(login, explicit, dist) ? localizedPath(login, explicit) : login}${search}` };
  }
  const brandRoot = new RegExp(`^/app/(${BRAND_KEY_FORMAT})$`).exec(path);
  if (brandRoot?.[1] && dist.hasBrand(brandRoot[1]) && (!explicit || builtIn(`/app/${brandRoot[1]}/login`, explicit, dist))) {
    return { kind: 'redirect', location: `${explicit ? localizedPath(`/app/${brandRoot[1]}/login`, explicit) : `/app/${brandRoot[1]}/login`}${search}` };
  }

  // The route table's redirects (the short addresses of the recovery pages) come before files, as on nginx and
  // Cloudflare Pages; none of them is a page's address.
  const routed = matchRoute(path, ROUTES);
  // A brand built without the language the address names gets no redirect into it (issue 45): its own not-found
  // page, as the address the redirect would lead to answers, in the brand's default language (notFoundFile).
  const gap = explicit && routed?.row.kind === 'redirect' ? brandNotFoundPage(path) : undefined;
  if (explicit && gap && dist.hasBrand(gap.wl) && !builtIn(`/app/${gap.wl}/login`, explicit, dist)) {
    const file = notFoundFile(gap.page, explicit, dist);
    return { kind: 'file', file, status: 404, language: languageOf(file) };
  }
  if (routed?.row.kind === 'redirect') {
    const target = fillPattern(routed.row.to, routed.params);
    return { kind: 'redirect', location: `${explicit ? localizedPath(target, explicit) : target}${search}` };
  }

  const relative = path.replace(/^\/+/, '');
  // The hosts' own files (`_headers`, `_redirects`, `_worker.js`, `_routes.json`) are read, not served; nor
  // is anything of a dist/ from before dist-server/ held the build metadata and the `.gz` copies. `.well-known/`
  // is for visitors' browsers (WebAuthn's related origins).
  const hidden = /^_(?!astro\/)/.test(relative) || relative.endsWith('.gz') || /(?:^|\/)\.(?!well-known\/)/.test(relative);
  const localized = localizedPath(path, language).replace(/^\/+/, '');
  // Pages come in each language; assets (/_astro/...) and other files only once.
  // A language the address names is kept: no page of the default language under its prefix (as nginx's try_files;
  // a brand that does not offer the language has no page there, issue 45).
  // A page's own file name (`/de-DE/app/nxn/login.html`) is kept to its language too.
  for (const candidate of [`${localized}.html`, ...(explicit ? [] : [`${relative}.html`]), ...(explicit && relative.endsWith('.html') ? [localized] : [relative])]) {
    if (candidate && !hidden && !candidate.includes('..') && dist.isFile(candidate)) {
      const isPage = candidate.endsWith('.html');
      return { kind: 'file', file: candidate, status: 200, language: isPage ? languageOf(candidate) : undefined };
    }
  }
  // The language of the page found (a brand's own not-found page may be in its default language only, issue 45).
  const notFound = notFoundFile(routed?.row.kind === 'not-found' ? fillPattern(routed.row.page, routed.params) : '/404', language, dist);
  return { kind: 'file', file: notFound, status: 404, language: languageOf(notFound) };
}

/** Whether the page at `path` was built in `language` (a brand offers some languages only). */
function builtIn(path: string, language: Language, dist: DistIndex): boolean {
  return dist.isFile(`${localizedPath(path, language).replace(/^\/+/, '')}.html`);
}

/**
 * The not-found page of the route table in `language`, else the brand's in its default language (a brand that
 * does not offer `language` keeps its own look, issue 45), else the site-wide one in `language`, else the default's.
 */
function notFoundFile(page: string, language: Language, dist: DistIndex): string {
  const candidates = [localizedPath(page, language), page, localizedPath('/404', language)].map((candidate) => `${candidate.replace(/^\/+/, '')}.html`);
  return candidates.find((file) => !file.includes('..') && dist.isFile(file)) ?? '404.html';
}

/**
 * design.md: `/` goes to the brand the white-label cookie names when it was built, else the default brand. The
 * cookie is read as every host reads it: the first of its name (nginx's `$cookie_WL_KEY`, the root page's script).
 */
function homeBrand(cookieHeader: string | undefined, dist: DistIndex): string {
  const brand = cookieValue(cookieHeader, WHITE_LABEL_COOKIE);
  return brand && isBrandKey(brand) && dist.hasBrand(brand) ? brand : DEFAULT_BRAND;
}

function languageOf(file: string): Language {
  return stripLanguagePrefix(`/${file}`).language ?? DEFAULT_LANGUAGE;
}
