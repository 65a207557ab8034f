import type { Page } from '@playwright/test';

/** One announcement as a screen reader receives it from a live region: its politeness, its words, when (ms). */
export interface Announcement { politeness: 'assertive' | 'polite'; text: string; at: number }

/**
 * Records what the page's live regions say, the way screen readers hear them (WAI-ARIA 1.2, 'Live Region
 * Attributes'): a node with role="alert" that appears is said whole, assertively; a change inside a region (its
 * aria-live, or the implicit polite of role="status") says the added or changed text, or the whole region where
 * aria-atomic="true". Each live ancestor of a change says it once: a live container around an alert is heard
 * twice, as screen readers did. Text hidden from the tree (display: none, aria-hidden) is not said.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard: Array<{ politeness: 'assertive' | 'polite'; text: string; at: number }> = [];
    (window as unknown as { __announcements: typeof heard }).__announcements = heard;
    window.addEventListener('load', () => { (window as unknown as { __loadedAt: number }).__loadedAt = Math.round(performance.now()); });
    const politenessOf = (element: Element): 'assertive' | 'polite' | null => {
      const live = element.getAttribute('aria-live');
      if (live === 'assertive' || live === 'polite') return live;
      if (live === 'off') return null;
      const role = element.getAttribute('role');
      if (role === 'alert') return 'assertive';
      if (role === 'status' || role === 'log') return 'polite';
      return null;
    };
    const said = (node: Node): string => {
      if (node instanceof Text) {
        const parent = node.parentElement;
        return parent && isShown(parent) ? node.data : '';
      }
      if (!(node instanceof Element) || !isShown(node)) return '';
      return [...node.childNodes].map(said).join(node instanceof HTMLParagraphElement || node instanceof HTMLDivElement ? ' ' : '');
    };
    function isShown(element: Element): boolean {
      if (element.closest('[aria-hidden="true"]')) return false;
      return element instanceof HTMLElement ? getComputedStyle(element).display !== 'none' && !element.hidden : true;
    }
    const say = (politeness: 'assertive' | 'polite', text: string) => {
      const words = text.replace(/\s+/g, ' ').trim();
      if (words !== '') heard.push({ politeness, text: words, at: Math.round(performance.now()) });
    };
    const liveAncestors = (node: Node): Element[] => {
      const found: Element[] = [];
      for (let element = node instanceof Element ? node : node.parentElement; element; element = element.parentElement) {
        if (politenessOf(element)) found.push(element);
      }
      return found;
    };
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const changed: Node[] = mutation.type === 'characterData' ? [mutation.target] : [...mutation.addedNodes];
        for (const node of changed) {
          // An alert that appears is said whole, by itself.
          if (node instanceof Element) for (const alert of [node, ...node.querySelectorAll('[role="alert"]')].filter((element) => element.getAttribute('role') === 'alert')) say('assertive', said(alert));
          for (const region of liveAncestors(mutation.target)) {
            const politeness = politenessOf(region);
            if (!politeness) continue;
            const target = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
            const atomic = target?.closest('[aria-atomic="true"]');
            say(politeness, atomic && region.contains(atomic) ? said(atomic) : said(node));
          }
        }
      }
    });
    const start = () => { observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true }); };
    if (document.documentElement) start();
    else document.addEventListener('readystatechange', start, { once: true });
  });
}

/** What was said since the page loaded (or since the last `clearAnnouncements`). */
export async function announcements(page: Page): Promise<Announcement[]> {
  return page.evaluate(() => [...(window as unknown as { __announcements: Announcement[] }).__announcements]);
}

/** Forgets what was said so far. */
export async function clearAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => { (window as unknown as { __announcements: Announcement[] }).__announcements.length = 0; });
}

/** When the page's load event came, on the clock the announcements are timed by. */
export async function loadedAt(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __loadedAt?: number }).__loadedAt ?? Number.NaN);
}
