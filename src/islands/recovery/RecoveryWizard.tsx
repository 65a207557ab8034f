import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef } from 'react';
import type { Flow } from '../../domain/flows.ts';
import { createRecoveryStore } from '../../stores/recovery/recovery-store.ts';
import type { RecoveryExit } from '../../stores/recovery/recovery-store.ts';
import { stepName } from '../../stores/recovery/flow-state.ts';
import { liveServices } from '../../stores/recovery/recovery-services.ts';
import { clickReported, useClickTracking } from '../hooks/use-click-tracking.ts';
import { useHydrated, useLocationSearch } from '../hooks/use-location-search.ts';
import type { RecoveryStrings } from './recovery-strings.ts';
import RequestStep from './RequestStep.tsx';

// Only the request step is needed to paint the page; the later steps load while the visitor types.
const loadLaterSteps = () => import('./later-steps.ts');
const OtpStep = lazy(() => loadLaterSteps().then((module) => ({ default: module.OtpStep })));
const VerifyStep = lazy(() => loadLaterSteps().then((module) => ({ default: module.VerifyStep })));
const ErrorStep = lazy(() => loadLaterSteps().then((module) => ({ default: module.ErrorStep })));
const InfoStep = lazy(() => loadLaterSteps().then((module) => ({ default: module.InfoStep })));

interface Props {
  /** FPS on the forgot-password page (FTU with FTUF=Y), FUID on the forgot-user-id page. */
  page: 'FPS' | 'FUID';
  wlKey: string;
  language: string;
  strings: RecoveryStrings;
  /** Localized paths of the pages the flow can go to. */
  paths: { login: string; changePassword: string; forgotUserId: string | null };
  /** Hosts a forgetUserIdRedirect may name besides this origin. */
  allowedRedirectHosts: readonly string[];
  /** brand.json telemetry.clickMonitor. */
  clickMonitor: boolean;
}


type Telemetry = typeof import('./recovery-telemetry.ts');
let telemetry: Telemetry | undefined;
// Kept once loaded (at engagement, or once the page settled): a report made while the page unloads then
// runs at once and goes by sendBeacon, instead of waiting for an import the unload cuts short.
const withTelemetry = (use: (module: Telemetry) => void) => {
  if (telemetry) use(telemetry);
  else void import('./recovery-telemetry.ts').then((module) => use(telemetry = module));
};

