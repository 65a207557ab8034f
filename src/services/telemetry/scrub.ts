// Keys that must never leave the page in statistics, whatever a caller passes: passwords and passcodes,
// secrets and tokens, security answers, and contact values (any e-mail, phone or contact field).
const SECRET_KEY = /pass|pwd|otp|secret|token|answer|e[-_]?mail|phone|contact|channelvalue|unprotected/i;

/** Drops secret-looking keys (recursively) from a statistics payload. */
export function scrubSecrets<T>(payload: T): T {
  if (Array.isArray(payload)) return payload.map((item: unknown) => scrubSecrets(item)) as T;
  if (payload === null || typeof payload !== 'object') return payload;
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    // The user token is a field of the login and HTTP statistics (spec 3), named there on purpose; the
    // login-statistics OTP fields are part of the record but always null.
    if (SECRET_KEY.test(key) && !/^(USR_TOKEN|userToken)$/.test(key)) {
      if (/^OTP_/.test(key)) clean[key] = null;
      continue;
    }
    clean[key] = scrubSecrets(value);
  }
  return clean as T;
}
