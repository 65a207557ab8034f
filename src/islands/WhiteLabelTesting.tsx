import { useStore } from './hooks/use-store.ts';
import { useEffect, useRef, useState } from 'react';
import type { BuiltEnvironmentMap } from '../contract/environment-map.ts';
import { createWhiteLabelTesting } from '../stores/white-label-testing.ts';
import CodeFailure from './CodeFailure.tsx';

interface Props {
  strings: { link: string; title: string; empty: string; error: string; contact: string; loading: string; close: string };
  environmentMap: BuiltEnvironmentMap;
  /** The brand, for the HTTP stats of the White Label call. */
  wlKey: string;
}

/** The White Label testing link and dialog: only in integration-test environments on the provider's domains. */
export default function WhiteLabelTesting({ strings, environmentMap, wlKey }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [{ $testing, actions, start }] = useState(() => createWhiteLabelTesting({ wlKey, environmentMap }));
  const { shown, load } = useStore($testing);
  useEffect(start, [start]);

  function open() {
    dialog.current?.showModal();
    void actions.opened();
  }

  if (!shown) return null;
  return (
    <>
      <button type="button" className="link-button" aria-haspopup="dialog" onClick={open}>{strings.link}</button>
      <dialog ref={dialog} className="dialog" aria-labelledby="wl-testing-title">
        <h2 id="wl-testing-title">{strings.title}</h2>
        {load.state === 'loading' && <p role="status">{strings.loading}</p>}
        {load.state === 'failed' && <p className="alert alert--danger" role="alert">{strings.error}</p>}
        {load.state === 'codeFailed' && <CodeFailure onTryAgain={() => void actions.opened()} />}
        {load.state === 'loaded' && load.groups.length === 0 && <p>{strings.empty}</p>}
        {load.state === 'loaded' && load.groups.map((group) => (
          <details key={group.lobname} className="wl-group">
            <summary>{group.lobname}</summary>
            <p>{strings.contact}: <a href={`mailto:${group.contactemail}`}>{group.contactemail}</a></p>
            <ul>
              {group.plWLMap.map((client) => (
                <li key={client.wlKeyNonUniq + client.wlHref}>
                  {client.wlHref ? <a href={client.wlHref}>{client.clientdesc}</a> : client.clientdesc} ({client.wlKeyNonUniq})
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
