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
