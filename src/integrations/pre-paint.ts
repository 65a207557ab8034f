import { build, transform } from 'esbuild';
import ts from 'typescript';
import type { AstroIntegration } from 'astro';
import { buildPasskeyRpId } from '../config/build-environment.ts';

const SUFFIX = '?pre-paint';
const MODULE_SUFFIX = '?inline-module';

/** What a pre-paint script may read of the build: constants its source names (declared in pre-paint-modules.d.ts). */
export interface PrePaintBuildData {
  /** The RP ID of this build's environment; null in MOCK and LOCAL, where it is the page's host (buildPasskeyRpId). */
  PORTAL_PASSKEY_RP_ID: string | null;
}

/** This build's data for the pre-paint scripts. */
const prePaintBuildData = (): PrePaintBuildData => ({ PORTAL_PASSKEY_RP_ID: buildPasskeyRpId() });

/**
 * A pre-paint script from its TypeScript source: the module and what it imports bundled into one classic
 * script, lowered to ES5 (TypeScript does what esbuild cannot: `const`, arrows, classes) and minified. A rule the
 * islands use (a validator, a password rule) is then written once, and the script that runs before the island
 * wakes is that same code, never a hand copy. What it needs of the build (the RP ID) comes in as constants.
 */
export async function compilePrePaint(entry: string, data: PrePaintBuildData = prePaintBuildData()): Promise<{ code: string; inputs: string[] }> {
  const define = Object.fromEntries(Object.entries(data).map(([name, value]) => [name, JSON.stringify(value)]));
  const bundled = await build({ entryPoints: [entry], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2020', metafile: true, legalComments: 'none', tsconfigRaw: {}, define });
  const source = bundled.outputFiles[0]?.text ?? '';
  // ES5 is what the pre-paint scripts promise (every browser parses them); TypeScript 6 still lowers to it.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const lowered = ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES5, module: ts.ModuleKind.ESNext, removeComments: true, alwaysStrict: false, ignoreDeprecations: '6.0' } }).outputText;
  // Target ES5: esbuild refuses any syntax ES5 lacks, so a script that would not parse in an old browser fails the build.
  const minified = await transform(lowered, { minify: true, target: 'es5', legalComments: 'none' });
  return { code: minified.code.trim(), inputs: Object.keys(bundled.metafile.inputs) };
}

/**
 * A page's own module script from its TypeScript source, bundled into one minified ES module for the page to
 * inline: only what it uses of a shared module (tree-shaken), no request and no gzip frame of its own, and it
 * compresses with the page's other inline scripts. As a module it still runs after parsing, in order.
 */
async function compileInlineModule(entry: string): Promise<{ code: string; inputs: string[] }> {
  const bundled = await build({ entryPoints: [entry], bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2022', minify: true, metafile: true, legalComments: 'none', tsconfigRaw: {} });
  return { code: (bundled.outputFiles[0]?.text ?? '').trim(), inputs: Object.keys(bundled.metafile.inputs) };
}

/**
 * `import script from './entry.ts?pre-paint'` (or `?inline-module`) gives the compiled script's text, for a page to inline (and hash
 * into its CSP).
 */
export function prePaintScripts(): AstroIntegration {
  return {
    name: 'portal-pre-paint-scripts',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [{
              name: 'portal-pre-paint',
              async load(id) {
                const compiled = id.endsWith(SUFFIX) ? compilePrePaint(id.slice(0, -SUFFIX.length))
                  : id.endsWith(MODULE_SUFFIX) ? compileInlineModule(id.slice(0, -MODULE_SUFFIX.length)) : null;
                if (!compiled) return null;
                const { code, inputs } = await compiled;
                for (const input of inputs) this.addWatchFile(input);
                return `export default ${JSON.stringify(code)};`;
              },
            }],
          },
        });
      },
    },
  };
}
