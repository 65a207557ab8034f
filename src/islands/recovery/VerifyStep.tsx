import StepHeading from './StepHeading.tsx';
import { useId, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useSecondsUntil } from '../hooks/use-seconds-until.ts';
import { maskSmsNumber } from '../../lib/masking.ts';
import { deobfuscate } from '../../lib/obfuscation.ts';
import { isFinalError, normalizeOtp, validateOtp } from '../../lib/validators.ts';
import { keepFocusOnButtonPress } from './keep-focus.ts';
import { submitGate } from '../../lib/form-gate.ts';
import { GateReason, useRefusal } from '../FormGate.tsx';
import type { OtpError } from '../../lib/validators.ts';
import type { ChannelOption } from '../../stores/recovery/flow-state.ts';
import { fill } from './recovery-strings.ts';
import type { RecoveryStrings } from './recovery-strings.ts';

const OTP_ERRORS: Record<OtpError, 'recovery.field.otpRequired' | 'recovery.field.otpTooShort' | 'recovery.field.otpTooLong' | 'recovery.field.otpDigits'> = {
  required: 'recovery.field.otpRequired', tooShort: 'recovery.field.otpTooShort', tooLong: 'recovery.field.otpTooLong', notDigits: 'recovery.field.otpDigits',
};

interface Props {
  strings: RecoveryStrings;
  option: ChannelOption;
  callCode: string | null;
  /** A code the browser read from an SMS for this site (WebOTP), being checked. */
  received: string | null;
  resent: boolean;
  /** Epoch ms from which the service accepts a resend. */
  resendAt: number;
  busy: boolean;
  hasError: boolean;
  onEdit: () => void;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onBack: () => void;
}

/** VERIFY: type the e-mail or SMS code, or key the shown call code on the phone while the page checks. */
export default function VerifyStep({ strings, option, callCode, received, resent, resendAt, busy, hasError, onEdit, onSubmit, onResend, onBack }: Props) {
  const id = useId();
  const [code, setCode] = useState('');
  const [shown, setShown] = useState(false);
  const [touched, setTouched] = useState(false);
  const error = validateOtp(code);
  // Letters or a seventh digit are said at once; an empty or short code once the field is left.
  const showError = error !== null && (touched || isFinalError(error));
  const isCall = option.channel === 'call';
  const refusal = useRefusal(error === null || isCall ? '' : `${strings['recovery.verify.code']}: ${strings[OTP_ERRORS[error]]}`);
  // Only a typed code can be missing; the call's code is the page's own.
  const missing = !isCall && error !== null;

  // A resend voids the old code: clear the field then, and only then. (An effect ran on mount too, after
  // the first paint, and wiped a code autofilled or typed that early: seen in WebKitGTK.)
  const [seenResent, setSeenResent] = useState(resent);
  if (resent !== seenResent) {
    setSeenResent(resent);
    if (resent) setCode('');
  }
  const wait = useSecondsUntil(resendAt);
  const value = received ?? code;
  // The countdown's end is said once (it is not live while it counts: a number said every second is noise).
  const [counted, setCounted] = useState(false);
  if (wait > 0 && !counted) setCounted(true);
  const resendReady = counted && wait <= 0;

  /**
   * A press that disables its own button (Submit while the code is checked, Resend while the countdown runs)
   * would drop the focus to the body (WCAG 2.4.3): it goes to the field, where the code is typed again and
   * whose message says what went wrong.
   */
  function focusField() {
    const field = document.getElementById(id);
    if (field && document.activeElement !== field) field.focus();
  }

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    focusField();
    setTouched(true);
    if (!isCall && error !== null && !busy) {
      // Refused, as a press on the disabled-looking button or an Enter in the field is: the message shows, is
      // announced, and the field has the focus.
      refusal.announce();
      const field = event.currentTarget.elements.namedItem('otp');
      if (field instanceof HTMLInputElement) field.focus();
      return;
    }
    if (isCall && callCode) onSubmit(callCode);
    else if (!error && !busy && !hasError) onSubmit(normalizeOtp(code));
  }

  const plain = deobfuscate(option.value) ?? '';
  const destination = option.channel === 'sms' ? maskSmsNumber(plain) : option.masked;
  return (
    <form onSubmit={submit} onMouseDown={keepFocusOnButtonPress} noValidate>
      <StepHeading>{strings['recovery.verify.code']}</StepHeading>
      {/* The region is there before its message: a status that appears with its text already in it is not said. */}
      <div role="status">{resent && <p className="alert alert--success">{strings['recovery.verify.resent']}</p>}</div>
      {isCall ? (
        <>
          <p>{fill(strings['recovery.verify.callIntro'], { destination })}</p>
          <div className="field">
            <label htmlFor={id}>{strings['recovery.verify.callCode']}</label>
            {/* Said digit by digit as well: a screen reader reads the value as one large number. */}
            <input id={id} className="call-code" value={callCode ?? ''} readOnly aria-readonly="true" aria-describedby={`${id}-digits`} />
            <span className="visually-hidden" id={`${id}-digits`}>{(callCode ?? '').split('').join(' ')}</span>
          </div>
          <p role="status">{strings['recovery.verify.callWaiting']}</p>
        </>
      ) : (
        <>
          <p>{fill(strings['recovery.verify.sentTo'], { channel: strings[`recovery.otp.channel.${option.channel}`], destination })}</p>
          <div className="field">
            <label htmlFor={id} id={`${id}-label`}>{strings['recovery.verify.code']}</label>
            <div className="field__with-button">
              <input
                // No maxlength: it cut a pasted "278 210" to "278 21". What is typed stays; the code sent is its digits.
                id={id} name="otp" type={shown ? 'text' : 'password'} inputMode="numeric" autoComplete="one-time-code" required value={value}
                aria-invalid={showError} aria-describedby={showError ? `${id}-error` : `${id}-expiry`}
                onChange={(event) => { setCode(event.target.value); onEdit(); }} onBlur={() => setTouched(true)}
              />
              {/* The label says what a press does; the state shows in the field itself. */}
              <button type="button" className="field__toggle" data-click="showPasscode" aria-controls={id} onClick={() => setShown((value) => !value)}>{strings[shown ? 'recovery.verify.hide' : 'recovery.verify.show']}</button>
            </div>
            {showError && <p className="field__error" id={`${id}-error`}>{strings[OTP_ERRORS[error]]}</p>}
          </div>
        </>
      )}
      <p id={`${id}-expiry`}>{strings['recovery.verify.expiry']}</p>
      {wait > 0 && <p id={`${id}-wait`}>{fill(strings['recovery.verify.resendWait'], { seconds: wait })}</p>}
      <p className="visually-hidden" role="status">{resendReady ? strings['recovery.verify.resendReady'] : ''}</p>
      <div className="actions">
        {/* Disabled until the code is valid (spec 5) as aria-disabled: it says why, and a press is refused with the message. */}
        <button type="submit" className="button" data-click="submitCode" disabled={busy || (!isCall && hasError)} {...submitGate(`${id}-why`, missing ? [`${id}-label`] : [])}>{strings['recovery.verify.submit']}</button>
        <button type="button" className="button button--secondary" data-click="back" onClick={onBack} disabled={busy}>{strings['recovery.verify.back']}</button>
        <button type="button" className="button button--secondary" data-click="resend" onClick={() => { focusField(); onResend(); }} disabled={busy || wait > 0} aria-describedby={wait > 0 ? `${id}-wait` : undefined}>{strings['recovery.verify.resend']}</button>
      </div>
      <GateReason id={`${id}-why`} text={strings['common.form.incomplete']} />
      {refusal.region}
    </form>
  );
}
