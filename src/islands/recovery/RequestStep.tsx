import { useId, useRef, useState } from 'react';
import { useKeepTypedValue } from '../hooks/use-keep-typed-value.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { GateReason, useRefusal } from '../FormGate.tsx';
import { submitGate } from '../../lib/form-gate.ts';
import type { SyntheticEvent } from 'react';
import type { Flow } from '../../domain/flows.ts';
import { isFinalError, validateEmail, validateName, validateRecoveryUserId, withoutSurroundingBlanks } from '../../lib/validators.ts';
import { keepFocusOnButtonPress } from './keep-focus.ts';
import FlowText from './FlowText.tsx';
import { fill } from './recovery-strings.ts';
import type { RecoveryStrings } from './recovery-strings.ts';

interface Props {
  flow: Flow;
  strings: RecoveryStrings;
  busy: boolean;
  hasError: boolean;
  forgotUserIdHref: string | null;
  onEdit: () => void;
  onSubmitUserId: (userId: string) => void;
  onSubmitForgotUser: (details: { firstName: string; lastName: string; emailId: string }) => void;
  onCancel: () => void;
}

// No field has a maxlength: it cut what a visitor typed or pasted without a word. Too long is said by the field's rule.
function Field(props: { label: string; name: string; value: string; error: string | null; show: boolean; autoComplete: string; type?: string; onChange: (value: string) => void; onBlur: () => void }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  // A value put in before the island woke is a change, as typing is; left already, the field was touched too.
  useKeepTypedValue(field, props.value, props.onChange, (left) => { if (left) props.onBlur(); });
  return (
    <div className="field">
      {/* The label names the field in the submit's reasons while it is missing (src/lib/form-gate.ts). */}
      <label htmlFor={id} id={`request-${props.name}-label`} data-gap={props.name}>{props.label}</label>
      <input
        ref={field} id={id} name={props.name} type={props.type ?? 'text'} value={props.value} autoComplete={props.autoComplete} required
        aria-invalid={props.show && props.error !== null} aria-describedby={props.show && props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)} onBlur={props.onBlur}
      />
      {props.show && props.error && <p className="field__error" id={`${id}-error`}>{props.error}</p>}
    </div>
  );
}

