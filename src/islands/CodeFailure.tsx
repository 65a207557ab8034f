/** The texts of a code failure, translated at build time (common.codeFailure.*). */
export interface CodeFailureStrings { message: string; reload: string; tryAgain: string }

/**
 * What a card shows when code it needs could not be loaded: the message, announced, with Reload and, where
 * the step can go on without losing what was typed, Try again.
 */
export default function CodeFailure({ strings, onTryAgain }: { strings: CodeFailureStrings; onTryAgain?: () => void }) {
  return (
    <div className="alert alert--danger code-failure" role="alert">
      <p>{strings.message}</p>
      <p className="code-failure__actions">
        {onTryAgain && <button type="button" className="button" onClick={onTryAgain}>{strings.tryAgain}</button>}
        <button type="button" className="button button--secondary" onClick={() => { location.reload(); }}>{strings.reload}</button>
      </p>
    </div>
  );
}
