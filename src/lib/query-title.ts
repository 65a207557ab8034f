/**
 * The classic (ES5) script that gives a page the title of the flow its query names, before the page
 * paints: the static page is built once for every query, and an island would set the title only once
 * its code has loaded. The script's text is the same on every page (the parameter, its value and the
 * title ride in its data attributes), so one CSP hash covers it.
 */
export const QUERY_TITLE_SCRIPT =
  "(function(){var s=document.currentScript;if(!s)return;var m=new RegExp('[?&]'+s.getAttribute('data-param')+'=([^&#]*)').exec(location.search);" +
  "if(m&&m[1]===s.getAttribute('data-value'))document.title=s.getAttribute('data-title');})();";
