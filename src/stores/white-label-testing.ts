import { atom } from 'nanostores';
import type { BuiltEnvironmentMap } from '../contract/environment-map.ts';
import type { WhiteLabelTestGroup } from '../contract/white-label-test-urls.ts';
import { codeLoader } from '../lib/code-loader.ts';
import { isSafeRedirect } from '../lib/safe-redirect.ts';

/** The dialog's list: `failed` is the service's failure (spec 2.2's text), `codeFailed` code that did not arrive. */
export type WhiteLabelLoad = { state: 'idle' | 'loading' | 'failed' | 'codeFailed' } | { state: 'loaded'; groups: WhiteLabelTestGroup[] };

// Loaded after the page (production hosts never show the link), and the client only once the dialog opens.
const environment = codeLoader(() => import('../lib/environment.ts'));
const supportService = codeLoader(() => import('../services/portal-support-service.ts'));
const httpStats = codeLoader(() => import('../services/telemetry/report-http-stat.ts'));

/**
 * The groups with every link the service sent that is not a same-origin path (isSafeRedirect, the one rule: a
 * pattern of its own accepted `/\evil.example`) emptied: the dialog shows its client without a link.
 */
export function withSafeLinks(groups: readonly WhiteLabelTestGroup[], origin: string): WhiteLabelTestGroup[] {
  return groups.map((group) => ({
    ...group,
    plWLMap: group.plWLMap.map((client) => ({ ...client, wlHref: isSafeRedirect(client.wlHref, origin) ? client.wlHref : '' })),
  }));
}

/** The White Label testing link and dialog of the login page (spec 2.2): shown only in integration-test environments. */
export function createWhiteLabelTesting(options: { wlKey: string; environmentMap: BuiltEnvironmentMap }, hostname: () => string = () => location.hostname, origin: () => string = () => location.origin) {
  const $testing = atom<{ shown: boolean; load: WhiteLabelLoad }>({ shown: false, load: { state: 'idle' } });
  const setLoad = (load: WhiteLabelLoad) => { $testing.set({ ...$testing.get(), load }); };
  return {
    $testing,
    /**
     * Once on screen: whether this host shows the link (an unresolvable host is logged once, here). The
     * resolution loads after the page: production hosts never show the link, so nothing waits for it.
     */
    start: (): void => {
      // Code that cannot be loaded leaves the link away, as on a host that does not show it.
      environment.use(({ showsWhiteLabelTesting }) => {
        $testing.set({ ...$testing.get(), shown: showsWhiteLabelTesting(hostname(), options.environmentMap) });
      });
    },
    actions: {
      /** The dialog opened (or Try again after its code failed): load the groups once. The client and its HTTP-stats reporter load only now (test environments only). */
      async opened(): Promise<void> {
        const { load } = $testing.get();
        if (load.state === 'loaded' || load.state === 'loading') return;
        setLoad({ state: 'loading' });
        let code;
        try {
          code = await Promise.all([supportService.load(), httpStats.load()]);
        } catch {
          // The dialog says so, with Try again (this action) and Reload: never a "Loading" left on screen.
          setLoad({ state: 'codeFailed' });
          return;
        }
        const [{ createPortalSupportService }, { reportHttpStat }] = code;
        const service = createPortalSupportService({
          reportHttpStat: (stat) => { reportHttpStat(stat, { wlKey: options.wlKey, environmentMap: options.environmentMap, fromState: 'login', toState: 'login/whiteLabelTesting' }); },
        });
        const result = await service.getWhiteLabelTestUrls();
        setLoad(result.ok ? { state: 'loaded', groups: withSafeLinks(result.data, origin()) } : { state: 'failed' });
      },
    },
  };
}
