/**
 * The classic (ES5) script that gives a page the title of the flow its query names, before the page
 * paints, and marks that flow on the root element (`data-flow`) for the CSS that picks the static HTML's
 * wording (src/islands/recovery/FlowText.tsx): the static page is built once for every query, and an
 * island would change them only once its code has loaded. The script's text is the same on every page
 * (the parameter, its value, the title and the flow ride in its data attributes), so one CSP hash covers it.
 */
export const QUERY_TITLE_SCRIPT =
  "(function(){var s=document.currentScript;if(!s)return;var m=new RegExp('[?&]'+s.getAttribute('data-param')+'=([^&#]*)').exec(location.search);" +
  "if(m&&m[1]===s.getAttribute('data-value')){document.title=s.getAttribute('data-title');document.documentElement.setAttribute('data-flow',s.getAttribute('data-flow'));}})();";
