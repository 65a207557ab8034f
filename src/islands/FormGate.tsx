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
 */
export function useRefusal(): { announce: (text: string) => void; region: ReactNode } {
  const [refusal, setRefusal] = useState({ count: 0, text: '' });
  return {
    announce: (text) => { setRefusal((previous) => ({ count: previous.count + 1, text })); },
    region: <div className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="refusal">{refusal.count > 0 && <p key={refusal.count}>{refusal.text}</p>}</div>,
  };
}
