import { useId, useRef, useState } from 'react';
import { useKeepTypedValue } from '../hooks/use-keep-typed-value.ts';
import type { SyntheticEvent } from 'react';
import type { Flow } from '../../domain/flows.ts';
import { NAME_MAX_LENGTH, validateEmail, validateName, validateRecoveryUserId } from '../../lib/validators.ts';
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

function Field(props: { label: string; name: string; value: string; error: string | null; show: boolean; autoComplete: string; type?: string; maxLength: number; onChange: (value: string) => void; onBlur: () => void }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useKeepTypedValue(field, props.value, props.onChange);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        ref={field} id={id} name={props.name} type={props.type ?? 'text'} value={props.value} autoComplete={props.autoComplete} maxLength={props.maxLength} required
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
  const update = (name: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    onEdit();
  };
  const blur = (name: string) => () => setTouched((current) => ({ ...current, [name]: true }));
  const userIdError = { required: strings['recovery.field.required'], hasWhitespace: strings['recovery.field.invalidUserId'] };
  const errors = flow === 'FUID'
    ? {
        firstName: validateName(values.firstName) ? (values.firstName.trim() ? strings['recovery.field.invalidFirstName'] : strings['recovery.field.required']) : null,
        lastName: validateName(values.lastName) ? (values.lastName.trim() ? strings['recovery.field.invalidLastName'] : strings['recovery.field.required']) : null,
        emailId: validateEmail(values.emailId) ? (values.emailId.trim() ? strings['recovery.field.invalidEmail'] : strings['recovery.field.required']) : null,
      }
    : { userId: ((error) => (error ? userIdError[error] : null))(validateRecoveryUserId(values.userId)) };
  const valid = Object.values(errors).every((error) => error === null);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (!valid || busy || hasError) return;
    if (flow === 'FUID') onSubmitForgotUser({ firstName: values.firstName.trim(), lastName: values.lastName.trim(), emailId: values.emailId.trim() });
    else onSubmitUserId(values.userId.trim());
  }

  const intro = flow === 'FUID' ? strings['recovery.request.fuidIntro'] : flow === 'FTU' ? strings['recovery.request.ftuIntro'] : strings['recovery.request.fpsIntro'];
  return (
    <form onSubmit={submit} noValidate>
      <p>{intro}</p>
      {flow === 'FUID' ? (
        <>
          <Field label={strings['recovery.request.firstName']} name="firstName" value={values.firstName} error={errors.firstName ?? null} show={Boolean(touched['firstName'])} autoComplete="given-name" maxLength={NAME_MAX_LENGTH} onChange={update('firstName')} onBlur={blur('firstName')} />
          <Field label={strings['recovery.request.lastName']} name="lastName" value={values.lastName} error={errors.lastName ?? null} show={Boolean(touched['lastName'])} autoComplete="family-name" maxLength={NAME_MAX_LENGTH} onChange={update('lastName')} onBlur={blur('lastName')} />
          <Field label={strings['recovery.request.emailId']} name="emailId" type="email" value={values.emailId} error={errors.emailId ?? null} show={Boolean(touched['emailId'])} autoComplete="email" maxLength={254} onChange={update('emailId')} onBlur={blur('emailId')} />
        </>
      ) : (
        <Field label={strings['recovery.request.userId']} name="userId" value={values.userId} error={errors.userId ?? null} show={Boolean(touched['userId'])} autoComplete="username" maxLength={100} onChange={update('userId')} onBlur={blur('userId')} />
      )}
      <div className="actions">
        <button type="submit" className="button" data-click="continue" disabled={!valid || busy || hasError}>{strings['recovery.request.continue']}</button>
        <button type="button" className="button button--secondary" data-click="cancel" onClick={onCancel}>{strings['recovery.request.cancel']}</button>
      </div>
      {forgotUserIdHref && <p><a href={forgotUserIdHref} data-click="forgotUserId">{strings['recovery.request.forgotUserId']}</a></p>}
    </form>
  );
}
