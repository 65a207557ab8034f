/**
 * Where the focus goes when the control that held it goes away (the cookie bar's Accept, the toast's Dismiss):
 * the page's main content, the skip link's target, instead of the body, where a keyboard starts over from the
 * top and a screen reader says nothing (WCAG 2.4.3). Only when the focus was in the leaving part.
 */
export function focusMainIfInside(leaving: Element | null): void {
  if (!leaving?.contains(document.activeElement)) return;
  document.getElementById('main')?.focus();
}
