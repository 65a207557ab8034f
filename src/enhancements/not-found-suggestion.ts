import { stripLanguagePrefix } from '../lib/display-language.ts';
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
