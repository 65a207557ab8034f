import type { WireMatcher, WireTarget } from './driver.ts';

export type PageRequest =
  | { op: 'element'; target: WireTarget }
  | { op: 'probe'; target: WireTarget; attribute?: string }
  | { op: 'fill'; target: WireTarget; value: string }
  | { op: 'focus'; target: WireTarget }
  | { op: 'blur'; target: WireTarget };

export interface Probe {
  /** Matches in the DOM, shown or not (Playwright's toHaveCount). */
  count: number;
  visible: boolean;
  /** innerText of the first shown match (else of the first match). */
  text: string;
  value: string | null;
  focused: boolean;
  attribute: string | null;
}

/**
 * The one locator every engine runs, in the page. It is serialized into the page, so it must stay
 * self-contained: no imports, no helpers from outside its own body. Roles and names follow the
 * ARIA rules as far as these pages need them (explicit role, implicit role of the tag; name from
 * aria-labelledby, aria-label, the label, alt, then the text).
 */
export function inPage(request: PageRequest): Element | Probe | boolean | null {
  const normalize = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim();
  const matches = (matcher: WireMatcher, value: string, exact: boolean | undefined): boolean => {
    const actual = normalize(value);
    if (typeof matcher !== 'string') return new RegExp(matcher.source, matcher.flags).test(actual);
    return exact ? actual === matcher : actual.toLowerCase().includes(normalize(matcher).toLowerCase());
  };
  const ariaHidden = (element: Element): boolean => element.closest('[aria-hidden="true"]') !== null;
  const visible = (element: Element): boolean => {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return false;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
  };
  const textOf = (element: Element): string => {
    // Text a screen reader reads: aria-hidden parts and hidden inputs are skipped.
    let result = '';
    element.childNodes.forEach((node) => {
      if (node.nodeType === Node.TEXT_NODE) result += node.textContent ?? '';
      else if (node instanceof Element && !ariaHidden(node) && !(node instanceof HTMLElement && node.hidden)) {
        const own = node.getAttribute('aria-label');
        result += ` ${own ?? (node instanceof HTMLImageElement ? node.alt : textOf(node))} `;
      }
    });
    return result;
  };
  const nameOf = (element: Element): string => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) return normalize(labelledBy.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
    const aria = element.getAttribute('aria-label');
    if (aria) return normalize(aria);
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
      if (element instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(element.type)) return normalize(element.value);
      const labels = Array.from(element.labels ?? []).map((entry) => textOf(entry)).join(' ');
      return normalize(labels || element.getAttribute('title') || element.getAttribute('placeholder'));
    }
    if (element instanceof HTMLImageElement) return normalize(element.alt);
    if (['SECTION', 'ASIDE', 'FORM', 'DIALOG', 'NAV', 'MAIN'].includes(element.tagName)) return normalize(element.getAttribute('title'));
    return normalize(textOf(element) || element.getAttribute('title'));
  };
  const roleOf = (element: Element): string => {
    const explicit = element.getAttribute('role')?.trim().split(/\s+/)[0];
    if (explicit) return explicit;
    const tag = element.tagName.toLowerCase();
    if (tag === 'a' || tag === 'area') return element.hasAttribute('href') ? 'link' : '';
    if (tag === 'button') return 'button';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'input') {
      const type = (element as HTMLInputElement).type;
      if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
      if (type === 'checkbox' || type === 'radio') return type;
      return type === 'hidden' ? '' : 'textbox';
    }
    const implicit: Record<string, string> = {
      textarea: 'textbox', select: 'combobox', dialog: 'dialog', img: 'img', main: 'main', nav: 'navigation', ul: 'list', ol: 'list',
      li: 'listitem', table: 'table', td: 'cell', th: 'columnheader', output: 'status', header: 'banner', footer: 'contentinfo',
    };
    if (tag === 'section' || tag === 'aside') return element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby') ? (tag === 'section' ? 'region' : 'complementary') : '';
    return implicit[tag] ?? '';
  };
  const all = (target: WireTarget): Element[] => {
    if ('css' in target) return Array.from(document.querySelectorAll(target.css));
    if ('testId' in target) return Array.from(document.querySelectorAll(`[data-testid="${CSS.escape(target.testId)}"]`));
    const elements = Array.from(document.body.querySelectorAll('*')).filter((element) => !ariaHidden(element));
    if ('role' in target) {
      return elements.filter((element) => roleOf(element) === target.role && (target.name === undefined || matches(target.name, nameOf(element), target.exact)));
    }
    if ('label' in target) {
      return elements.filter((element) => (element.matches('input, textarea, select, [aria-label], [aria-labelledby]') && !(element instanceof HTMLInputElement && element.type === 'hidden'))
        && matches(target.label, nameOf(element), target.exact));
    }
    // The innermost elements whose text matches, as a visitor would point at them.
    const hits = elements.filter((element) => !['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(element.tagName) && matches(target.text, textOf(element), target.exact));
    return hits.filter((element) => !hits.some((other) => other !== element && element.contains(other)));
  };

  const found = all(request.target);
  const shown = found.find(visible) ?? null;
  // Like Playwright's actionability: a click waits for the control to be enabled, not just shown.
  if (request.op === 'element') return shown && !shown.matches(':disabled, [aria-disabled="true"]') ? shown : null;
  if (request.op === 'probe') {
    const first = shown ?? found[0];
    return {
      count: found.length,
      visible: shown !== null,
      text: first instanceof HTMLElement ? normalize(first.innerText) : normalize(first?.textContent),
      value: first instanceof HTMLInputElement || first instanceof HTMLTextAreaElement || first instanceof HTMLSelectElement ? first.value : null,
      focused: first !== undefined && first === document.activeElement,
      attribute: request.attribute && first ? first.getAttribute(request.attribute) : null,
    };
  }
  if (!(shown instanceof HTMLElement)) return false;
  if (request.op === 'focus') shown.focus();
  else if (request.op === 'blur') {
    shown.focus();
    shown.blur();
  } else if (request.op === 'fill') {
    // What Playwright's fill does, for React's controlled inputs: the native setter, then input.
    shown.focus();
    const prototype = shown instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(shown, request.value);
    shown.dispatchEvent(new Event('input', { bubbles: true }));
    shown.dispatchEvent(new Event('change', { bubbles: true }));
  }
  return true;
}
