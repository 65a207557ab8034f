import StepHeading from './StepHeading.tsx';
import type { RecoveryStrings } from './recovery-strings.ts';

/** ERROR (access denied, or a failure that ends the flow). */
export default function ErrorStep({ strings, onGoToLogin }: { strings: RecoveryStrings; onGoToLogin: () => void }) {
  return (
    <div>
      <StepHeading>{strings['recovery.error.heading']}</StepHeading>
      <p className="alert alert--danger">{strings['recovery.error.text']}</p>
      <button type="button" className="button" data-click="goToLogin" onClick={onGoToLogin}>{strings['recovery.error.goToLogin']}</button>
    </div>
  );
}
