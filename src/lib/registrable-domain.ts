/**
 * The domain for site-wide cookies (EU_COOKIE, spec 4.2): the registrable domain under the public suffix
 * list, `.example.co.uk` for `portal.example.co.uk` (the last two labels would be `co.uk`, which every
 * browser refuses); none for localhost, an IP or a bare public suffix. The list (tldts, its private
 * section too, as browsers use it) loads only when a cookie is set, not with the page.
 */
export async function secondaryDomain(hostname: string): Promise<string | undefined> {
  const { getDomain } = await import('tldts/dist/index.esm.min.js');
  const domain = getDomain(hostname, { allowPrivateDomains: true });
  return domain ? `.${domain}` : undefined;
}
