import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import type { EnvironmentMap } from '../config/environment-schema.ts';
import type { PortalKind } from '../domain/portal-kinds.ts';
import { FALLBACK_ENVIRONMENT } from '../domain/environments.ts';
import { pageEnvironment, smAgentName } from '../lib/environment.ts';
import { PASSWORD_MAX_LENGTH } from '../lib/validators.ts';
import { markPasswordReset } from '../lib/login-session.ts';
import { isSafeRedirect } from '../lib/safe-redirect.ts';
import { useClickTracking } from './hooks/use-click-tracking.ts';
import { useHydrated, useKeepTypedValue, useLocationSearch } from './hooks/use-location-search.ts';

export const CHANGE_PASSWORD_ERROR_CODES = ['ISB_USRUP06', 'ISB_PASSVAL01', 'ISB_PASSVAL02', 'ISB_PASSVAL03', 'ISB_PASSVAL04'] as const;

export interface ChangePasswordStrings {
  intro: string; ftuIntro: string; userId: string; current: string; next: string; confirm: string; show: string; submit: string; rules: string;
  length: string; upper: string; lower: string; digit: string; special: string; match: string; differs: string; met: string; unmet: string;
  tooLong: string;
  errors: Record<(typeof CHANGE_PASSWORD_ERROR_CODES)[number] | 'generic', string>;
}

interface Props {
  strings: ChangePasswordStrings;
  wlKey: string;
  environmentMap: EnvironmentMap;
  /** brand.json portalKind: with the environment, it picks the SiteMinder agent name (spec 7). */
  portalKind: PortalKind;
  /** brand.json telemetry.clickMonitor. */
  clickMonitor: boolean;
}

/** The password rules of spec 5 for a user type, as a live checklist. */
export function passwordChecks(input: { type: string; current: string; next: string; confirm: string }) {
  const min = input.type === 'internal' ? 16 : 8;
  return {
    min,
    checks: [
      ['length', [...input.next].length >= min],
      ['upper', /[A-Z]/.test(input.next)],
      ['lower', /[a-z]/.test(input.next)],
      ['digit', /\d/.test(input.next)],
      ['special', /[^A-Za-z0-9]/.test(input.next)],
      ['match', input.next !== '' && input.next === input.confirm],
      ['differs', input.next !== '' && input.next !== input.current],
    ] as const,
  };
}

/**
 * Change password after a verified passcode (design.md): a real form posting to SiteMinder's
 * password services, with the rules for the user's type shown and checked as the user types.
 */
