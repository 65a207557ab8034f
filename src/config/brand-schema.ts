import { z } from 'zod';
import { deepPartial } from './deep-partial.ts';
import { languageTagSchema, localizedTextSchema } from './language-schema.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage } from '../domain/languages.ts';
import { PORTAL_KINDS } from '../domain/portal-kinds.ts';
import { DEPLOYED_ENVIRONMENTS } from '../domain/environments.ts';
import { BRAND_KEY } from '../domain/brands.ts';
import { HOST_NAME_FORMAT } from '../domain/host-names.ts';
import { CHECKED_BROWSERS, EXCLUDED_BROWSER_PATTERN } from '../lib/legacy-browser.ts';
import { configProblemSchema } from './config-errors.ts';
import { SAME_ORIGIN_PATH } from '../lib/safe-redirect.ts';
import { COLOR_NAMES, COLOR_USES } from './brand-colors.ts';
import type { ColorName } from './brand-colors.ts';

/** A white-label key: lowercase letters, digits and hyphens, as used in every URL (format: BRAND_KEY_FORMAT). */
export const brandKeySchema = z
  .string()
  .regex(BRAND_KEY, 'must be lowercase letters, digits and hyphens');

/** A file's `"$schema"`: where editors find the JSON Schema to complete and check it with. */
const schemaReferenceSchema = z.string().optional();

const linkSchema = z.strictObject({
  /** Visible text. @example { "en-US": "Contact us", "de-DE": "Kontakt" } */
  label: localizedTextSchema,
  /** Where it goes: a site path or an https URL. @example "/app/nxn/systemRequirements" */
  href: z.string().refine(isBrandLinkHref, 'must be a site path starting with / or an https:// URL'),
});

/**
 * Where a brand's link may go (the login page's links, the cookie bar's policy link, the footer's): a same-origin
 * path (the one rule of one, SAME_ORIGIN_PATH; `{wl}` stands for the brand's key) or an https URL written out in
 * full, without user info. The page writes it into an href as it stands, so it must mean there what the check
 * read: `https:evil.example` parses as a URL here but is a relative path on an https page, and whitespace,
 * backslashes and quotes are read differently by browsers and parsers, so none of them pass.
 */
