import { useStore } from '../hooks/use-store.ts';
import { useEffect, useRef, useState } from 'react';
import { codeLoader } from '../../lib/code-loader.ts';
import { createRecoveryPage } from '../../stores/recovery/recovery-page.ts';
import type { RecoveryPageOptions } from '../../stores/recovery/recovery-page.ts';
import CodeFailure from '../CodeFailure.tsx';
import type { RecoveryStrings } from './recovery-strings.ts';
import RequestStep from './RequestStep.tsx';
import FlowText from './FlowText.tsx';

// Only the request step is needed to paint the page; the later steps load while the visitor types.
const laterSteps = codeLoader(() => import('./later-steps.ts'));
const preloadViews = () => { laterSteps.use(() => undefined); };

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

  // The views of the steps after REQUEST: asked for once a step needs them (if the visitor's engagement has not
  // fetched them already); while they come a spinner, and if they cannot come the code failure, never a blank card.
  const viewsStatus = useStore(laterSteps.$status);
  const views = laterSteps.loaded();
  const needsViews = step.page !== 'REQUEST';
  useEffect(() => { if (needsViews) preloadViews(); }, [needsViews]);
  const viewsFailed = needsViews && !views && viewsStatus === 'failed';
  const waiting = state.busy || (needsViews && !views && !viewsFailed);

  const heading = <FlowText flow={flow} texts={{ FPS: strings['recovery.fps.heading'], FTU: strings['recovery.ftu.heading'], FUID: strings['recovery.fuid.heading'] }} />;
  const hasError = state.message !== null;
  return (
    <div className="wizard" ref={region} aria-busy={waiting}>
      <h1 id="recovery-heading" tabIndex={-1}>{heading}</h1>
      {/* Not a live region itself: what it holds is role="alert", which screen readers announce; a live container
          around an alert had it read twice. */}
      <div>
        {state.message === 'errors.code' ? <CodeFailure onTryAgain={() => void actions.retry()} />
          : viewsFailed ? <CodeFailure onTryAgain={preloadViews} />
            : state.message && <p className="alert alert--danger" role="alert">{strings[`recovery.${state.message}`]}</p>}
      </div>
      {/* The status is in the page before its words: a region that appears with its text already in it is not
          said ("Please wait…" never was). The spinner itself is only drawn. */}
      <p className="visually-hidden" role="status" data-testid="wizard-busy">{waiting ? strings['recovery.busy'] : ''}</p>
      {waiting && <div className="spinner" aria-hidden="true"><span className="spinner__ring" /></div>}
      {(() => {
        switch (step.page) {
          case 'REQUEST':
            return <RequestStep flow={flow} strings={strings} busy={state.busy} hasError={hasError} forgotUserIdHref={flow === 'FUID' ? null : paths.forgotUserId}
              onEdit={() => { actions.edited(); }} onSubmitUserId={(id) => void actions.submitUserId(id)} onSubmitForgotUser={(details) => void actions.submitForgotUser(details)} onCancel={() => { actions.cancel(); }} />;
          case 'OTP':
            return views && <views.OtpStep strings={strings} options={step.transaction.options} callError={step.callError} busy={state.busy} onChoose={(option) => void actions.chooseChannel(option)} />;
          case 'VERIFY':
            return views && <views.VerifyStep key={step.option.channel} strings={strings} option={step.option} callCode={step.callCode} received={step.received ?? null} resent={step.resent} resendAt={step.resendAt} busy={state.busy} hasError={hasError}
                onEdit={() => { actions.edited(); }} onSubmit={(code) => void actions.submitCode(code)} onResend={() => void actions.resend()} onBack={() => { actions.back(); }} />;
          case 'ERROR':
            return views && <views.ErrorStep strings={strings} onGoToLogin={() => { actions.cancel(); }} />;
          case 'INFO':
            return views && <views.InfoStep strings={strings} maskedEmail={step.maskedEmail} loginHref={paths.login} />;
        }
      })()}
    </div>
  );
}
