/**
 * The classic (ES5) script the change-password page runs before it paints: it puts the password rule of
 * the query's user type (`uti`) on the root element, `data-uti="external"` or `"internal"` (anything else
 * is held to the stricter internal rule, as the form is), so the static HTML, the same for every visitor,
 * shows the length that visitor needs before the island has loaded. Without script the attribute is
 * missing and the page names both lengths. A user type the query names outright also reaches the support
 * dialog (`data-user-type`, once the body is parsed), so staff see their own help desk before the form's island
 * wakes. One text on every page, so one CSP hash covers it.
 */
export const USER_TYPE_MARK_SCRIPT =
  "(function(){var m=/[?&]uti=([^&#]*)/.exec(location.search),u=m&&m[1];document.documentElement.setAttribute('data-uti',u==='external'?'external':'internal');" +
  "if(u==='internal'||u==='external')document.addEventListener('DOMContentLoaded',function(){var d=document.getElementById('support-dialog');if(d)d.setAttribute('data-user-type',u);});})();";
