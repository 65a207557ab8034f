import { useEffect, useRef } from 'react';
import type { ClickContext } from '../services/telemetry/report-click.ts';

const loadReporter = () => import('../services/telemetry/report-click.ts');

/**
 * One delegated listener per page: a click on any element marked `data-click="<id>"` (islands and static
 * HTML alike; `data-click-value` for a non-secret value such as a channel) is reported as a click event.
 * Field values of passwords and passcodes are never read: only what the markup names is sent. The reporter
 * loads on the first pointer or key press, so it is ready before a click that leaves the page.
 */
export function useClickTracking(context: ClickContext & { fromState: () => string }): void {
  const latest = useRef(context);
  latest.current = context;
  useEffect(() => {
    const preload = () => void loadReporter();
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-click]') : null;
      if (!target) return;
      const { fromState, ...where } = latest.current;
      const link = target instanceof HTMLAnchorElement;
      const click = { fieldId: target.dataset['click'] ?? '', fieldValue: target.dataset['clickValue'] ?? '', eventType: link ? 'link' : 'button', fromState: fromState(), leaving: link } as const;
      void loadReporter().then(({ reportClick }) => reportClick(where, click));
    };
    addEventListener('pointerdown', preload, { once: true, passive: true });
    addEventListener('keydown', preload, { once: true, passive: true });
    document.addEventListener('click', onClick, true);
    return () => {
      removeEventListener('pointerdown', preload);
      removeEventListener('keydown', preload);
      document.removeEventListener('click', onClick, true);
    };
  }, []);
}
