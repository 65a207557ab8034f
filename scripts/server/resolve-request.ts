import { DEFAULT_BRAND } from '../../src/domain/brands.ts';
import { DEFAULT_LANGUAGE } from '../../src/domain/languages.ts';
import type { Language } from '../../src/domain/languages.ts';
import { WHITE_LABEL_COOKIE } from '../../src/lib/cookies.ts';
import { displayLanguage, localizedPath, stripLanguagePrefix } from '../../src/lib/display-language.ts';

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
 * Maps a URL to a file in `dist/`: redirects of design.md, the language cookie (same URL, other
 * language's file), extension-less pages, and page-not-found in the brand's look.
 */
export function resolveRequest(pathname: string, search: string, cookieHeader: string | undefined, dist: DistIndex): Resolution {
  const { language: explicit, path: rawPath } = stripLanguagePrefix(pathname);
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  const language = explicit ?? displayLanguage(cookieHeader);

  // The site root, SiteMinder's credential collector too (design.md): the white-label cookie's login page, which
  // answers in the cookie's language; a language the address names (`/de-DE/`) is kept.
  if (path === '/' || path === '') {
    const login = `/app/${homeBrand(cookieHeader, dist)}/login`;
    return { kind: 'redirect', location: `${explicit ? localizedPath(login, explicit) : login}${search}` };
  }
  const brandRoot = /^\/app\/([^/]+)$/.exec(path);
  if (brandRoot?.[1] && dist.hasBrand(brandRoot[1])) {
    return { kind: 'redirect', location: `${explicit ? localizedPath(`/app/${brandRoot[1]}/login`, explicit) : `/app/${brandRoot[1]}/login`}${search}` };
  }

  const relative = path.replace(/^\/+/, '');
  // Build metadata (`_headers`, `_portal-headers.json`) is for hosts, not visitors.
  const hidden = /^_(?!astro\/)/.test(relative);
  const localized = localizedPath(path, language).replace(/^\/+/, '');
  // Pages come in each language; assets (/_astro/...) and other files only once.
  for (const candidate of [`${localized}.html`, `${relative}.html`, relative]) {
    if (candidate && !hidden && !candidate.includes('..') && dist.isFile(candidate)) {
      const isPage = candidate.endsWith('.html');
      return { kind: 'file', file: candidate, status: 200, language: isPage ? languageOf(candidate) : undefined };
    }
  }

  const brand = /^\/(?:app|self-service)\/([^/]+)/.exec(path)?.[1];
  if (brand && dist.hasBrand(brand)) {
    const notFound = localizedPath(`/app/${brand}/pageNotFound`, language).replace(/^\/+/, '');
    return { kind: 'file', file: `${notFound}.html`, status: 404, language };
  }
  return { kind: 'file', file: '404.html', status: 404, language: DEFAULT_LANGUAGE };
}

/** design.md: `/` goes to the brand the white-label cookie names when it was built, else the default brand. */
function homeBrand(cookieHeader: string | undefined, dist: DistIndex): string {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === WHITE_LABEL_COOKIE && value && /^[a-z0-9-]+$/.test(value) && dist.hasBrand(value)) return value;
  }
  return DEFAULT_BRAND;
}

function languageOf(file: string): Language {
  return stripLanguagePrefix(`/${file}`).language ?? DEFAULT_LANGUAGE;
}
