import { codeLoader } from '../../lib/code-loader.ts';
import type { ClickContext } from './report-click.ts';

const reporter = codeLoader(() => import('./report-click.ts'));
let sending: Promise<unknown> = Promise.resolve();

/**
 * For code that leaves the page on a click (Cancel): resolves once a click report that was still loading
 * has been handed to the browser, or after 1 s at most (a slow network), so the unload does not swallow
 * the visitor's first click.
 */
export const clickReported = (): Promise<unknown> => Promise.race([sending, new Promise((resolve) => setTimeout(resolve, 1000))]);

/**
 * Starts the page's one delegated click listener and gives its stop; a page's store starts it when its view
 * mounts. A click on any element marked `data-click="<id>"` (islands and static HTML alike;
 * `data-click-value` for a non-secret value such as a channel) is reported as a click event. Field values of
 * passwords and passcodes are never read: only what the markup names is sent. The reporter loads on the
 * visitor's first press or focus (not with the page), and a loaded reporter sends in the click itself: a
 * link's navigation cannot overtake it, and sendBeacon survives the unload.
 */
export function trackClicks(context: ClickContext & { fromState: () => string }): () => void {
  const { fromState, ...where } = context;
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-click]') : null;
    if (!target) return;
    const link = target instanceof HTMLAnchorElement;
    const click = { fieldId: target.dataset['click'] ?? '', fieldValue: target.dataset['clickValue'] ?? '', eventType: link ? 'link' : 'button', fromState: fromState(), leaving: link } as const;
    const loaded = reporter.loaded();
    if (loaded) loaded.reportClick(where, click);
    // A reporter that cannot be loaded loses this click, never the visitor's way on (clickReported resolves).
    else sending = reporter.load().then(({ reportClick }) => { reportClick(where, click); }, () => undefined);
  };
  // The first pointer press or focus (a click focuses, Tab focuses) loads the reporter, before the click
  // lands; loading it after a stop is harmless, so these need no removing.
  for (const type of ['pointerdown', 'focusin']) addEventListener(type, () => { reporter.use(() => undefined); }, { once: true, passive: true });
  document.addEventListener('click', onClick, true);
  return () => { document.removeEventListener('click', onClick, true); };
}
