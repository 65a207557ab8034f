import {
  authenticationOptionsResponseSchema, authenticationVerifyResponseSchema, emptyAnswerSchema, passkeyListSchema, passkeySummarySchema,
  registrationOptionsResponseSchema, registrationVerifyResponseSchema,
} from '../contract/passkeys.ts';
import type { PasskeySummary } from '../contract/passkeys.ts';
import { PASSKEY_TIMEOUT_MS } from '../contract/passkey-challenge.ts';
import { PASSKEY_PATHS } from '../contract/service-paths.ts';
import { createHttpClient } from './http.ts';
import type { ClientConfig, HttpClient } from './http.ts';
import type { ServiceResult } from './service-errors.ts';


/** Where a passkey sign-in came from: the login page's query, as a password sign-in posts it. */
interface PasskeySignInRequest {
  wl: string;
  SMQUERYDATA: string;
  TARGET: string;
  credential: unknown;
}

/**
 * The passkey calls of design.md ("Passkeys"), one function per call, over the page's one HTTP client: the XSRF
 * header, the time-out and HTTP statistics like every service call. A refusal is the service's `code` as the
 * result's error (PASSKEY_UNKNOWN, REAUTH_REQUIRED, …).
 */
export interface PasskeyService {
  signInOptions: (wl: string) => Promise<ServiceResult<PublicKeyCredentialRequestOptionsJSON>>;
  signIn: (request: PasskeySignInRequest) => Promise<ServiceResult<{ redirect: string }>>;
  registrationOptions: () => Promise<ServiceResult<PublicKeyCredentialCreationOptionsJSON>>;
  register: (request: { credential: unknown; conditional: boolean }) => Promise<ServiceResult<{ id: string; name: string; createdAt: string }>>;
  list: () => Promise<ServiceResult<PasskeySummary[]>>;
  remove: (id: string) => Promise<ServiceResult<unknown>>;
  rename: (id: string, name: string) => Promise<ServiceResult<PasskeySummary>>;
  decline: () => Promise<ServiceResult<unknown>>;
}

// The options are the browser's JSON: the schemas check what design.md fixes of them, the browser checks the rest.
const asRequestOptions = (result: ServiceResult<unknown>) => result as ServiceResult<PublicKeyCredentialRequestOptionsJSON>;
const asCreationOptions = (result: ServiceResult<unknown>) => result as ServiceResult<PublicKeyCredentialCreationOptionsJSON>;

/** The passkey calls over one page's HTTP client. */
function passkeyService(http: HttpClient): PasskeyService {
  const one = (id: string) => `${PASSKEY_PATHS.credentials}/${encodeURIComponent(id)}`;
  const timeoutMs = PASSKEY_TIMEOUT_MS;
  return {
    signInOptions: async (wl) => asRequestOptions(await http.call({ method: 'POST', path: PASSKEY_PATHS.authenticationOptions, json: { wl }, timeoutMs, schema: authenticationOptionsResponseSchema })),
    signIn: (request) => http.call({ method: 'POST', path: PASSKEY_PATHS.authenticationVerify, json: request, timeoutMs, schema: authenticationVerifyResponseSchema }),
    registrationOptions: async () => asCreationOptions(await http.call({ method: 'POST', path: PASSKEY_PATHS.registrationOptions, json: {}, timeoutMs, schema: registrationOptionsResponseSchema })),
    register: (request) => http.call({ method: 'POST', path: PASSKEY_PATHS.registrationVerify, json: request, timeoutMs, schema: registrationVerifyResponseSchema }),
    list: () => http.call({ method: 'GET', path: PASSKEY_PATHS.credentials, timeoutMs, schema: passkeyListSchema }),
    remove: (id) => http.call({ method: 'DELETE', path: one(id), timeoutMs, schema: emptyAnswerSchema }),
    rename: (id, name) => http.call({ method: 'PATCH', path: one(id), json: { name }, timeoutMs, schema: passkeySummarySchema }),
    decline: () => http.call({ method: 'POST', path: PASSKEY_PATHS.decline, json: {}, timeoutMs, schema: emptyAnswerSchema }),
  };
}

/** A page's passkey client, created with its hooks (the HTTP-stats reporter). */
export function createPasskeyService(config: ClientConfig): PasskeyService {
  return passkeyService(createHttpClient(config));
}