function isBrandLinkHref(href: string): boolean {
  if (href.startsWith('/')) return SAME_ORIGIN_PATH.test(href);
  if (!/^https:\/\/[^\s\\"'<>`@{}|^]+$/u.test(href)) return false;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A brand's footer or legal link: its text and target, each for both languages or per language. */
const footerLinkSchema = z.strictObject({
  /** Visible text. @example { "en-US": "Privacy notice", "de-DE": "Datenschutzhinweis" } */
  label: localizedTextSchema,
  /**
   * Where it goes, for both languages or per language: a site path (`{wl}` stands for the brand's key; a path
   * shows in the page's language, /de-DE/… on German pages) or an https URL.
   * @example { "en-US": "https://www.acme.example/privacy", "de-DE": "https://www.acme.example/de/datenschutz" }
   */
  href: localizedTextSchema.refine(
    (href) => (typeof href === 'string' ? [href] : Object.values(href)).every((value) => value === undefined || isBrandLinkHref(value)),
    'must be a site path starting with / or an https:// URL, for both languages or each',
  ),
});

const selfRegLinkSchema = z.strictObject({
  /** GOA = Get Online Access, OAA = Open an Account; decides the registration URL. */
  linkType: z.enum(['GOA', 'OAA']),
  /** Visible text. @example "Open an Account" */
  label: localizedTextSchema,
});

/** A host the consent notice applies to: a host name, or `*.` and a domain for its sub-hosts. */
const hostPatternSchema = z.string().regex(new RegExp(`^(\\*\\.)?${HOST_NAME_FORMAT}$`), 'must be a host name, optionally starting with *.');

/** The consent provider's notice on the cookie policy page (spec 2.3, 4.2). */
const consentProviderSchema = z.strictObject({
  /** The region tab(s) that show the provider's notice. @example ["emea"] */
  tabs: z.array(z.enum(['emea', 'other'])).min(1),
  /** Hosts (exact, or `*.example.com`) that get the notice; empty: every host. @example ["*.brightpath529.example"] */
  hosts: z.array(hostPatternSchema),
  /** The notice's heading. @example "Your cookie choices" */
  title: localizedTextSchema,
  /** The notice's paragraphs, plain text. */
  paragraphs: z.array(localizedTextSchema).min(1),
  /**
   * The provider's alert-closed cookie, set on the cookie page for 365 days (an ISO date) when it is
   * missing, so the provider's own banner does not ask again. @example "OptanonAlertBoxClosed"
   */
  alertClosedCookie: z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'must be a cookie name').default('OptanonAlertBoxClosed'),
});
export type ConsentProvider = z.infer<typeof consentProviderSchema>;

const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb');

/** A palette: every colour setting, each described with where it shows (brand.schema.json carries the descriptions). */
export const paletteSchema = z.strictObject(
  Object.fromEntries(COLOR_NAMES.map((name) => [name, hexColorSchema.describe(`Where it shows: ${COLOR_USES[name]}. As #rrggbb.`)])) as Record<ColorName, typeof hexColorSchema>,
);

/** A brand's config (`brands/<wl>/brand.json`), merged over `brands/_defaults/brand.json`. */
export const brandConfigSchema = z.strictObject({
  /** The JSON Schema editors check the file with (brand.schema.json); no effect on the pages. @example "../brand.schema.json" */
  $schema: schemaReferenceSchema,
  /**
   * The languages this brand's pages are built in, from src/domain/languages.json; it must include the default
   * language (en-US), whose addresses have no prefix. A brand gets no page, link or host rule in another, and a
   * language cookie naming another shows its default-language pages. Every text of the brand names each of them.
   * @default every language of src/domain/languages.json
   * @example ["en-US"]
   */
  languages: z.array(languageTagSchema.refine(isLanguage, { error: `must be a language of src/domain/languages.json (${LANGUAGES.join(', ')})` }))
    .min(1)
    .refine((tags) => tags.includes(DEFAULT_LANGUAGE), { error: `must include ${DEFAULT_LANGUAGE}, the default language: its addresses have no prefix` })
    .refine((tags) => new Set(tags).size === tags.length, { error: 'names a language twice' })
    .optional(),
  /** Shown in titles and alt text. @example "NXN Investor Services" */
  displayName: localizedTextSchema,
  /** The wide login style (login-mode flag of the white-label settings). */
  wideLogin: z.boolean(),
  /** Logo file in the brand folder, inlined at build time. SVG only. @example "logo.svg" */
  logo: z.string().regex(/^[\w-]+\.svg$/, 'must be an .svg file name in the brand folder'),
  /**
   * The browser tab's and bookmark's icon: an SVG (checked as the logo is) and a square PNG (at least 180 x 180
   * pixels, also the home-screen icon on phones), files in the brand folder. A brand that names neither gets
   * the ones in brands/_defaults/. @example { "svg": "favicon.svg", "png": "favicon.png" }
   */
  favicon: z.strictObject({
    svg: z.string().regex(/^[\w-]+\.svg$/, 'must be an .svg file name in the brand folder'),
    png: z.string().regex(/^[\w-]+\.png$/, 'must be a .png file name in the brand folder'),
  }),
  /**
   * `theme-color`: the colour phone browsers paint their address bar and task switcher in. Optional: without it,
   * the header's colour ($color-header of theme.scss, and under a dark palette the dark one). @example "#0a2540"
   */
  themeColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour as #rrggbb').optional(),
  /**
   * The brand's own links in every page's footer (legal notices, privacy, imprint), after System Requirements and
   * the Cookie Policy. A brand that sets none gets the ones in brands/_defaults/brand.json; `[]` shows none.
   * @example [{ "label": { "en-US": "Imprint", "de-DE": "Impressum" }, "href": { "en-US": "https://www.acme.example/imprint", "de-DE": "https://www.acme.example/de/impressum" } }]
   */
  footerLinks: z.array(footerLinkSchema),
  /**
   * The brand's colours, merged over the defaults' (brands/_defaults/brand.json): each says where it shows.
   * brand:check and the build measure the pairs that must read on each other (text 4.5:1, the focus ring and the
   * logo 3:1) and name the setting to change. @example { "primary": "#0a2540", "link": "#0a2540" }
   */
  colors: paletteSchema,
  /**
   * Optional: the colours pages take when the visitor's system is set to dark (`prefers-color-scheme: dark`); a
   * colour left out keeps its `colors` value. Held to the same checks as `colors`, the logo on the dark header too.
   * Without it pages stay light. @example { "background": "#0e1116", "surface": "#1b1f24", "text": "#e8eaed" }
   */
  darkColors: paletteSchema.partial().optional(),
  /** One or two taglines on the login and outage pages. */
  heroText: z.strictObject({
    tagline1: localizedTextSchema,
    tagline2: localizedTextSchema.optional(),
  }),
  /**
   * The "Why sign in online" box of the login and outage pages: its title and its three claims, each replacing the
   * shared text (pages.features.* of the translations) for this brand; what is left out keeps the shared text.
   * @example { "secure": { "en-US": "Protected by Acme's own security team", "de-DE": "Geschützt vom Sicherheitsteam der Acme" } }
   */
  features: z.strictObject({
    title: localizedTextSchema.optional(),
    secure: localizedTextSchema.optional(),
    anytime: localizedTextSchema.optional(),
    mobile: localizedTextSchema.optional(),
  }).optional(),
  /** Labels of the login form, overriding the translations. */
  loginFormLabels: z.strictObject({
    userId: localizedTextSchema.optional(),
    password: localizedTextSchema.optional(),
    submit: localizedTextSchema.optional(),
  }),
  /** Extra links under the login form (Forgot Password and Forgot User ID come first). */
  linkConfig: z.strictObject({ links: z.array(linkSchema) }),
  /** Self-registration links: `/registration/self-reg/{wl}/online_access` or `/open_account`. */
  selfRegLinkConfig: z.strictObject({ links: z.array(selfRegLinkSchema) }),
  /** Whether the Forgot User ID link shows; spec 6 turns it off for some brands, never for nxn. */
  forgotUserIdLink: z.boolean().optional(),
  /** The outage page. `image` is an SVG file in the brand folder. */
  sorryConfig: z.strictObject({
    image: z.string().regex(/^[\w-]+\.svg$/, 'must be an .svg file name in the brand folder').optional(),
    primary: localizedTextSchema,
    secondary: localizedTextSchema,
  }),
  /** Cookie policy route, EU cookie bar and the policy content sources. */
  cookiePolicyConfig: z.strictObject({
    /** Off: /app/{wl}/cookiePolicy shows page-not-found content. */
    activateCookiePolicyRoute: z.boolean(),
    /** Show the EU cookie consent bar on login; true when absent. */
    displayEuCookieBar: z.boolean().default(true),
    /** Content file for the EMEA REGION (EU) tab. @example "emeacookiepolicy" */
    apiEndpointEMEA: z.string().regex(/^[\w-]+$/, 'must be a content file name without .json'),
    /** Content file for the ALL OTHER REGIONS tab. @example "cookiepolicy" */
    apiEndpointOther: z.string().regex(/^[\w-]+$/, 'must be a content file name without .json'),
    /** The view-policy link. */
    viewPolicyLinkHref: z.string().refine(isBrandLinkHref, 'must be a site path or an https:// URL'),
    viewPolicyLinkText: localizedTextSchema,
    /**
     * A cookie-consent provider's notice (spec 2.3) shown in a region tab instead of that tab's policy
     * content, on the hosts listed (every host when the list is empty); absent means the policy
     * content everywhere. Visitors without script see the policy content on listed hosts.
     */
    consentProvider: consentProviderSchema.optional(),
  }),
  /** The legacy-browser dialog ('Improve Your Experience'). */
  checkBrowserConfig: z.strictObject({
    title: localizedTextSchema,
    message: localizedTextSchema,
    /**
     * Browsers that get the "Improve Your Experience" dialog on login: a name (IE, Edge, Samsung
     * Internet, Firefox, Chrome, Safari), optionally with `<=` a major version for that version and
     * older. Every other browser, with or without ES modules, gets no dialog.
     * @example ["IE", "Firefox <=51"]
     */
    excludedBrowsers: z.array(z.string().regex(EXCLUDED_BROWSER_PATTERN, `must be one of ${CHECKED_BROWSERS.join(', ')}, optionally followed by " <=<major version>"`)),
  }),
  /** The mobile OS bottom sheet on Android and iOS; absent means no sheet. */
  mobileSheetConfig: z
    .strictObject({
      sheetContent: localizedTextSchema,
      actionButtonText: localizedTextSchema,
      cancelButtonText: localizedTextSchema,
      /** Store links per OS. */
      androidHref: z.url({ protocol: /^https$/ }),
      iosHref: z.url({ protocol: /^https$/ }),
    })
    .optional(),
  /** Mobile-app promotion: the QR code target (rendered as inline SVG at build time). */
  mobileApp: z
    .strictObject({
      qrTarget: z.url({ protocol: /^https$/ }),
      label: localizedTextSchema,
    })
    .optional(),
  /**
   * What kind of portal this brand is: `investor` (investors and account holders; the default in
   * `brands/_defaults/brand.json`) or `client` (the provider's business clients: firms and their
   * advisers). With the environment it picks the SiteMinder agent name of the password change (spec 7;
   * the names per kind are `smagentname` in `src/config/environment-map.json`). @example "client"
   */
  portalKind: z.enum(PORTAL_KINDS),
  /**
   * Other sites a recovery page's Cancel may return to when its `forgetUserIdRedirect` names them (an
   * https URL on one of these hosts; a port only when listed with it). Same-origin paths need no entry;
   * anything else goes to the brand's login, never elsewhere. @example ["www.brightpath529.example"]
   */
  allowedRedirectHosts: z.array(z.string().regex(new RegExp(`^${HOST_NAME_FORMAT}(?::\\d{1,5})?$`), 'must be a lowercase host name, optionally with :port, without scheme or path')),
  /**
   * The brand's own host name per environment, where it has one besides the environment's shared hosts: its
   * pages are served there (the host must match that environment's patterns in src/config/environment-map.json)
   * and it may use the environment's passkeys; a host outside the passkey RP ID's domain goes into that
   * environment's related-origins file, `/.well-known/webauthn` (docs/passkeys.md). Optional; no entry means
   * the shared hosts only. @example { "PRODUCTION": "login.cwa.example", "QA": "login-qa.cwa.example" }
   */
  hosts: z.partialRecord(z.enum(DEPLOYED_ENVIRONMENTS), z.string().regex(new RegExp(`^${HOST_NAME_FORMAT}$`), 'must be a lowercase host name without scheme, port or path')).optional(),
  /** Which system-requirements content: the standard file or the `ta-` variant. */
  systemRequirementsVariant: z.enum(['standard', 'ta']),
  /**
   * Statistics. `clickMonitor`: this portal is one whose click metrics go to the separate monitoring
   * helper (spec 7 names two portals without saying which; ops choose them here, per brand).
   */
  telemetry: z.strictObject({ clickMonitor: z.boolean() }),
});

/**
 * A brand's own `brand.json` as written: merged over the defaults, so every key may be left out, but no key
 * the config does not know (brand.schema.json is made from this, see brand-json-schema.ts).
 */
export const brandFileSchema = deepPartial(brandConfigSchema);

/** Support content (`brands/<wl>/support.json`): what the support dialog shows. */
export const supportContentSchema = z.strictObject({
  /** The JSON Schema editors check the file with (support.schema.json); no effect on the pages. @example "../support.schema.json" */
  $schema: schemaReferenceSchema,
  /** Dialog heading. */
  title: localizedTextSchema,
  /** Paragraphs of plain text. */
  paragraphs: z.array(localizedTextSchema).min(1),
  /** Phone number as shown. @example "+1 800 555 0100" */
  phone: z.string().min(1).optional(),
  /** Support e-mail. */
  email: z.email().optional(),
  /** Opening hours. */
  hours: localizedTextSchema.optional(),
  /**
   * The self-registration-support variant (spec 2.6): heading and text on the self-service pages (forgot password,
   * first-time user, forgot user id, change password). Without it those pages show the portal-support text.
   */
  selfRegistration: z.strictObject({ title: localizedTextSchema, paragraphs: z.array(localizedTextSchema).min(1) }).optional(),
  /** What internal users (staff) see instead of the contact details, once the flow knows the user type (spec 6). */
  internal: z.strictObject({
    paragraphs: z.array(localizedTextSchema).min(1),
    phone: z.string().min(1).optional(),
    email: z.email().optional(),
  }).optional(),
  /**
   * The support dialog's `isCustomSupportRequired` (spec 2.6): this brand's clients have a help desk of their
   * own, so every page's dialog shows `custom` instead of the standard text above. @default false
   */
  isCustomSupportRequired: z.boolean().default(false),
  /** The brand's custom support content, required when isCustomSupportRequired is set. */
  custom: z.strictObject({
    title: localizedTextSchema,
    paragraphs: z.array(localizedTextSchema).min(1),
    phone: z.string().min(1).optional(),
    email: z.email().optional(),
    hours: localizedTextSchema.optional(),
  }).optional(),
}).refine((support) => !support.isCustomSupportRequired || support.custom !== undefined, {
  path: ['custom'], message: 'required when isCustomSupportRequired is true',
});
export type SupportContent = z.infer<typeof supportContentSchema>;

/** An SVG image inlined into pages, as brand-svg.ts's allowlist left it. */
const inlineSvgSchema = z.string().startsWith('<svg', 'must be an SVG image');

/** A brand ready for the pages: its config merged over the defaults, compiled theme, inlined images. */
const brandSchema = z.strictObject({
  key: brandKeySchema,
  /** brand.json over the defaults, with whether the Forgot User ID link shows decided (spec 6). */
  config: brandConfigSchema.extend({ forgotUserIdLink: z.boolean() }),
  /** `:root { --token: value }` from the colours and theme.scss, and the dark palette under its media query. */
  themeCss: z.string(),
  /** `theme-color` under prefers-color-scheme: dark, when the brand has a dark palette: its header. */
  darkThemeColor: z.string().optional(),
  logoSvg: inlineSvgSchema,
  /** The favicon files as the pages link them: the SVG as checked, the PNG in base64 with its width (square). */
  favicon: z.strictObject({ svg: inlineSvgSchema, pngBase64: z.string().min(1), pngSize: z.number().int().positive() }),
  /** `theme-color`: config.themeColor, or the header's colour. */
  themeColor: z.string(),
  sorryImageSvg: inlineSvgSchema.optional(),
  support: supportContentSchema.optional(),
});
export type Brand = z.infer<typeof brandSchema>;

/**
 * An entry of the brands content collection (content.config.ts): one brand folder, read and checked into the
 * brand, or every problem found in it. Problems are kept, not thrown, so pages report them (site.ts) the same
 * way in a build and in `npm run dev`.
 */
export const brandFolderSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), brand: brandSchema }),
  z.strictObject({ ok: z.literal(false), problems: z.array(configProblemSchema).min(1) }),
]);
export type BrandFolder = z.infer<typeof brandFolderSchema>;
