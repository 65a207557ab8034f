import StepHeading from './StepHeading.tsx';
import type { RecoveryStrings } from './recovery-strings.ts';

/** INFO (forgot user id success): where the user id went. */
export default function InfoStep({ strings, maskedEmail, loginHref }: { strings: RecoveryStrings; maskedEmail: string; loginHref: string }) {
  return (
    <div>
      <StepHeading>{strings['recovery.info.heading']}</StepHeading>
      <p className="alert alert--success">{strings['recovery.info.sent']} <strong>{maskedEmail}</strong></p>
      <p><a href={loginHref} data-click="backToLogin">{strings['recovery.info.back']}</a></p>
    </div>
  );
}
