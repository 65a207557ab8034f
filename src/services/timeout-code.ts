/**
 * A timed-out call's status code in HTTP statistics (spec 8): 1 when the elapsed time exceeded the call's
 * timeoutInSeconds, else 0. The service client's rule, and the login page's options call's (reported later).
 */
export function timeoutStatusCode(elapsedMs: number, timeoutSeconds: number): 0 | 1 {
  return timeoutSeconds > 0 && elapsedMs > timeoutSeconds * 1000 ? 1 : 0;
}
