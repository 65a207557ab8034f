// tldts's own minified ES build: its public-suffix data is one string used in three places, which
// the bundler inlines three times when it builds from the package's `module` entry (270 KB instead
// of 131 KB, 113 KB instead of 47 KB gzipped). The same API and types as the package entry.
declare module 'tldts/dist/index.esm.min.js' {
  export { getDomain } from 'tldts';
}
