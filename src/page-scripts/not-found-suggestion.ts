import { LANGUAGES } from '../domain/languages.ts';
import { localizedPath, stripLanguagePrefix } from '../lib/display-language.ts';
import { suggestNewPath } from '../lib/portal-routes.ts';

/**
 * The same not-found file answers every unknown address, so the suggestion is filled in from the
 * address the visitor actually asked for (or the `url` query the cookie-policy gate passes).
 */
export function showNotFoundSuggestion(root: Document, where: Location): void {
  const requested = new URLSearchParams(where.search).get('url');
  const { path } = stripLanguagePrefix(where.pathname);
  const asked = requested && /^[\w-]+$/.test(requested) ? path.replace(/[^/]*$/, requested) : path;
  const suggestion = suggestNewPath(asked);
  const holder = root.querySelector<HTMLElement>('[data-not-found-suggestion]');
  const link = holder?.querySelector<HTMLAnchorElement>('[data-suggested-link]');
  if (!holder || !link) return;
  link.href = suggestion;
  link.textContent = '';
  const code = root.createElement('code');
  code.className = 'path';
  code.textContent = suggestion;
  link.append(code);
  holder.classList.add('is-filled');
}

/**
 * The language links of a not-found page lead to the brand's login in each language as built; here they lead
 * to the address asked for in that language instead, which every host answers with this page in that language.
 * Leading slashes are folded into one: `//evil.example` must stay a path on this site.
 */
export function pointLanguageLinksHere(root: Document, where: Location): void {
  const path = `/${stripLanguagePrefix(where.pathname).path.replace(/^\/+/, '')}`;
  root.querySelectorAll<HTMLAnchorElement>('a[data-language-switch]').forEach((link) => {
    const language = LANGUAGES.find((candidate) => candidate === link.hreflang);
    if (language) link.href = localizedPath(path, language);
  });
}
