import { useId } from 'react';
import StepHeading from './StepHeading.tsx';
import type { RecoveryStrings } from './recovery-strings.ts';

/** ERROR (access denied, or a failure that ends the flow). */
export default function ErrorStep({ strings, onGoToLogin }: { strings: RecoveryStrings; onGoToLogin: () => void }) {
  const id = useId();
  // The spec's heading is one word, ERROR; the text under it, read with it as the focus lands, says what went wrong.
  return (
    <div>
      <StepHeading describedBy={`${id}-text`}>{strings['recovery.error.heading']}</StepHeading>
      <p className="alert alert--danger" id={`${id}-text`}>{strings['recovery.error.text']}</p>
      <button type="button" className="button" data-click="goToLogin" onClick={onGoToLogin}>{strings['recovery.error.goToLogin']}</button>
    </div>
  );
}
