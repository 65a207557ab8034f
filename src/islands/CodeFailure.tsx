import { useLayoutEffect, useRef } from 'react';
import { codeFailureNotice } from '../lib/code-failure-notice.ts';
import { focusMainIfInside } from './hooks/focus-after-removal.ts';

/**
 * What a card shows when code it needs could not be loaded: the page's notice, the one the engage directive shows
 * too (src/lib/code-failure-notice.ts), with Try again where the step can go on without losing what was typed. It
 * only ever renders in the browser, after a failure; the notice goes into an element React renders empty, so
 * React never touches it.
 */
export default function CodeFailure({ onTryAgain }: { onTryAgain?: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  // The same notice may be handed another retry (the wizard's step, then its views): the button calls the latest.
  const latest = useRef(onTryAgain);
  const offersTryAgain = onTryAgain !== undefined;
  useLayoutEffect(() => { latest.current = onTryAgain; });
  useLayoutEffect(() => {
    box.current?.replaceChildren(codeFailureNotice(offersTryAgain ? () => { latest.current?.(); } : undefined));
  }, [offersTryAgain]);
  // Try again takes the notice away with its button: the focus goes to the page's main part, not the body
  // (WCAG 2.4.3). The cleanup runs before React removes the box, while the focus is still in it.
  useLayoutEffect(() => {
    const element = box.current;
    return () => { focusMainIfInside(element); };
  }, []);
  return <div ref={box} />;
}
