/**
 * A query parameter as the pre-paint scripts read it, without URLSearchParams (browsers too old for the islands
 * run those scripts too): the first `name=` of the query, `+` read as a space, percent-decoded; null when it is
 * absent or its encoding is broken. For every well-formed query it is what `URLSearchParams.get` answers. `name`
 * is one of the portal's parameter names (letters only), never a visitor's text.
 */
export function queryValue(search: string, name: string): string | null {
  const found = new RegExp(`[?&]${name}=([^&#]*)`).exec(search);
  if (!found) return null;
  try {
    return decodeURIComponent(String(found[1]).replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
