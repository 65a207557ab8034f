/**
 * The login page's browser check (spec 2.2 "Improve Your Experience"): shown for Internet Explorer and
 * for the browsers a brand lists in `checkBrowserConfig.excludedBrowsers`, and for no one else. Browsers
 * without ES modules (Chrome 48–60, Firefox 44–59, Safari 9–10.1) are supported (spec 9), so the check
 * is not "no modules": it is a plain classic script that runs in every browser and reads the brand's
 * list from the dialog's `data-excluded` attribute.
 *
 * The script's text is the same for every brand (only the data attribute differs), so one CSP hash
 * covers it everywhere. It is ES5 only (IE 9+ and every old browser run it) and it lives here, not in
 * LegacyBrowserWarning.astro, because its CSP hash must be inserted by the page's frontmatter: a
 * component in the body runs after the head (with the CSP meta) has been rendered.
 */

/** Browser names an `excludedBrowsers` entry may use, as the visitor-environment reader names them. */
export const CHECKED_BROWSERS = ['IE', 'Edge', 'Samsung Internet', 'Firefox', 'Chrome', 'Safari'] as const;

/**
 * One `excludedBrowsers` entry: a browser name, or a name and `<=` a major version (that version and
 * older). @example "IE" @example "Firefox <=51"
 */
export const EXCLUDED_BROWSER_PATTERN = new RegExp(`^(${CHECKED_BROWSERS.join('|')})(?: <=(\\d{1,4}))?$`);

// Which browser, in the order of src/lib/user-agent.ts (Edge and Samsung Internet also say Chrome, and
// Chrome also says Safari); each rule's pattern captures the major version.
const RULES = "[['IE',/Trident\\/.*rv:(\\d+)|MSIE (\\d+)/,/Trident\\/|MSIE /],['Edge',/Edg(?:e|A|iOS)?\\/(\\d+)/],['Samsung Internet',/SamsungBrowser\\/(\\d+)/],['Firefox',/(?:Firefox|FxiOS)\\/(\\d+)/],['Chrome',/(?:Chrome|CriOS)\\/(\\d+)/],['Safari',/Version\\/(\\d+)/,/Safari\\//]]";

/** The classic (ES5) script that reveals the dialog when the browser is excluded; Close or Escape hands the page back. */
export const LEGACY_BROWSER_REVEAL_SCRIPT =
  '(function(){var d=document.getElementById(\'legacy-browser\');if(!d)return;var u=navigator.userAgent,x,r=' + RULES + ',n=\'\',v=NaN,i,m,e;' +
  'try{x=JSON.parse(d.getAttribute(\'data-excluded\')||\'[]\');}catch(err){return;}' +
  'for(i=0;i<r.length;i++){if((r[i][2]||r[i][1]).test(u)){m=r[i][1].exec(u);n=r[i][0];v=m?parseInt(m[1]||m[2],10):NaN;break;}}' +
  'if(!n)return;var hit=false;for(i=0;i<x.length;i++){e=/^(.+?)(?: <=(\\d+))?$/.exec(x[i]);if(e&&e[1]===n&&(!e[2]||v<=parseInt(e[2],10))){hit=true;break;}}' +
  'if(!hit)return;var b=document.getElementById(\'legacy-browser-close\');function c(){d.setAttribute(\'hidden\',\'\');}' +
  'd.removeAttribute(\'hidden\');b.onclick=c;d.onkeydown=function(k){if((k||window.event).keyCode===27)c();};b.focus();})();';
