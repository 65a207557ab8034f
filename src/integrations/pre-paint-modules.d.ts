/** A pre-paint script compiled from its TypeScript source at build time (src/integrations/pre-paint.ts). */
declare module '*?pre-paint' {
  const script: string;
  export default script;
}

/** A page's module script bundled from its TypeScript source for the page to inline (src/integrations/pre-paint.ts). */
declare module '*?inline-module' {
  const script: string;
  export default script;
}

/**
 * Build data a pre-paint script reads (src/integrations/pre-paint.ts, PrePaintBuildData): replaced by its value when the
 * script is compiled, so only `?pre-paint` entries may name it.
 */
declare const PORTAL_PASSKEY_RP_ID: string | null;
