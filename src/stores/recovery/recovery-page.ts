import type { Flow } from '../../domain/flows.ts';
import { codeLoader } from '../../lib/code-loader.ts';
import { ENGAGE_EVENTS } from '../../lib/engagement.ts';
import { clickReported, trackClicks } from '../../services/telemetry/click-tracking.ts';
import { $userType } from '../visitor.ts';
import { stepName } from './flow-state.ts';
import type { RecoveryExit, RecoveryState, UsageTransition } from './flow-state.ts';
import type { RecoveryBrowser } from './recovery-browser.ts';
import { liveServices } from './recovery-services.ts';
import type { RecoveryServices } from './recovery-services.ts';
import { createRecoveryStore } from './recovery-store.ts';
import { connectStepHistory } from './step-history.ts';

/** What the page tells the flow: which page it is, its brand and where the flow may go. */
export interface RecoveryPageOptions {
  /** FPS on the forgot-password page (FTU with FTUF=Y), FUID on the forgot-user-id page. */
  page: 'FPS' | 'FUID';
  wlKey: string;
  language: string;
  /** Localized paths of the pages the flow can go to. */
  paths: { login: string; changePassword: string };
  /** Hosts a forgetUserIdRedirect may name besides this origin. */
  allowedRedirectHosts: readonly string[];
  /** brand.json telemetry.clickMonitor. */
  clickMonitor: boolean;
  /** Fetches the view's later steps once the visitor starts using the page. */
  preloadViews?: () => void;
}

/** Test seams: recorded answers instead of the live client, and the statistics reports. */
export interface RecoveryPageSeams {
  services?: RecoveryServices;
  devicePrint?: () => Promise<string> | string;
  reportUsage?: (transition: UsageTransition, elapsedMs: number) => void;
}

const telemetry = codeLoader(() => import('./recovery-telemetry.ts'));
const fingerprint = codeLoader(() => import('../../lib/read-device-fingerprint.ts'));
const redirectCheck = codeLoader(() => import('../../lib/safe-redirect.ts'));
const stepEffects = codeLoader(() => import('./verify-effects.ts'));

/** The browser as the flow uses it. */
function browserForRecovery(options: Pick<RecoveryPageOptions, 'wlKey' | 'clickMonitor' | 'page'>): RecoveryBrowser {
  const listen = (names: readonly string[], listener: () => void) => {
    for (const name of names) window.addEventListener(name, listener, { once: true, passive: true });
    return () => { for (const name of names) window.removeEventListener(name, listener); };
  };
  return {
    search: () => location.search,
    origin: () => location.origin,
    navigate: (url) => { location.assign(url); },
    historyState: () => history.state as unknown,
    pushStep: (entry) => { history.pushState(entry, ''); },
    replaceStep: (entry) => { history.replaceState(entry, ''); },
    goBack: () => { history.back(); },
    onHistoryMove: (listener) => {
      const moved = (event: PopStateEvent) => { listener(event.state); };
      window.addEventListener('popstate', moved);
      return () => { window.removeEventListener('popstate', moved); };
    },
    // The wizard wakes when the visitor engages with it (client:engage): a focus already in the page is that engagement.
    onEngage: (listener) => {
      if (document.activeElement && document.activeElement !== document.body) {
        queueMicrotask(listener);
        return () => undefined;
      }
      return listen([...ENGAGE_EVENTS, 'pagehide'], listener);
    },
    after: (ms, run) => {
      const timer = setTimeout(run, ms);
      return () => { clearTimeout(timer); };
    },
    every: (ms, run) => {
      const timer = setInterval(run, ms);
      return () => { clearInterval(timer); };
    },
    now: () => Date.now(),
    receiveSmsCode: 'OTPCredential' in window ? (signal) => stepEffects.load().then(({ readWebOtpCode }) => readWebOtpCode(signal)) : null,
    trackClicks: (fromState) => trackClicks({ wlKey: options.wlKey, component: options.page.toLowerCase(), monitored: options.clickMonitor, fromState }),
  };
}

/**
 * The recovery page's flow: the wizard store (its decisions and calls) wired to the browser. The client,
 * the telemetry, the fingerprint and the redirect check load on first use; the flow navigates through the
 * browser it is given, keeps a history entry per step, records the page view when the visitor engages (or
 * 3 s after it started), polls a call-channel code, takes an SMS code from the WebOTP API, and shares the
 * user type with the support dialog. `start` connects it to the page once the view is on screen (not while
 * the static HTML is built or hydrated) and gives its stop: the view renders the state and calls the
 * actions, nothing else.
 */
