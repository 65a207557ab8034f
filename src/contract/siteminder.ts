import { z } from 'zod/mini';
import { BRAND_KEY } from '../domain/brands.ts';
import { PASSWORD_MAX_LENGTH, USER_ID_MAX_LENGTH } from '../domain/limits.ts';

// SiteMinder's forms as the portal posts them and the redirects SiteMinder answers with (spec 3 and 7;
// design.md "The emulator", "Change password"): what docs/api/openapi.json says of SiteMinder. SiteMinder reads
// only some fields and never refuses a form with 400: every outcome is a 302 whose query says what happened.

const text = (max: number) => z.string().check(z.maxLength(max));
const query = text(4096);
const brandKey = z.string().check(z.regex(BRAND_KEY));

/** The query of the login form's action: `?SMQUERYDATA={value}[&TARGET={value}]` (spec 7). */
export const loginActionQuerySchema = z.object({
  SMQUERYDATA: z.optional(query),
  TARGET: z.optional(query),
});

/** `POST /login/forms/bg/ProcessLogin.fcc`, form-encoded: the hidden fields of spec 3 and the visitor's user id and password. */
export const loginFormSchema = z.object({
  USER: text(USER_ID_MAX_LENGTH * 4),
  PASSWRD: text(PASSWORD_MAX_LENGTH * 4),
  SMENC: z.optional(z.literal('UTF-8')),
  TARGET: z.optional(query),
  BGTARGET: z.optional(query),
  postpreservationdata: z.optional(query),
  SUBMIT: z.optional(z.literal('Login')),
  /** Not SiteMinder's: the brand whose login page a refusal goes back to (pages send no Referer). */
  wl: z.optional(brandKey),
});

/** A refused sign-in: back to `/app/{wl}/login` with SiteMinder's codes (spec 2.2, 8). */
export const loginRefusedQuerySchema = z.strictObject({
  SMQUERYDATA: query,
  /** `Invalid Credentials`; `Account Locked` (5 wrong in 15 minutes); `Too Many Attempts` (the client's limit). */
  SMUSRMSG: z.enum(['Invalid Credentials', 'Account Locked', 'Too Many Attempts']),
  SMAUTHREASON: z.string().check(z.regex(/^\d{1,10}$/)),
  SMAUTHSTATUS: z.string().check(z.regex(/^\d{1,10}$/)),
  TARGET: query,
});

/** The password-change query of spec 7 (SMAUTHREASON=34, ...): the redirect of a temporary password, and the form's action. */
export const passwordChangeQuerySchema = z.object({
  SMAUTHREASON: z.literal('34'),
  TARGET: query,
  smagentname: text(100),
  uti: z.enum(['internal', 'external', 'both']),
  FTUF: z.enum(['Y', 'N']),
  fpsRedirect: z.optional(query),
  uid: z.optional(text(USER_ID_MAX_LENGTH)),
});

/**
 * The query of the password form's action: the page posts with the query it was sent to it with, whatever that held;
 * SiteMinder reads TARGET (default `/apps/home?fromPage=FPS`) and sends the rest back with a refusal.
 */
export const passwordChangeActionQuerySchema = z.partial(passwordChangeQuerySchema);

/** `POST /pw/forms/smpwservices.fcc`, form-encoded (design.md, "Change password"). */
export const passwordChangeFormSchema = z.object({
  USERNAME: text(USER_ID_MAX_LENGTH * 4),
  PASSWORD: text(PASSWORD_MAX_LENGTH * 4),
  NEWPASSWORD: text(PASSWORD_MAX_LENGTH * 4),
  CONFIRMPASSWORD: text(PASSWORD_MAX_LENGTH * 4),
  wl: z.optional(brandKey),
});

/** A refused password change: back to the page with the form's query and `SMPWERR`. */
export const passwordChangeRefusedQuerySchema = z.looseObject({
  /** `ISB_USRUP06` (reused), `ISB_PASSVAL01` (current password wrong), ..., `ACCOUNT_LOCKED`, `TOO_MANY_REQUESTS`. */
  SMPWERR: z.string().check(z.regex(/^[A-Z0-9_]{1,40}$/)),
});

/** `GET /apps/home` without a session: to the portal's root as SiteMinder's credential collector. */
export const homeCollectorQuerySchema = z.strictObject({
  SMQUERYDATA: query,
  TARGET: query,
  /** A plain word, e.g. `FPS` after a password change. */
  fromPage: z.optional(z.string().check(z.regex(/^[A-Za-z]{1,20}$/))),
});

/** `GET /apps/home`'s own query. */
export const homeQuerySchema = z.object({ fromPage: z.optional(text(100)) });

/** The passkey offer after a password sign-in (design.md, "Passkeys"): `/app/{wl}/passkey?TARGET=…`. */
export const passkeyOfferQuerySchema = z.strictObject({ TARGET: query });

/** A query that carries nothing SiteMinder defines (a page SiteMinder sends the visitor to as it is). */
export const noQuerySchema = z.strictObject({});
