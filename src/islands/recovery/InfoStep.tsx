import type { RecoveryStrings } from './recovery-strings.ts';

/** INFO (forgot user id success): where the user id went. */
export default function InfoStep({ strings, maskedEmail, loginHref }: { strings: RecoveryStrings; maskedEmail: string; loginHref: string }) {
  return (
    <div>
      <h2 tabIndex={-1} data-step-heading>{strings['recovery.info.heading']}</h2>
      <p className="alert alert--success">{strings['recovery.info.sent']} <strong>{maskedEmail}</strong></p>
      <p><a href={loginHref}>{strings['recovery.info.back']}</a></p>
    </div>
  );
}
