/**
 * In-page samplers for claims of "never", "not even for a frame" and "once": what a selector shows is read at
 * every animation frame (what paints) and at every DOM change in between (a flash that a frame could miss), so
 * an absence counts only for the time it was watched. Each function is serialized into the page (Playwright's
 * addInitScript and evaluate, and every journey engine's evaluate), so each stays self-contained: no imports,
 * no helpers from outside its own body. The Playwright side is `sampling.ts`; the journeys call `sampleFrames`.
 */

export interface FrameSamples {
  /** Animation frames watched. */
  frames: number;
  /** How many frames and DOM changes found the selector shown. */
  sightings: number;
  /** When it was first seen ("frame 3", "change after frame 2"), or null. */
  first: string | null;
}

interface Watch extends FrameSamples { selector: string }

/**
 * Watches a selector from now until the page goes: meant for `page.addInitScript`, so the watch starts before
 * the page's own first script and first paint. Read with `readWatch`.
 */
export function installWatch(selector: string): void {
  const holder = window as unknown as { __portalWatch?: Watch };
  if (holder.__portalWatch) return;
  const watch: Watch = { selector, frames: 0, sightings: 0, first: null };
  holder.__portalWatch = watch;
  // Rendered and not hidden: in a box, not under display: none, not visibility: hidden (a fade from opacity 0 counts).
  const shown = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    if (getComputedStyle(element).visibility === 'hidden') return false;
    return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
  };
  const check = (when: string) => {
    if (!Array.from(document.querySelectorAll(selector)).some(shown)) return;
    watch.sightings += 1;
    watch.first ??= when;
    // Told to the test as it happens where it listens (`sightingsAcrossPages`): a page about to be left can no longer be asked.
    (window as unknown as { portalSighting?: (seen: string) => unknown }).portalSighting?.(`${location.pathname}: ${when}`);
  };
  new MutationObserver(() => { check(`change after frame ${String(watch.frames)}`); })
    .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const frame = () => {
    watch.frames += 1;
    check(`frame ${String(watch.frames)}`);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** What the page's watch saw so far; null when no watch runs in this document. */
export function readWatch(): FrameSamples | null {
  const watch = (window as unknown as { __portalWatch?: Watch }).__portalWatch;
  return watch ? { frames: watch.frames, sightings: watch.sightings, first: watch.first } : null;
}

/**
 * Watches a selector for the next `frames` animation frames (and the DOM changes between them), then says
 * what it saw: for a page already loaded, in any engine (a journey's `driver.evaluate`). Needs real frames:
 * not for a page whose clock is faked.
 */
export function sampleFrames({ selector, frames }: { selector: string; frames: number }): Promise<FrameSamples> {
  // `shown` and `check` are written out again rather than shared with installWatch: each function is serialized
  // into the page on its own (an init script, a driver's evaluate), so it can reach nothing outside its body.
  const samples: FrameSamples = { frames: 0, sightings: 0, first: null };
  const shown = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return false;
    if (getComputedStyle(element).visibility === 'hidden') return false;
    return typeof element.checkVisibility === 'function' ? element.checkVisibility() : true;
  };
  const check = (when: string) => {
    if (!Array.from(document.querySelectorAll(selector)).some(shown)) return;
    samples.sightings += 1;
    samples.first ??= when;
  };
  check('start');
  const observer = new MutationObserver(() => { check(`change after frame ${String(samples.frames)}`); });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  return new Promise((resolve) => {
    const frame = () => {
      samples.frames += 1;
      check(`frame ${String(samples.frames)}`);
      if (samples.frames < frames) {
        requestAnimationFrame(frame);
        return;
      }
      observer.disconnect();
      resolve(samples);
    };
    requestAnimationFrame(frame);
  });
}