export default function ChangePasswordForm({ strings, wlKey, environmentMap, portalKind, clickMonitor }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const query = new URLSearchParams(useLocationSearch());
  const type = query.get('uti') === 'internal' ? 'internal' : query.get('uti') === 'external' ? 'external' : 'both';
  const ftu = query.get('FTUF') === 'Y';
  // The user type reaches the page's support dialog (spec 6), which shows staff their own help desk.
  useEffect(() => document.getElementById('support-dialog')?.setAttribute('data-user-type', type), [type]);
  useClickTracking({ wlKey, component: 'fps-self-change-pw', monitored: clickMonitor, fromState: () => 'changePassword' });
  const [userId, setUserId] = useState<string | null>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [shown, setShown] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // What a visitor (or a password manager) typed before the island hydrated is kept, not wiped.
  const fields = { user: useRef<HTMLInputElement>(null), current: useRef<HTMLInputElement>(null), next: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) };
  useKeepTypedValue(fields.user, userId ?? query.get('uid') ?? '', setUserId);
  useKeepTypedValue(fields.current, current, setCurrent);
  useKeepTypedValue(fields.next, next, setNext);
  useKeepTypedValue(fields.confirm, confirm, setConfirm);
  // "both" (type unknown) is held to the stricter internal rule.
  const { min, checks } = passwordChecks({ type: type === 'external' ? 'external' : 'internal', current, next, confirm });
  // Said, never cut: an input maxlength would silently truncate a pasted or generated password.
  const tooLong = [current, next, confirm].some((value) => value.length > PASSWORD_MAX_LENGTH);
  const valid = checks.every(([, ok]) => ok) && !tooLong && current !== '' && (userId ?? query.get('uid') ?? '') !== '';
  const errorCode = query.get('SMPWERR');
  const error = errorCode === null ? null : (strings.errors as Record<string, string>)[errorCode] ?? strings.errors.generic;

  // Resolved once in the browser (a failure is logged once, not on every render); the static HTML
  // carries the fallback environment's agent until then.
  const environment = useMemo(() => (hydrated ? pageEnvironment(location.hostname, environmentMap) : FALLBACK_ENVIRONMENT), [hydrated, environmentMap]);
  const target = query.get('TARGET');
  const action = new URLSearchParams({
    SMAUTHREASON: '34',
    TARGET: target && hydrated && isSafeRedirect(target, location.origin) ? target : '/apps/home?fromPage=FPS',
    smagentname: smAgentName(environment, portalKind, environmentMap),
    uti: type,
    FTUF: ftu ? 'Y' : 'N',
  });
  if (query.get('fpsRedirect')) action.set('fpsRedirect', query.get('fpsRedirect') ?? '');
  if (query.get('uid')) action.set('uid', query.get('uid') ?? '');

  function onSubmit(event: FormEvent) {
    if (!valid || submitting) {
      event.preventDefault();
      return;
    }
    markPasswordReset();
    setSubmitting(true);
  }

  const checkText = (name: (typeof checks)[number][0]) => (name === 'length' ? strings.length.replace('{{min}}', String(min)) : strings[name]);
  return (
    <form method="post" action={`/pw/forms/smpwservices.fcc?${action.toString()}`} onSubmit={onSubmit} noValidate={hydrated}>
      {error && <p className="alert alert--danger" role="alert">{error}</p>}
      <p>{ftu ? strings.ftuIntro : strings.intro}</p>
      <input type="hidden" name="wl" value={wlKey} />
      <div className="field">
        <label htmlFor={`${id}-user`}>{strings.userId}</label>
        <input ref={fields.user} id={`${id}-user`} name="USERNAME" autoComplete="username" required maxLength={100} value={userId ?? query.get('uid') ?? ''} onChange={(event) => setUserId(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-current`}>{strings.current}</label>
        <input ref={fields.current} id={`${id}-current`} name="PASSWORD" type={shown ? 'text' : 'password'} autoComplete="current-password" required value={current} onChange={(event) => setCurrent(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-new`}>{strings.next}</label>
        <input ref={fields.next} id={`${id}-new`} name="NEWPASSWORD" type={shown ? 'text' : 'password'} autoComplete="new-password" required value={next} aria-describedby={`${id}-rules`} onChange={(event) => setNext(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-confirm`}>{strings.confirm}</label>
        <input ref={fields.confirm} id={`${id}-confirm`} name="CONFIRMPASSWORD" type={shown ? 'text' : 'password'} autoComplete="new-password" required value={confirm} onChange={(event) => setConfirm(event.target.value)} />
      </div>
      {tooLong && <p className="field__error" role="alert">{strings.tooLong}</p>}
      <p>
        <button type="button" className="field__toggle" data-click="showPassword" aria-pressed={shown} onClick={() => setShown((value) => !value)}>{strings.show}</button>
      </p>
      <div id={`${id}-rules`}>
        <p>{strings.rules}</p>
        <ul className="rules" aria-live="polite">
          {checks.map(([name, ok]) => (
            <li key={name} className={ok ? 'rules__item rules__item--met' : 'rules__item'} data-rule={name}>
              <span aria-hidden="true">{ok ? '✓' : '•'}</span> {checkText(name)} <span className="visually-hidden">({ok ? strings.met : strings.unmet})</span>
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="button" data-click="changePassword" disabled={hydrated && (!valid || submitting)}>{strings.submit}</button>
    </form>
  );
}
