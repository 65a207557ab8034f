// The build brand:preview --build and brand:gallery look at: only the brands asked for (and the default brand,
// which the site's own pages wear and the gallery sets beside them), in a folder of its own. Never dist/: a
// preview of one brand written there left dist/ with that brand alone, and a release of it took every other
// brand offline (issue 44).
import { join } from 'node:path';
import { DEFAULT_BRAND } from '../../src/domain/brands.ts';
import { buildBrands } from '../deploy/build-brands.ts';

const root = join(import.meta.dirname, '../..');
/** The preview's build; `preview/` is not committed and nothing deploys it. */
const PREVIEW_DIST = join(root, 'preview', 'dist');

/** Builds `keys` and the default brand into PREVIEW_DIST (replacing the last preview) and returns the folder. */
export async function buildPreview(keys: readonly string[], out = PREVIEW_DIST): Promise<string> {
  const brands = [...new Set([DEFAULT_BRAND, ...keys])];
  console.error(`Building ${brands.join(', ')} into ${out} (dist/ is left as it is)…`);
  await buildBrands({ out, brands, into: false });
  return out;
}
