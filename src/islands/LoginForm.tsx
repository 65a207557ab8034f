import { useStore } from './hooks/use-store.ts';
import { useEffect, useId, useRef, useState } from 'react';
import type { SyntheticEvent } from 'react';
import type { BuiltEnvironmentMap } from '../contract/environment-map.ts';
import { loginFormAction, withSafeTargets } from '../lib/login-messages.ts';
import type { LoginMessageKey } from '../lib/login-messages.ts';
import { LOGIN_PATTERNS, validateLoginPassword, validateLoginUserId, withoutSurroundingBlanks } from '../lib/validators.ts';
import type { LoginPasswordError, LoginUserIdError } from '../lib/validators.ts';
import { createLoginPage } from '../stores/login-page.ts';
import { submitGate } from '../lib/form-gate.ts';
import { GateReason, useRefusal } from './FormGate.tsx';
import { useHydrated } from './hooks/use-hydrated.ts';
import { useKeepTypedValue } from './hooks/use-keep-typed-value.ts';
import { useLocationSearch } from './hooks/use-location-search.ts';

/** The texts the form needs, translated at build time. */
type LoginFormStrings = Record<
  | 'userId' | 'password' | 'submit' | 'submitting' | 'showPassword' | 'hidePassword' | 'userIdRequired' | 'noSpaces' | 'userIdInvalid'
  | 'passwordRequired' | 'passwordTooShort' | 'passwordTooLong' | 'incomplete' | 'userIdInvalidFix' | 'passwordTooShortFix',
  string
> & { messages: Record<LoginMessageKey, string> };

interface Props {
  strings: LoginFormStrings;
  wlKey: string;
  environmentMap: BuiltEnvironmentMap;
  /** brand.json telemetry.clickMonitor. */
  clickMonitor: boolean;
}

const USER_ID_ERRORS: Record<LoginUserIdError, keyof LoginFormStrings> = { required: 'userIdRequired', hasWhitespace: 'noSpaces', invalidCharacters: 'userIdInvalid' };
const PASSWORD_ERRORS: Record<LoginPasswordError, keyof LoginFormStrings> = { required: 'passwordRequired', hasWhitespace: 'noSpaces', tooShort: 'passwordTooShort', tooLong: 'passwordTooLong' };
// The spec's texts say what is wrong; these say how to mend it, beside them (WCAG 3.3.3).
const FIXES: Partial<Record<keyof LoginFormStrings, 'userIdInvalidFix' | 'passwordTooShortFix'>> = { userIdInvalid: 'userIdInvalidFix', passwordTooShort: 'passwordTooShortFix' };
/** An error's text: the spec's, then its fix where it has one. */
function errorText(strings: LoginFormStrings, key: keyof LoginFormStrings): string {
  const fix = FIXES[key];
  return fix ? `${strings[key] as string} ${strings[fix]}` : strings[key] as string;
}

/**
 * The SiteMinder login form. It is a real HTML form posting to ProcessLogin.fcc, so it works
 * before hydration and with password managers; the island adds validation, the password toggle
 * and the guard against double submits.
 */
