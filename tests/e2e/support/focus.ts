import type { Page } from '@playwright/test';

/** The focused element as "role: name", the way a screen-reader user hears it, plus whether its focus is drawn. */
export async function focused(page: Page): Promise<{ label: string; outlined: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return { label: 'body', outlined: false };
    const style = getComputedStyle(element);
    const labelled = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null;
    const name = (element.getAttribute('aria-label') ?? labelled ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const outlined = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
    return { label: `${element.tagName.toLowerCase()}: ${name}`, outlined };
  });
}