/** The OTP recovery wizard: one step at a time (spec 2.6), state in a nanostore, one switch. */
export default function RecoveryWizard({ page, wlKey, language, strings, paths, allowedRedirectHosts, clickMonitor }: Props) {
  const hydrated = useHydrated();
  const query = new URLSearchParams(useLocationSearch());
  const flow: Flow = page === 'FUID' ? 'FUID' : query.get('FTUF') === 'Y' ? 'FTU' : 'FPS';
  const started = useRef(Date.now());

  const exit = useCallback((target: RecoveryExit) => {
    if (target.to === 'login') {
      const redirect = new URLSearchParams(location.search).get('forgetUserIdRedirect');
      // The open-redirect check loads only when a page asked for a redirect; the Cancel click goes out first.
      void Promise.all([clickReported(), redirect && import('../../lib/safe-redirect.ts')]).then(([, check]) =>
        location.assign(redirect && check && check.isSafeRedirect(redirect, location.origin, allowedRedirectHosts) ? redirect : paths.login));
      return;
    }
    const next = new URLSearchParams({ uid: target.userId, uti: target.userType, FTUF: target.ftu ? 'Y' : 'N' });
    location.assign(`${paths.changePassword}?${next.toString()}`);
  }, [allowedRedirectHosts, paths]);

  const { store, client } = useMemo(() => {
    // The client loads on first use; each call reports to HTTP stats with the steps it led from and to.
    const client = liveServices((stat) => withTelemetry(({ reportHttpStat }) => reportHttpStat(stat, wlKey, store.$recovery)));
    const store = createRecoveryStore(flow, {
      services: client.services,
      wlKey,
      devicePrint: () => import('../../lib/device-fingerprint.ts').then(({ browserFingerprintSource, collectFingerprint, encodeFingerprint }) =>
        encodeFingerprint(collectFingerprint(browserFingerprintSource()))),
      exit,
      reportUsage: (transition) => {
        const elapsedMs = Date.now() - started.current;
        withTelemetry(({ reportRecoveryUsage }) => reportRecoveryUsage(wlKey, language, transition, elapsedMs));
      },
    });
    return { store, client };
  }, [flow, wlKey, language, exit]);
  const state = useStore(store.$recovery);
  useClickTracking({ wlKey, component: page.toLowerCase(), monitored: clickMonitor, fromState: () => stepName(store.$recovery.get()) });
  const { actions } = store;
  const region = useRef<HTMLDivElement>(null);
  const previousPage = useRef(state.step.page);

  // Nothing beyond the first step competes with the page's own load. The page view is recorded (and the
  // telemetry loaded) once the visitor starts using the page, leaves it, or 3 s after it hydrated, so by the
  // time a visitor leaves the telemetry is there to report by sendBeacon; the later steps and the client are
  // fetched once the visitor starts using the page.
  useEffect(() => {
    if (!hydrated) return undefined;
    store.actions.reset();
    let viewed = false;
    const recordView = () => {
      if (viewed) return;
      viewed = true;
      withTelemetry(({ reportRecoveryUsage }) => reportRecoveryUsage(wlKey, language, {
        from: 'entry', to: `${flow}/requestPage`, status: 'Success', state: store.$recovery.get(),
      }, Date.now() - started.current));
    };
    let engaged = false;
    const engage = () => {
      recordView();
      if (engaged) return;
      engaged = true;
      void loadLaterSteps();
      client.preload();
    };
    const events = ['pointerdown', 'keydown', 'focusin', 'pagehide'] as const;
    for (const name of events) window.addEventListener(name, engage, { once: true, passive: true });
    const settled = setTimeout(recordView, 3000);
    return () => {
      clearTimeout(settled);
      for (const name of events) window.removeEventListener(name, engage);
    };
  }, [hydrated, flow, wlKey, language, store, client]);

  // Each step is a history entry, so the browser's back button walks back through the steps.
  useEffect(() => {
    const page = state.step.page;
    if (page === previousPage.current) return;
    const deeper = (page === 'OTP' && previousPage.current === 'REQUEST') || (page === 'VERIFY' && previousPage.current === 'OTP');
    if (deeper) history.pushState({ recoveryStep: page }, '');
    previousPage.current = page;
    // Back on REQUEST the page heading takes focus; the other steps focus their own heading.
    if (page === 'REQUEST') region.current?.querySelector<HTMLElement>('#recovery-heading')?.focus();
  }, [state.step.page]);

  // The user type reaches the page's support dialog (spec 6), which shows staff their own help desk.
  useEffect(() => document.getElementById('support-dialog')?.setAttribute('data-user-type', state.userType), [state.userType]);

  useEffect(() => {
    const onPop = () => actions.back();
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [actions]);

  const heading = flow === 'FUID' ? strings['recovery.fuid.heading'] : flow === 'FTU' ? strings['recovery.ftu.heading'] : strings['recovery.fps.heading'];
  const step = state.step;
  const hasError = state.message !== null;
  return (
    <div className="wizard" ref={region} aria-busy={state.busy}>
      <h1 id="recovery-heading" tabIndex={-1}>{heading}</h1>
      <div aria-live="assertive" aria-atomic="true">
        {state.message && <p className="alert alert--danger" role="alert">{strings[`recovery.${state.message}`]}</p>}
      </div>
      {state.busy && <div className="spinner" role="status"><span className="spinner__ring" aria-hidden="true" /><span className="visually-hidden">{strings['recovery.busy']}</span></div>}
      <Suspense fallback={<div className="spinner" role="status"><span className="spinner__ring" aria-hidden="true" /></div>}>
      {(() => {
        switch (step.page) {
          case 'REQUEST':
            return <RequestStep flow={flow} strings={strings} busy={state.busy} hasError={hasError} forgotUserIdHref={flow === 'FUID' ? null : paths.forgotUserId}
              onEdit={actions.edited} onSubmitUserId={(id) => void actions.submitUserId(id)} onSubmitForgotUser={(details) => void actions.submitForgotUser(details)} onCancel={actions.cancel} />;
          case 'OTP':
            return <OtpStep strings={strings} options={step.transaction.options} callError={step.callError} busy={state.busy} onChoose={(option) => void actions.chooseChannel(option)} />;
          case 'VERIFY':
            return <VerifyStep key={step.option.channel} strings={strings} option={step.option} callCode={step.callCode} resent={step.resent} resendAt={step.resendAt} busy={state.busy} hasError={hasError}
                onEdit={actions.edited} onSubmit={actions.submitCode} onResend={() => void actions.resend()} onBack={actions.back} />;
          case 'ERROR':
            return <ErrorStep strings={strings} onGoToLogin={actions.cancel} />;
          case 'INFO':
            return <InfoStep strings={strings} maskedEmail={step.maskedEmail} loginHref={paths.login} />;
        }
      })()}
      </Suspense>
    </div>
  );
}
