/**
 * What a card shows when code it needs could not be loaded: the message, announced, with Reload and, where
 * the step can go on without losing what was typed, Try again. Its texts are the page's, translated at build
 * time onto the body (PortalShell) once for every island and for the engage directive's own message, so
 * no island carries them in its props; it only ever renders in the browser, after a failure.
 */
export default function CodeFailure({ onTryAgain }: { onTryAgain?: () => void }) {
  const texts = document.body.dataset;
  return (
    <div className="alert alert--danger code-failure" role="alert">
      <p>{texts['codeFailure']}</p>
      <p className="code-failure__actions">
        {onTryAgain && <button type="button" className="button" onClick={onTryAgain}>{texts['codeTryAgain']}</button>}
        <button type="button" className="button button--secondary" onClick={() => { location.reload(); }}>{texts['codeReload']}</button>
      </p>
    </div>
  );
}
