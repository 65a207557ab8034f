type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isPlainObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Merges `override` over `base`: objects merge key by key, arrays and values replace. Objects for
 * which `isLeaf` says so replace whole (a brand's per-language text must not borrow the default's
 * other language).
 */
export function deepMerge(base: unknown, override: unknown, isLeaf: (value: Record<string, unknown>) => boolean = () => false): unknown {
  if (!isPlainObject(base) || !isPlainObject(override) || isLeaf(override)) return override === undefined ? base : override;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    merged[key] = key in base ? deepMerge(base[key], value, isLeaf) : value;
  }
  return merged;
}
