import { atom } from 'nanostores';
import type { EnvironmentMap } from '../config/environment-schema.ts';
import type { WhiteLabelTestGroup } from '../contract/white-label-test-urls.ts';

export type WhiteLabelLoad = { state: 'idle' | 'loading' | 'failed' } | { state: 'loaded'; groups: WhiteLabelTestGroup[] };

/** The White Label testing link and dialog of the login page (spec 2.2): shown only in integration-test environments. */
export function createWhiteLabelTesting(options: { wlKey: string; environmentMap: EnvironmentMap }, hostname: () => string = () => location.hostname) {
  const $testing = atom<{ shown: boolean; load: WhiteLabelLoad }>({ shown: false, load: { state: 'idle' } });
  const setLoad = (load: WhiteLabelLoad) => { $testing.set({ ...$testing.get(), load }); };
  return {
    $testing,
    /**
     * Once on screen: whether this host shows the link (an unresolvable host is logged once, here). The
     * resolution loads after the page: production hosts never show the link, so nothing waits for it.
     */
    start: (): void => {
      void import('../lib/environment.ts').then(({ showsWhiteLabelTesting }) => {
        $testing.set({ ...$testing.get(), shown: showsWhiteLabelTesting(hostname(), options.environmentMap) });
      });
    },
    actions: {
      /** The dialog opened: load the groups once. The client and its HTTP-stats reporter load only now (test environments only). */
      async opened(): Promise<void> {
        const { load } = $testing.get();
        if (load.state === 'loaded' || load.state === 'loading') return;
        setLoad({ state: 'loading' });
        const [{ createPortalSupportService }, { reportHttpStat }] = await Promise.all([
          import('../services/portal-support-service.ts'), import('../services/telemetry/report-http-stat.ts'),
        ]);
        const service = createPortalSupportService({
          reportHttpStat: (stat) => { reportHttpStat(stat, { wlKey: options.wlKey, environmentMap: options.environmentMap, fromState: 'login', toState: 'login/whiteLabelTesting' }); },
        });
        const result = await service.getWhiteLabelTestUrls();
        setLoad(result.ok ? { state: 'loaded', groups: result.data } : { state: 'failed' });
      },
    },
  };
}