export default function LoginForm({ strings, wlKey, environmentMap, clickMonitor }: Props) {
  const id = useId();
  const [{ $banner, $userId, actions, start }] = useState(() => createLoginPage({ wlKey, environmentMap, clickMonitor, messages: strings.messages }));
  const messageKey = useStore($banner);
  const rememberedUserId = useStore($userId);
  useEffect(start, [start]);
  const hydrated = useHydrated();
  // TARGET and BGTARGET go to SiteMinder only as same-origin paths.
  const query = withSafeTargets(new URLSearchParams(useLocationSearch()), hydrated ? location.origin : undefined);
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ userId: false, password: false });
  const [dirty, setDirty] = useState({ userId: false, password: false });
  const [attempted, setAttempted] = useState(false);
  const [visible, setVisible] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const userIdField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  // A value put in before the island woke (a paste, a password manager, fast typing) is a change, as typing is.
  const kept = (field: 'userId' | 'password') => (left: boolean) => {
    setDirty((state) => ({ ...state, [field]: true }));
    if (left) setTouched((state) => ({ ...state, [field]: true }));
  };
  useKeepTypedValue(userIdField, userId, setUserId, kept('userId'));
  useKeepTypedValue(passwordField, password, setPassword, kept('password'));
  // The user id sent moments ago comes back filled in (WCAG 3.3.7), unless the field has something already or the
  // visitor is in it: what they type is never added to or replaced.
  useEffect(() => {
    const field = userIdField.current;
    if (rememberedUserId === null || !field || field.value !== '' || document.activeElement === field) return;
    field.value = rememberedUserId;
    setUserId(rememberedUserId);
  }, [rememberedUserId]);

  const userIdError = validateLoginUserId(userId);
  const passwordError = validateLoginPassword(password);
  const valid = userIdError === null && passwordError === null;
  const refusal = useRefusal([
    userIdError && `${strings.userId}: ${errorText(strings, USER_ID_ERRORS[userIdError])}`.replace(/\.?$/, '.'),
    passwordError && `${strings.password}: ${errorText(strings, PASSWORD_ERRORS[passwordError])}`.replace(/\.?$/, '.'),
  ].filter(Boolean).join(' '));
  // Errors show once a field was touched and changed (spec 5), or after a refused submit.
  const showUserIdError = userIdError !== null && ((touched.userId && dirty.userId) || attempted);
  const showPasswordError = passwordError !== null && ((touched.password && dirty.password) || attempted);

  useEffect(() => {
    // Back from /apps/home (or from a login that failed to load) the browser may restore this page
    // from its back/forward cache: frozen in "Logging in…" with the password still in the field.
    // Start over with the user id kept and the password gone.
    function onPageShow(event: PageTransitionEvent) {
      if (!event.persisted) return;
      setSubmitting(false);
      setVisible(false);
      setPassword('');
      setTouched((state) => ({ ...state, password: false }));
      setDirty((state) => ({ ...state, password: false }));
      setAttempted(false);
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    if (submitting) {
      event.preventDefault();
      return;
    }
    if (!valid) {
      // Refused, as a press on the disabled-looking button or an Enter in a field is: the messages show, are
      // announced, and the first field to mend has the focus.
      event.preventDefault();
      setAttempted(true);
      refusal.announce();
      (userIdError ? userIdField : passwordField).current?.focus();
      return;
    }
    // The blanks a paste brought at either end are not part of the id (the checks ignored them too).
    const id = withoutSurroundingBlanks(userId);
    if (id !== userId) {
      if (userIdField.current) userIdField.current.value = id;
      setUserId(id);
    }
    actions.posting(id);
    // A shown password goes back to a password field before the browser sends the form (a text
    // field's value could land in the browser's form history, and password managers look for a
    // password field to offer saving it). Set on the element now: a render would come too late,
    // and react-dom's flushSync would put bytes into the chunk every page shares.
    if (passwordField.current) passwordField.current.type = 'password';
    setVisible(false);
    setSubmitting(true);
  }

  const hidden = {
    SMENC: 'UTF-8',
    TARGET: query.get('TARGET') ?? '',
    BGTARGET: query.get('BGTARGET') ?? '',
    postpreservationdata: query.get('postpreservationdata') ?? '',
    SUBMIT: 'Login',
    // Not a SiteMinder field: tells the emulator which brand's login to return to (no Referer is sent).
    wl: wlKey,
  };

  return (
    <form id="login-form" className="login-form" method="post" action={loginFormAction(query)} onSubmit={onSubmit} noValidate={hydrated} data-hydrated={hydrated ? 'true' : undefined}>
      {messageKey && (
        <div className="alert alert--danger" role="alert" data-testid="login-banner">{strings.messages[messageKey]}</div>
      )}
      {Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <div className="field">
        <label htmlFor={`${id}-user`} id={`${id}-user-label`} data-gap="USER">{strings.userId}</label>
        <input
          ref={userIdField} id={`${id}-user`} name="USER" type="text" autoComplete="username webauthn" autoCapitalize="none" spellCheck={false} required pattern={LOGIN_PATTERNS.USER}
          value={userId} aria-invalid={showUserIdError} aria-describedby={showUserIdError ? `${id}-user-error` : undefined}
          onChange={(event) => { setUserId(event.target.value); setDirty((state) => ({ ...state, userId: true })); }}
          onBlur={() => setTouched((state) => ({ ...state, userId: true }))}
        />
        {showUserIdError && <p className="field__error" id={`${id}-user-error`}>{errorText(strings, USER_ID_ERRORS[userIdError])}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`} id={`${id}-password-label`} data-gap="PASSWRD">{strings.password}</label>
        <div className="field__with-button">
          <input
            ref={passwordField} id={`${id}-password`} name="PASSWRD" type={visible ? 'text' : 'password'} autoComplete="current-password" required pattern={LOGIN_PATTERNS.PASSWRD}
            value={password} aria-invalid={showPasswordError} aria-describedby={showPasswordError ? `${id}-password-error` : undefined}
            onChange={(event) => { setPassword(event.target.value); setDirty((state) => ({ ...state, password: true })); }}
            onBlur={() => setTouched((state) => ({ ...state, password: true }))}
          />
          {/* The label says what a press does (the password field shows the state); no pressed state beside a changing name. */}
          <button type="button" className="field__toggle" data-click="showPassword" aria-controls={`${id}-password`} onClick={() => setVisible((shown) => !shown)}>
            {visible ? strings.hidePassword : strings.showPassword}
          </button>
        </div>
        {showPasswordError && <p className="field__error" id={`${id}-password-error`}>{errorText(strings, PASSWORD_ERRORS[passwordError])}</p>}
      </div>
      {/* Before the submit: the pre-paint gate acts when the submit is parsed. */}
      <GateReason id={`${id}-why`} text={strings.incomplete} />
      {/* Disabled until the form is valid (spec 3, 5) as aria-disabled: focusable, it says why and a press is refused
          with the messages (docs/spec-readings.md). Before the island wakes the page's pre-paint gate sets the same. */}
      {/* While the form goes out it is aria-disabled, not disabled: a disabled button that has the focus drops it
          to the body (WCAG 2.4.3) while SiteMinder answers; a second submit is refused by onSubmit. */}
      <button type="submit" className="button login-form__submit" data-click="logIn" aria-busy={submitting}
        {...(hydrated ? submitGate(`${id}-why`, [userIdError && `${id}-user-label`, passwordError && `${id}-password-label`].filter((gap) => typeof gap === 'string')) : {})}
        {...(submitting ? { 'aria-disabled': 'true' } : {})}>
        {submitting ? strings.submitting : strings.submit}
      </button>
      {refusal.region}
    </form>
  );
}
