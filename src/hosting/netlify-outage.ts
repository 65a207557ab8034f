import { outagePaths } from './outage-page.ts';

/**
 * Netlify's side of the outage page: an edge function on the service paths (the release writes it, bundled, into
 * `netlify/edge-functions/` beside `netlify.toml`, and declares it there). The service paths go on to the
 * release's proxy rewrites as before; when the proxy answers that the service cannot be reached (502, 503, 504),
 * the visitor gets the brand's outage page in their language with that status, as nginx's error_page and
 * Cloudflare's worker give it, never Netlify's bare error. The service sends no 5xx of its own that a page reads.
 */

/** The answers of the proxy that mean the service is down or too slow. */
const OUTAGE_STATUSES: readonly number[] = [502, 503, 504];

/** What Netlify passes an edge function besides the request (only what this one uses). */
interface EdgeContext {
  next: () => Promise<Response>;
}

export default async function portalOutage(request: Request, context: EdgeContext): Promise<Response> {
  const answer = await context.next();
  if (!OUTAGE_STATUSES.includes(answer.status)) return answer;
  for (const path of outagePaths(request.headers.get('Cookie'))) {
    // A path of this site made from a checked brand key and a built language, set on the request's own URL.
    const address = new URL(request.url);
    address.pathname = path;
    address.search = '';
    const page = await fetch(address.href, { headers: { Accept: 'text/html' } });
    if (!page.ok) continue;
    const headers = new Headers(page.headers);
    headers.set('Cache-Control', 'no-store');
    return new Response(request.method === 'HEAD' ? null : page.body, { status: answer.status, headers });
  }
  return answer;
}
