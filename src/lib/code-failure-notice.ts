/** The `<template>` a page with islands carries the notice in (PortalShell renders it once, at build time). */
export const CODE_FAILURE_TEMPLATE = 'code-failure';

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The notice of code that could not finish loading (issue 21), its one markup: the message, announced
 * (`role="alert"`), then Try again and Reload (the second button looks secondary: global.scss). Rendered at build
 * time in the page's language into the page's template, which both who show the notice clone: the engage
 * directive's watchdog (an island that never woke) and CodeFailure.tsx (a card whose later code failed).
 */
export function codeFailureMarkup(texts: { message: string; tryAgain: string; reload: string }): string {
  return `<div class="alert alert--danger code-failure" role="alert"><p>${escapeText(texts.message)}</p><p class="code-failure__actions">`
    + `<button type="button" class="button">${escapeText(texts.tryAgain)}</button><button type="button" class="button">${escapeText(texts.reload)}</button></p></div>`;
}

/**
 * The page's notice, cloned from its template: with Try again when there is a retry that keeps the step and what
 * was typed (it calls `tryAgain`), else Reload alone. Elements only, never markup from a string (Trusted Types).
 */
export function codeFailureNotice(tryAgain?: () => void): HTMLElement {
  const template = document.getElementById(CODE_FAILURE_TEMPLATE) as HTMLTemplateElement;
  const notice = template.content.firstElementChild?.cloneNode(true) as HTMLElement;
  const [again, reload] = Array.from(notice.querySelectorAll('button'));
  if (again) {
    if (tryAgain) again.onclick = tryAgain;
    else again.remove();
  }
  if (reload) reload.onclick = () => { location.reload(); };
  return notice;
}
