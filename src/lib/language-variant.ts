/**
 * The site-wide not-found page (`/404.html`) in another language, for the one host that answers a
 * language's unknown address with it: Netlify serves the site's `/404.html` where a 404 rewrite's target is
 * missing, so `/de-DE/app/<unknown brand>/…` gets this file, not `/de-DE/404.html` (docs/deploy-netlify.md).
 * The file carries the page's body in each other language in a `<template data-language-variant>`; these two
 * classic (ES5) scripts pick the one the address names. Every other host never serves this file under a
 * language prefix, so there they do nothing.
 *
 * In <head>, before the language-cookie script, so that script sees the page's true language: when the
 * address starts with the script's `data-language`, the root element and the title take that language, and
 * `data-language-variant` keeps the body unpainted (global.scss) until the swap below.
 * One text for every language (the language and title ride in data attributes), so one CSP hash covers it.
 */
export const LANGUAGE_VARIANT_MARK_SCRIPT =
  "(function(){var s=document.currentScript;if(!s)return;var l=s.getAttribute('data-language'),p=location.pathname;" +
  "if(l&&(p==='/'+l||p.indexOf('/'+l+'/')===0)){var h=document.documentElement;h.lang=l;h.setAttribute('data-language-variant',l);document.title=s.getAttribute('data-title');}})();";

/**
 * Last in <body>, once the parser has built the page and before it paints or any module script runs: the
 * marked language's template takes the place of the default language's body. The page's own script elements
 * stay (its modules, already queued, then run against the body the visitor sees); the template's copies of
 * them (Astro renders a component's script with each instance) are left out, so nothing runs twice. Whatever
 * happens, the mark goes and the body shows. Nothing passes through an HTML sink, so Trusted Types has nothing
 * to refuse.
 */
export const LANGUAGE_VARIANT_SWAP_SCRIPT =
  "(function(){var h=document.documentElement,l=h.getAttribute('data-language-variant');if(!l)return;try{var b=document.body,v=null,t=b.getElementsByTagName('template');" +
  "for(var i=0;i<t.length;i++){if(t[i].getAttribute('data-language-variant')===l)v=t[i];}if(!v)return;var k=[].slice.call(b.children);" +
  "for(var j=0;j<k.length;j++){var n=k[j];if(n.tagName==='SCRIPT'||n.tagName==='TEMPLATE')continue;var q=[].slice.call(n.getElementsByTagName('script'));" +
  "for(var m=0;m<q.length;m++)b.appendChild(q[m]);b.removeChild(n);}var f=document.importNode(v.content,true),r=[].slice.call(f.querySelectorAll('script'));" +
  "for(var x=0;x<r.length;x++)r[x].parentNode.removeChild(r[x]);b.insertBefore(f,b.firstChild);}finally{h.removeAttribute('data-language-variant');}})();";
