import type { Flow } from '../../domain/flows.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';

interface Props {
  flow: Flow;
  /** The wording of forgot password, first-time user and forgot user id. */
  texts: Record<Flow, string>;
}

/**
 * A text that follows the flow. The forgot-password page's static HTML serves first-time users too (FTUF=Y
 * is a query the build cannot see), so until the island runs it carries both wordings and CSS shows the one
 * the page's pre-paint script picked from the query (`data-flow` on <html>, src/lib/query-title.ts); then
 * the flow's own. What shows does not change when the island takes over.
 */
export default function FlowText({ flow, texts }: Props) {
  const hydrated = useHydrated();
  if (hydrated || flow === 'FUID') return <>{texts[flow]}</>;
  return (
    <>
      <span className="flow-text flow-text--fps">{texts.FPS}</span>
      <span className="flow-text flow-text--ftu">{texts.FTU}</span>
    </>
  );
}
