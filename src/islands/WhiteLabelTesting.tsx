import { useEffect, useRef, useState } from 'react';
import type { EnvironmentMap } from '../config/environment-schema.ts';
import type { WhiteLabelTestGroup } from '../contract/white-label-test-urls.ts';
import { showsWhiteLabelTesting } from '../lib/environment.ts';

interface Props {
  strings: { link: string; title: string; empty: string; error: string; contact: string; loading: string; close: string };
  environmentMap: EnvironmentMap;
  /** The brand, for the HTTP stats of the White Label call. */
  wlKey: string;
}

type Load = { state: 'idle' | 'loading' | 'failed' } | { state: 'loaded'; groups: WhiteLabelTestGroup[] };

/** The White Label testing link and dialog: only in integration-test environments on the provider's domains. */
export default function WhiteLabelTesting({ strings, environmentMap, wlKey }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [shown, setShown] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'idle' });

  useEffect(() => {
    setShown(showsWhiteLabelTesting(location.hostname, environmentMap));
  }, [environmentMap]);

  async function open() {
    dialog.current?.showModal();
    if (load.state === 'loaded' || load.state === 'loading') return;
    setLoad({ state: 'loading' });
    // The service client and the HTTP-stats reporter load only when someone opens the dialog (test environments only).
    const [{ configureServiceClient, getWhiteLabelTestUrls }, { reportHttpStat }] = await Promise.all([
      import('../services/portal-support-service.ts'), import('../services/telemetry/report-http-stat.ts'),
    ]);
    configureServiceClient({ reportHttpStat: (stat) => reportHttpStat(stat, { wlKey, environmentMap, fromState: 'login', toState: 'login/whiteLabelTesting' }) });
    const result = await getWhiteLabelTestUrls();
    setLoad(result.ok ? { state: 'loaded', groups: result.data } : { state: 'failed' });
  }

  if (!shown) return null;
  return (
    <>
      <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => void open()}>{strings.link}</button>
      <dialog ref={dialog} className="dialog" aria-labelledby="wl-testing-title">
        <h2 id="wl-testing-title">{strings.title}</h2>
        {load.state === 'loading' && <p role="status">{strings.loading}</p>}
        {load.state === 'failed' && <p className="alert alert--danger" role="alert">{strings.error}</p>}
        {load.state === 'loaded' && load.groups.length === 0 && <p>{strings.empty}</p>}
        {load.state === 'loaded' && load.groups.map((group) => (
          <details key={group.lobname} className="wl-group">
            <summary>{group.lobname}</summary>
            <p>{strings.contact}: <a href={`mailto:${group.contactemail}`}>{group.contactemail}</a></p>
            <ul>
              {group.plWLMap.map((client) => (
                <li key={client.wlKeyNonUniq + client.wlHref}>
                  <a href={/^(\/(?!\/)|https:\/\/)/.test(client.wlHref) ? client.wlHref : '#'}>{client.clientdesc}</a> ({client.wlKeyNonUniq})
                </li>
              ))}
            </ul>
          </details>
        ))}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>{strings.close}</button>
        </div>
      </dialog>
    </>
  );
}
