import StepHeading from './StepHeading.tsx';
import type { ChannelOption } from '../../stores/recovery/flow-state.ts';
import { fill } from './recovery-strings.ts';
import type { RecoveryStrings } from './recovery-strings.ts';

interface Props {
  strings: RecoveryStrings;
  options: ChannelOption[];
  callError: boolean;
  busy: boolean;
  onChoose: (option: ChannelOption) => void;
}

/**
 * The press disables every Send button while the code goes out: the focus would fall to the body (WCAG 2.4.3), and
 * stay there if the send fails. It waits on the step's heading, where the next step's heading takes it over.
 */
function keepFocusOnStep(button: HTMLElement): void {
  button.closest('.otp-step')?.querySelector<HTMLElement>('.step-heading')?.focus();
}

/** OTP: one numbered option per channel; choosing one sends the passcode. */
export default function OtpStep({ strings, options, callError, busy, onChoose }: Props) {
  return (
    <div className="otp-step">
      <StepHeading>{strings['recovery.otp.send']}</StepHeading>
      {callError && <p className="alert alert--danger" role="alert">{strings['recovery.otp.callChallengeError']}</p>}
      <p>{strings['recovery.otp.challenge']}</p>
      <ul className="channel-options">
        {options.map((option, index) => (
          <li key={option.channel} className="channel-option">
            <span className="channel-option__label">
              <strong>{fill(strings['recovery.otp.option'], { number: index + 1 })}</strong>{' '}
              {strings[`recovery.otp.channel.${option.channel}`]}: <span className="channel-option__value">{option.masked}</span>
            </span>
            <button type="button" className="button" data-click="chooseChannel" data-click-value={option.channel} disabled={busy} onClick={(event) => { keepFocusOnStep(event.currentTarget); onChoose(option); }}
              aria-label={`${strings['recovery.otp.send']}: ${fill(strings['recovery.otp.option'], { number: index + 1 })} ${strings[`recovery.otp.channel.${option.channel}`]}`}>
              {strings['recovery.otp.send']}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