export function createRecoveryPage(options: RecoveryPageOptions, browser: () => RecoveryBrowser = () => browserForRecovery(options), seams: RecoveryPageSeams = {}) {
  const { wlKey, language, paths, allowedRedirectHosts } = options;
  let live: RecoveryBrowser | undefined;
  const env = () => (live ??= browser());
  let started = 0;
  const elapsed = () => env().now() - started;

  const reportUsage = seams.reportUsage ?? ((transition, elapsedMs) => {
    telemetry.use(({ reportRecoveryUsage }) => { reportRecoveryUsage(wlKey, language, transition, elapsedMs); });
  });
  // Each call reports to HTTP stats with the steps it led from and to.
  const client = seams.services ? null : liveServices((stat) => {
    telemetry.use(({ reportWizardCall }) => { reportWizardCall(stat, wlKey, store.$recovery); });
  });

  const exit = (target: RecoveryExit) => {
    if (target.to === 'login') {
      const redirect = new URLSearchParams(env().search()).get('forgetUserIdRedirect');
      // The open-redirect check loads only when a page asked for a redirect; the Cancel click goes out first.
      // A check that cannot be loaded sends the visitor to login, the one place that is always safe.
      const check = redirect ? redirectCheck.load().catch(() => null) : null;
      void Promise.all([clickReported(), check]).then(([, loaded]) => {
        env().navigate(redirect && loaded?.isSafeRedirect(redirect, env().origin(), allowedRedirectHosts) ? redirect : paths.login);
      });
      return;
    }
    const next = new URLSearchParams({ uid: target.userId, uti: target.userType, FTUF: target.ftu ? 'Y' : 'N' });
    env().navigate(`${paths.changePassword}?${next.toString()}`);
  };

  const store = createRecoveryStore(options.page, {
    services: seams.services ?? (client as NonNullable<typeof client>).services,
    wlKey,
    devicePrint: seams.devicePrint ?? (() => fingerprint.load().then(({ browserFingerprintSource, collectFingerprint, encodeFingerprint }) =>
      encodeFingerprint(collectFingerprint(browserFingerprintSource())))),
    exit,
    reportUsage: (transition) => { reportUsage(transition, elapsed()); },
  });
  const { $recovery, actions } = store;

  /** The flow of this page: FTU when the forgot-password page has FTUF=Y (spec 2.6). */
  const flowOf = (): Flow => (options.page === 'FUID' ? 'FUID' : new URLSearchParams(env().search()).get('FTUF') === 'Y' ? 'FTU' : 'FPS');

  /** Which step effects a state needs: a new call code polls anew; a resent SMS code is taken by the pending request. */
  const runningKey = (state: RecoveryState) => (state.step.page === 'VERIFY' ? `VERIFY:${state.step.option.channel}:${state.step.callCode ?? ''}` : state.step.page);

  /** What a step keeps running while it shows (call polling, the WebOTP request); gives its stop. */
  function whileShowing(state: RecoveryState): () => void {
    if (state.step.page !== 'VERIFY') return () => undefined;
    let stop: (() => void) | undefined;
    let left = false;
    // Loaded with the passcode step: the page's first paint does not carry it. Without it a call's code would
    // never be checked, so code that does not arrive is the code failure, and Try again starts the effects.
    const run = () => stepEffects.load().then(({ runVerifyEffects }) => {
      if (!left) stop = runVerifyEffects(state, env(), actions);
    }, () => {
      if (!left) actions.codeUnavailable(run);
    });
    void run();
    return () => {
      left = true;
      stop?.();
    };
  }

  let steps: ReturnType<typeof connectStepHistory> | undefined;

  /** Connects the flow to the page; gives its stop. */
  function start(): () => void {
    started = env().now();
    actions.reset(flowOf());
    const stops: Array<() => void> = [];
    let viewed = false;
    const recordView = () => {
      if (viewed) return;
      viewed = true;
      actions.viewed();
    };
    // Nothing beyond the first step competes with the page's own load: the page view is recorded (and the
    // telemetry loaded) when the visitor starts using the page, leaves it, or 3 s after it mounted, so by
    // the time a visitor leaves the telemetry is there to report by sendBeacon; the later steps and the
    // client are fetched once the visitor starts using the page.
    stops.push(env().onEngage(() => {
      recordView();
      options.preloadViews?.();
      client?.preload();
    }));
    stops.push(env().after(3000, recordView));
    // Back and Forward move through the steps the history holds (step-history.ts).
    const history = connectStepHistory(env(), $recovery, store.observe, (snapshot) => { actions.restore(snapshot); }, env().now().toString(36));
    steps = history;
    stops.push(() => {
      history.stop();
      if (steps === history) steps = undefined;
    });
    stops.push(env().trackClicks(() => stepName($recovery.get())));
    let stopStep = whileShowing($recovery.get());
    stops.push(store.observe((_event, previous, state) => {
      if (state.userType !== previous.userType) $userType.set(state.userType);
      if (runningKey(state) !== runningKey(previous)) {
        stopStep();
        stopStep = whileShowing(state);
      }
    }));
    return () => {
      stopStep();
      for (const stop of stops) stop();
    };
  }

  return {
    ...store,
    actions: {
      ...actions,
      /** Return to previous page: back through the browser's history when it holds that step, so page and history stay one stack. */
      back(): void {
        if (!steps?.returnToPrevious()) actions.back();
      },
    },
    start,
  };
}
