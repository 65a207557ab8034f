import { AMBIGUOUS_SERVICE_PATH, SERVICE_PREFIXES, servicePathPattern } from './route-table.ts';

/**
 * Netlify's side of issue 40: an edge function, run before the redirects and rewrites (in production and in
 * `netlify dev`), on the service prefixes, that answers 400 a path which would read another way at the service.
 * Netlify's proxy rewrites decode `%2f` and `%5c` before they send the path on (`/apps/..%2f__emulator/outbox`
 * reached `/__emulator/outbox`), and a rule cannot refuse a spelling; the function sees the path as it came
 * (`request.url`, still percent-encoded: checked on netlify dev, and it is the URL the Deno runtime is given).
 */

/** The function's name: its file is `<NETLIFY_EDGE_FOLDER>/<name>.js` in the release folder, beside netlify.toml. */
export const NETLIFY_EDGE_FUNCTION = 'service-paths';

/** Netlify's default folder of edge functions, named in netlify.toml. */
export const NETLIFY_EDGE_FOLDER = 'netlify/edge-functions';

/** What the function knows of the build: AMBIGUOUS_SERVICE_PATH's source. */
export interface EdgeConfig {
  refused: string;
}

/**
 * Refuses (400) a path that would read another way behind the proxy rewrite; anything else goes on to the
 * rewrites (`undefined`). Self-contained (the build writes its source into the function's file).
 */
function refuseAmbiguousPath(request: Request, config: EdgeConfig): Response | undefined {
  const path = new URL(request.url).pathname;
  if (!new RegExp(config.refused, 'i').test(path)) return undefined;
  return new Response('Bad Request', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** The function's file: refuseAmbiguousPath's own source with the build's rule, as an ES module Deno runs. */
export function netlifyEdgeFunction(config: EdgeConfig = { refused: AMBIGUOUS_SERVICE_PATH.source }): string {
  return [
    '// Written by the build (src/hosting/netlify-edge.ts). Do not edit.',
    `const CONFIG = ${JSON.stringify(config)};`,
    refuseAmbiguousPath.toString(),
    'export default (request) => refuseAmbiguousPath(request, CONFIG);',
    '',
  ].join('\n');
}

/**
 * netlify.toml's declarations of the function: every path that is a service path once decoded, as a regular
 * expression (servicePathPattern: `/apps`, below it, `/apps%2f…`, and `/%61pps/…`). netlify dev matches its edge
 * functions' routes on the path as sent but its rewrites on the decoded one, so a `path = "/apps*"` declaration let
 * `/%61pps/..%2f__emulator/outbox` reach the service unchecked (issue 40).
 */
export function netlifyEdgeDeclarations(): string[] {
  return SERVICE_PREFIXES.map((prefix) => ['[[edge_functions]]', `function = ${JSON.stringify(NETLIFY_EDGE_FUNCTION)}`, `pattern = ${JSON.stringify(servicePathPattern(prefix))}`].join('\n'));
}
