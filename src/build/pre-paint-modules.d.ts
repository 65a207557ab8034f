/** A pre-paint script compiled from its TypeScript source at build time (src/build/pre-paint.ts). */
declare module '*?pre-paint' {
  const script: string;
  export default script;
}
