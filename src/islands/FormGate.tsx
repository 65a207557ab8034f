import { useState } from 'react';
import type { ReactNode } from 'react';

/**
 * The lead-in of a gated submit's description ("To continue, fill in correctly:"), followed there by the labels
 * or rules still missing (src/lib/form-gate.ts). Hidden: it is read only as the button's description. The
 * page's pre-paint gate finds it by `data-gate-reason`.
 */
export function GateReason({ id, text }: { id: string; text: string }) {
  return <span id={id} data-gate-reason="" hidden>{text}</span>;
}

/**
 * A refused submit's announcement: what is wrong, said once per refusal in a live region that is in the page
 * from the start (a region added with its text is not read everywhere). Each refusal is a new paragraph, so
 * the same text is read again after a second Enter.
 *
 * `now` is what a refusal would say at this moment (empty when nothing is missing). The paragraph stays only
 * while it still holds: once a field is mended it is gone, so a screen-reader user who reads on does not meet
 * an error that no longer is (a removal is not announced: a live region's default relevance is additions).
 */
export function useRefusal(now: string): { announce: () => void; region: ReactNode } {
  const [refusal, setRefusal] = useState({ count: 0, text: '' });
  const current = refusal.count > 0 && refusal.text === now;
  return {
    announce: () => { setRefusal((previous) => ({ count: previous.count + 1, text: now })); },
    region: <div className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="refusal">{current && <p key={refusal.count}>{refusal.text}</p>}</div>,
  };
}
