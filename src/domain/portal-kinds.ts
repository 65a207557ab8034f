// Kept apart from the schemas so browser code can name the kinds without pulling in zod.

/**
 * Kinds of portal a brand can be (spec 7: the SiteMinder agent name differs by portal kind). Spec 1
 * names the two audiences: `investor` for portals of investors and account holders, `client` for
 * portals of the provider's business clients (firms and their advisers).
 */
export const PORTAL_KINDS = ['investor', 'client'] as const;
export type PortalKind = (typeof PORTAL_KINDS)[number];
