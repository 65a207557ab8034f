import { useEffect, useId, useRef, useState } from 'react';
import type { SyntheticEvent } from 'react';
import type { BuiltEnvironmentMap } from '../contract/environment-map.ts';
import type { ChangePasswordErrorCode } from '../domain/error-codes.ts';
import { PASSWORD_MAX_LENGTH } from '../domain/limits.ts';
import { SITEMINDER_HOME } from '../contract/siteminder-paths.ts';
import { changePasswordGaps, minimumPasswordLength, passwordChecks } from '../domain/password-rules.ts';
import type { ChangePasswordGap } from '../domain/password-rules.ts';
import { submitGate } from '../lib/form-gate.ts';
import { GateReason, useRefusal } from './FormGate.tsx';
import type { PortalKind } from '../domain/portal-kinds.ts';
import { isSafeRedirect } from '../lib/safe-redirect.ts';
import { createChangePasswordPage, userTypeOf } from '../stores/change-password.ts';
import CodeFailure from './CodeFailure.tsx';
import { useStore } from './hooks/use-store.ts';
import { useHydrated } from './hooks/use-hydrated.ts';
import { useKeepTypedValue } from './hooks/use-keep-typed-value.ts';
import { useLocationSearch } from './hooks/use-location-search.ts';

export interface ChangePasswordStrings {
  intro: string; ftuIntro: string; userId: string; current: string; next: string; confirm: string; show: string; hide: string; submit: string; rules: string;
  /** The length rule with `{{min}}`, once the user type of the query is known. */
  length: string;
  /** The length rule for every user type: what the page says before it knows the query. */
  lengthByType: string; upper: string; lower: string; digit: string; special: string; match: string; differs: string; met: string; unmet: string;
  tooLong: string;
  /** The lead-in of the submit's reasons while anything is missing. */
  incomplete: string;
  errors: Record<ChangePasswordErrorCode | 'generic', string>;
}

interface Props {
  strings: ChangePasswordStrings;
  wlKey: string;
  environmentMap: BuiltEnvironmentMap;
  /** brand.json portalKind: with the environment, it picks the SiteMinder agent name (spec 7). */
  portalKind: PortalKind;
  /** brand.json telemetry.clickMonitor. */
  clickMonitor: boolean;
}

/**
 * Change password after a verified passcode (design.md): a real form posting to SiteMinder's
 * password services, with the rules for the user's type shown and checked as the user types.
 */