/** REQUEST: the user id (forgot password, first-time user) or name and e-mail (forgot user id). */
export default function RequestStep({ flow, strings, busy, hasError, forgotUserIdHref, onEdit, onSubmitUserId, onSubmitForgotUser, onCancel }: Props) {
  const [values, setValues] = useState({ userId: '', firstName: '', lastName: '', emailId: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const hydrated = useHydrated();
  const update = (name: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    onEdit();
  };
  const blur = (name: string) => () => setTouched((current) => ({ ...current, [name]: true }));
  type Name = keyof typeof values;
  const kinds: Partial<Record<Name, string | null>> = flow === 'FUID'
    ? { firstName: validateName(values.firstName), lastName: validateName(values.lastName), emailId: validateEmail(values.emailId) }
    : { userId: validateRecoveryUserId(values.userId) };
  const labels: Record<Name, string> = {
    userId: strings['recovery.request.userId'], firstName: strings['recovery.request.firstName'], lastName: strings['recovery.request.lastName'], emailId: strings['recovery.request.emailId'],
  };
  // The spec's text says what is wrong; the fix beside it says how to mend it (WCAG 3.3.3).
  const fixes: Partial<Record<string, string>> = {
    hasWhitespace: strings['recovery.field.noSpacesFix'], asterisk: strings['recovery.field.asteriskFix'], invisibleCharacters: strings['recovery.field.invisibleFix'],
  };
  const specText = (name: Name, kind: string): string => {
    switch (name) {
      case 'userId': return strings[kind === 'tooLong' ? 'recovery.field.userIdTooLong' : 'recovery.field.invalidUserId'];
      case 'firstName': return strings[kind === 'tooLong' ? 'recovery.field.firstNameTooLong' : 'recovery.field.invalidFirstName'];
      case 'lastName': return strings[kind === 'tooLong' ? 'recovery.field.lastNameTooLong' : 'recovery.field.invalidLastName'];
      case 'emailId': return strings['recovery.field.invalidEmail'];
    }
  };
  const message = (name: Name, kind: string | null | undefined): string | null => {
    if (!kind) return null;
    if (kind === 'required') return `${strings['recovery.field.required']} ${fill(strings['recovery.field.requiredFix'], { field: labels[name] })}`;
    const fix = fixes[kind];
    return fix ? `${specText(name, kind)} ${fix}` : specText(name, kind);
  };
  const errors: Partial<Record<Name, string | null>> = Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, message(name as Name, kind)]));
  const valid = Object.values(errors).every((error) => error === null);
  /** A field's message shows once it was left, or at once when more typing cannot mend it. */
  const show = (name: Name) => Boolean(touched[name]) || isFinalError(kinds[name] ?? null);

  const gaps = (Object.keys(errors) as Name[]).filter((name) => errors[name] !== null);
  const refusal = useRefusal(gaps.map((name) => `${labels[name]}: ${errors[name] ?? ''}`).join(' '));

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid) {
      // Refused, as a press on the disabled-looking button or an Enter in a field is: every message shows, is
      // announced, and the first field to mend has the focus.
      setTouched(Object.fromEntries(gaps.map((name) => [name, true])));
      refusal.announce();
      const first = event.currentTarget.elements.namedItem(gaps[0] ?? '');
      if (first instanceof HTMLInputElement) first.focus();
      return;
    }
    // The press disables Continue while the id is checked, and a refusal keeps it so until the id is edited: the
    // focus goes to the first field first, where the alert's words are mended, never to the body with the
    // button (WCAG 2.4.3), as the passcode step does.
    const active = document.activeElement;
    if (!(active instanceof HTMLInputElement && event.currentTarget.contains(active))) event.currentTarget.querySelector('input')?.focus();
    if (busy || hasError) return;
    const sent = (name: keyof typeof values) => withoutSurroundingBlanks(values[name]);
    if (flow === 'FUID') onSubmitForgotUser({ firstName: sent('firstName'), lastName: sent('lastName'), emailId: sent('emailId') });
    else onSubmitUserId(sent('userId'));
  }

  const intro = <FlowText flow={flow} texts={{ FPS: strings['recovery.request.fpsIntro'], FTU: strings['recovery.request.ftuIntro'], FUID: strings['recovery.request.fuidIntro'] }} />;
  return (
    // data-hydrated: set only by the awake island (never in the static HTML), the mark its wake is timed by (bench:engage).
    <form onSubmit={submit} onMouseDown={keepFocusOnButtonPress} noValidate data-hydrated={hydrated ? 'true' : undefined}>
      <p>{intro}</p>
      {flow === 'FUID' ? (
        <>
          <Field label={strings['recovery.request.firstName']} name="firstName" value={values.firstName} error={errors.firstName ?? null} show={show('firstName')} autoComplete="given-name" onChange={update('firstName')} onBlur={blur('firstName')} />
          <Field label={strings['recovery.request.lastName']} name="lastName" value={values.lastName} error={errors.lastName ?? null} show={show('lastName')} autoComplete="family-name" onChange={update('lastName')} onBlur={blur('lastName')} />
          <Field label={strings['recovery.request.emailId']} name="emailId" type="email" value={values.emailId} error={errors.emailId ?? null} show={show('emailId')} autoComplete="email" onChange={update('emailId')} onBlur={blur('emailId')} />
        </>
      ) : (
        <Field label={strings['recovery.request.userId']} name="userId" value={values.userId} error={errors.userId ?? null} show={show('userId')} autoComplete="username" onChange={update('userId')} onBlur={blur('userId')} />
      )}
      {/* Before the submit: the pre-paint gate acts when the submit is parsed. */}
      <GateReason id="request-why" text={strings['common.form.incomplete']} />
      <div className="actions">
        {/* Disabled until the form is valid (spec 5) as aria-disabled: it says why, and a press is refused with the messages. */}
        <button type="submit" className="button" data-click="continue" disabled={busy || hasError}
          {...(hydrated ? submitGate('request-why', gaps.map((name) => `request-${name}-label`)) : {})}>{strings['recovery.request.continue']}</button>
        <button type="button" className="button button--secondary" data-click="cancel" onClick={onCancel}>{strings['recovery.request.cancel']}</button>
      </div>
      {refusal.region}
      {forgotUserIdHref && <p><a href={forgotUserIdHref} data-click="forgotUserId">{strings['recovery.request.forgotUserId']}</a></p>}
    </form>
  );
}
