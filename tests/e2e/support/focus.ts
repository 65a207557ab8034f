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

/**
 * Samples where the focus is at every frame from now on ("body", or "tag: text"), to prove it never falls to the
 * body, not for one frame; returns a reader of the samples. Waits for the first sample: on a loaded machine the
 * first frame can come after the key the test presses next.
 */
export async function sampleFocus(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { focusSeen: string[] }).focusSeen = seen;
    const tick = () => {
      const active = document.activeElement;
      seen.push(active === document.body || !active ? 'body' : `${active.tagName.toLowerCase()}: ${active.textContent ?? ''}`);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.waitForFunction(() => (window as unknown as { focusSeen: string[] }).focusSeen.length > 0);
  return () => page.evaluate(() => (window as unknown as { focusSeen: string[] }).focusSeen);
}
