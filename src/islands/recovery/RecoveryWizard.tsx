import { useStore } from '../hooks/use-store.ts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { lazy as lazyModule } from '../../lib/lazy.ts';
import { createRecoveryPage } from '../../stores/recovery/recovery-page.ts';
import type { RecoveryPageOptions } from '../../stores/recovery/recovery-page.ts';
import type { RecoveryStrings } from './recovery-strings.ts';
import RequestStep from './RequestStep.tsx';
import FlowText from './FlowText.tsx';

// Only the request step is needed to paint the page; the later steps load while the visitor types.
const laterSteps = lazyModule(() => import('./later-steps.ts'));
const OtpStep = lazy(() => laterSteps.load().then((module) => ({ default: module.OtpStep })));
const VerifyStep = lazy(() => laterSteps.load().then((module) => ({ default: module.VerifyStep })));
const ErrorStep = lazy(() => laterSteps.load().then((module) => ({ default: module.ErrorStep })));
const InfoStep = lazy(() => laterSteps.load().then((module) => ({ default: module.InfoStep })));
const preloadViews = () => void laterSteps.load();

interface Props extends Omit<RecoveryPageOptions, 'paths' | 'preloadViews'> {
  strings: RecoveryStrings;
  /** Localized paths of the pages the flow can go to. */
  paths: RecoveryPageOptions['paths'] & { forgotUserId: string | null };
}

/** The OTP recovery wizard: one step at a time (spec 2.6). The flow store decides; this renders and dispatches. */
export default function RecoveryWizard({ strings, ...options }: Props) {
  const [{ $recovery, actions, start }] = useState(() => createRecoveryPage({ ...options, preloadViews }));
  const state = useStore($recovery);
  // The flow connects to the page once the wizard is on screen (not while its HTML is built or hydrated).
  useEffect(start, [start]);
  const { flow, step } = state;
  const paths = options.paths;
  const region = useRef<HTMLDivElement>(null);
  const previousPage = useRef(step.page);

  // Back on REQUEST the page heading takes focus; the other steps focus their own heading.
  useEffect(() => {
    if (step.page === 'REQUEST' && previousPage.current !== 'REQUEST') region.current?.querySelector<HTMLElement>('#recovery-heading')?.focus();
    previousPage.current = step.page;
  }, [step.page]);

  const heading = <FlowText flow={flow} texts={{ FPS: strings['recovery.fps.heading'], FTU: strings['recovery.ftu.heading'], FUID: strings['recovery.fuid.heading'] }} />;
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
              onEdit={() => { actions.edited(); }} onSubmitUserId={(id) => void actions.submitUserId(id)} onSubmitForgotUser={(details) => void actions.submitForgotUser(details)} onCancel={() => { actions.cancel(); }} />;
          case 'OTP':
            return <OtpStep strings={strings} options={step.transaction.options} callError={step.callError} busy={state.busy} onChoose={(option) => void actions.chooseChannel(option)} />;
          case 'VERIFY':
            return <VerifyStep key={step.option.channel} strings={strings} option={step.option} callCode={step.callCode} received={step.received ?? null} resent={step.resent} resendAt={step.resendAt} busy={state.busy} hasError={hasError}
                onEdit={() => { actions.edited(); }} onSubmit={(code) => void actions.submitCode(code)} onResend={() => void actions.resend()} onBack={() => { actions.back(); }} />;
          case 'ERROR':
            return <ErrorStep strings={strings} onGoToLogin={() => { actions.cancel(); }} />;
          case 'INFO':
            return <InfoStep strings={strings} maskedEmail={step.maskedEmail} loginHref={paths.login} />;
        }
      })()}
      </Suspense>
    </div>
  );
}
