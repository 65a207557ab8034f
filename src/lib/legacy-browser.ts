/**
 * The `<script nomodule>` of the login page's legacy-browser warning. Browsers that cannot run module
 * scripts (IE) run `nomodule` ones, so only they see the warning. ES5 only; Close (or Escape) hands
 * the page back, so the plain login form stays usable.
 *
 * It lives here, not in LegacyBrowserWarning.astro, because its CSP hash must be inserted by the page's
 * frontmatter: a component in the body runs after the head (with the CSP meta) has been rendered, so a
 * hash it inserts reaches neither the meta policy nor the header policy.
 */
export const LEGACY_BROWSER_REVEAL_SCRIPT =
  "(function(){var d=document.getElementById('legacy-browser'),b=document.getElementById('legacy-browser-close');function c(){d.setAttribute('hidden','');}d.removeAttribute('hidden');b.onclick=c;d.onkeydown=function(e){if((e||window.event).keyCode===27)c();};b.focus();})();";