export default function ChangePasswordForm({ strings, wlKey, environmentMap, portalKind, clickMonitor }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const query = new URLSearchParams(useLocationSearch());
  const type = userTypeOf(query);
  const ftu = query.get('FTUF') === 'Y';
  const [{ $smAgent, actions, start }] = useState(() => createChangePasswordPage({ wlKey, clickMonitor, environmentMap, portalKind }));
  const agent = useStore($smAgent);
  // Once on screen the page's store runs: the user type reaches the support dialog, a refusal drops the success mark.
  useEffect(start, [start]);
  const [userId, setUserId] = useState<string | null>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [shown, setShown] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // A submit before the host's agent is known is held, then posted once the form's action carries it.
  const waitingForAgent = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  // What a visitor (or a password manager) typed before the island hydrated is kept, not wiped.
  const userField = useRef<HTMLInputElement>(null);
  const currentField = useRef<HTMLInputElement>(null);
  const nextField = useRef<HTMLInputElement>(null);
  const confirmField = useRef<HTMLInputElement>(null);
  useKeepTypedValue(userField, userId ?? query.get('uid') ?? '', setUserId);
  useKeepTypedValue(currentField, current, setCurrent);
  useKeepTypedValue(nextField, next, setNext);
  useKeepTypedValue(confirmField, confirm, setConfirm);
  // "both" (type unknown) is held to the stricter internal rule.
  const { min, checks } = passwordChecks({ type, current, next, confirm });
  // Said, never cut: an input maxlength would silently truncate a pasted or generated password.
  const tooLong = [current, next, confirm].some((value) => value.length > PASSWORD_MAX_LENGTH);
  const gaps = changePasswordGaps({ type, userId: userId ?? query.get('uid') ?? '', current, next, confirm });
  const valid = gaps.length === 0;
  const lengthOf = (length: number) => strings.length.replace('{{min}}', String(length));
  const refusal = useRefusal(valid ? '' : `${strings.incomplete} ${gaps.map((gap) => (gap === 'userId' || gap === 'current' ? `${strings[gap]}.`
    : gap === 'tooLong' ? strings.tooLong : `${gap === 'length' ? lengthOf(min) : strings[gap]} (${strings.unmet}).`)).join(' ')}`);
  // What names each gap in the submit's reasons and the refusal's announcement: a field's label or a rule.
  const gapId = (gap: ChangePasswordGap) => `${id}-gap-${gap}`;
  const errorCode = query.get('SMPWERR');
  const error = errorCode === null ? null : (strings.errors as Record<string, string>)[errorCode] ?? strings.errors.generic;

  const target = query.get('TARGET');
  const action = new URLSearchParams({
    SMAUTHREASON: '34',
    TARGET: target && hydrated && isSafeRedirect(target, location.origin) ? target : `${SITEMINDER_HOME}?fromPage=FPS`,
    smagentname: agent.name,
    uti: type,
    FTUF: ftu ? 'Y' : 'N',
  });
  // Another place SiteMinder may send the visitor: passed on only as a same-origin path (issue 35).
  const fpsRedirect = query.get('fpsRedirect');
  if (fpsRedirect && hydrated && isSafeRedirect(fpsRedirect, location.origin)) action.set('fpsRedirect', fpsRedirect);
  if (query.get('uid')) action.set('uid', query.get('uid') ?? '');

  // A submit held for the host's code no longer holds the button once that code failed: the form says so,
  // and a new submit (or Try again) loads it again and then posts.
  const held = submitting && !agent.failed;
  function onSubmit(event: SyntheticEvent) {
    if (held) {
      event.preventDefault();
      return;
    }
    if (!valid) {
      // Refused, as a press on the disabled-looking button or an Enter in a field is: what is missing is announced
      // (the rules show all along), and the first field to mend has the focus.
      event.preventDefault();
      refusal.announce();
      const first = gaps[0] === 'userId' ? userField : gaps[0] === 'current' ? currentField : gaps[0] === 'match' ? confirmField : nextField;
      first.current?.focus();
      return;
    }
    setSubmitting(true);
    if (!agent.known) {
      event.preventDefault();
      waitingForAgent.current = true;
      // The host's code did not arrive: this submit is its Try again.
      if (agent.failed) actions.retry();
      return;
    }
    actions.posting(userField.current?.value);
  }
  useEffect(() => {
    if (!waitingForAgent.current || !agent.known) return;
    waitingForAgent.current = false;
    actions.posting(userField.current?.value);
    // submit(), not requestSubmit(): the checks already passed, and onSubmit would refuse a second submit.
    form.current?.submit();
  }, [agent.known, actions]);

  // The static HTML is the same for every visitor and cannot know `uti`: it carries each text, and CSS shows the one
  // the page's pre-paint script picked from the query (user-type-mark.ts), or, without script, the one for every type.
  // Nothing changes on screen when the island takes over.
  const lengthText = hydrated ? lengthOf(min) : (
    <>
      <span className="rule-length rule-length--any">{strings.lengthByType}</span>
      <span className="rule-length rule-length--external">{lengthOf(minimumPasswordLength('external'))}</span>
      <span className="rule-length rule-length--internal">{lengthOf(minimumPasswordLength('internal'))}</span>
    </>
  );
  const checkText = (name: (typeof checks)[number][0]) => (name === 'length' ? lengthText : strings[name]);
  // A rule that changes is said with its name ("At least 8 characters: met"): a live list said only the changed
  // word, "met, met" (WCAG 4.1.3). The states are compared with the last render's, as React's docs store
  // information from previous renders.
  const ruleStates = checks.map(([name, ok]) => `${name}=${String(ok)}`).join(' ');
  const [seenRules, setSeenRules] = useState(ruleStates);
  const [ruleNews, setRuleNews] = useState('');
  if (ruleStates !== seenRules) {
    const before = new Map(seenRules.split(' ').map((entry) => entry.split('=') as [string, string]));
    const changed = checks.filter(([name, ok]) => before.get(name) !== String(ok));
    setSeenRules(ruleStates);
    setRuleNews(changed.map(([name, ok]) => `${name === 'length' ? lengthOf(min) : strings[name]}: ${ok ? strings.met : strings.unmet}`).join('. '));
  }
  return (
    <form ref={form} method="post" action={`/pw/forms/smpwservices.fcc?${action.toString()}`} onSubmit={onSubmit} noValidate={hydrated}
      data-hydrated={hydrated ? 'true' : undefined}>
      {error && <p className="alert alert--danger" role="alert">{error}</p>}
      {agent.failed && <CodeFailure onTryAgain={() => { actions.retry(); }} />}
      <p>{ftu ? strings.ftuIntro : strings.intro}</p>
      <input type="hidden" name="wl" value={wlKey} />
      <div className="field">
        <label htmlFor={`${id}-user`} id={gapId('userId')} data-gap="userId">{strings.userId}</label>
        <input ref={userField} id={`${id}-user`} name="USERNAME" autoComplete="username" required maxLength={100} value={userId ?? query.get('uid') ?? ''} onChange={(event) => setUserId(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-current`} id={gapId('current')} data-gap="current">{strings.current}</label>
        <input ref={currentField} id={`${id}-current`} name="PASSWORD" type={shown ? 'text' : 'password'} autoComplete="current-password" required value={current} onChange={(event) => setCurrent(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-new`}>{strings.next}</label>
        <input ref={nextField} id={`${id}-new`} name="NEWPASSWORD" type={shown ? 'text' : 'password'} autoComplete="new-password" required value={next} aria-describedby={`${id}-rules`} onChange={(event) => setNext(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-confirm`}>{strings.confirm}</label>
        <input ref={confirmField} id={`${id}-confirm`} name="CONFIRMPASSWORD" type={shown ? 'text' : 'password'} autoComplete="new-password" required value={confirm} onChange={(event) => setConfirm(event.target.value)} />
      </div>
      {tooLong && <p className="field__error" role="alert" id={gapId('tooLong')}>{strings.tooLong}</p>}
      <p>
        <button type="button" className="field__toggle" data-click="showPassword" onClick={() => setShown((value) => !value)}>{shown ? strings.hide : strings.show}</button>
      </p>
      <div id={`${id}-rules`}>
        <p>{strings.rules}</p>
        <ul className="rules">
          {checks.map(([name, ok]) => (
            <li key={name} className={ok ? 'rules__item rules__item--met' : 'rules__item'} data-rule={name} id={gapId(name)} data-gap={name}>
              <span aria-hidden="true">{ok ? '✓' : '•'}</span> {checkText(name)} <span className="visually-hidden">({ok ? strings.met : strings.unmet})</span>
            </li>
          ))}
        </ul>
        <p className="visually-hidden" role="status">{ruleNews}</p>
      </div>
      {/* Before the submit: the pre-paint gate acts when the submit is parsed. */}
      <GateReason id={`${id}-why`} text={strings.incomplete} />
      {/* Disabled until the form is valid (spec 5) as aria-disabled: it says why, and a press is refused with what is missing. */}
      {/* Held, it is aria-disabled, not disabled: a disabled button drops the focus to the body (WCAG 2.4.3). */}
      <button type="submit" className="button" data-click="changePassword" aria-busy={held}
        {...(hydrated ? submitGate(`${id}-why`, gaps.map(gapId)) : {})} {...(held ? { 'aria-disabled': 'true' } : {})}>{strings.submit}</button>
      {refusal.region}
    </form>
  );
}
