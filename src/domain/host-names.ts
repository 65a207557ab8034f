/** One label of a host name: ASCII lowercase letters, digits and inner hyphens. */
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';

/**
 * The format of a lowercase host name of two labels or more, without scheme, port or path, the one definition of
 * it: a regular expression's source without anchors, so the brand schema (its hosts, allowed redirect hosts and
 * host patterns) and the environment schema read the same text.
 */
export const HOST_NAME_FORMAT = `${LABEL}(?:\\.${LABEL})+`;
