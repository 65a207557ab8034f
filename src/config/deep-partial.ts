import { z } from 'zod';

/**
 * The schema of a file that is merged over defaults (deep-merge.ts): every key of every object that merges
 * key by key becomes optional, at any depth, while each object stays as strict as it was, so an unknown key
 * is still refused. What replaces whole in the merge (arrays and their items, unions such as a per-language
 * text, values) keeps its schema: a link in a list, or a text with both languages, must be complete.
 */
export function deepPartial(schema: z.ZodObject): z.ZodObject {
  const fields: Record<string, z.core.SomeType> = schema.shape;
  const shape = Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, partialField(field)]));
  const partial = z.object(shape);
  // The catch-all decides what happens to other keys: never (strict), unknown (loose) or strip.
  const { catchall } = schema._zod.def;
  const result = catchall === undefined ? partial : partial.catchall(catchall);
  const meta = z.globalRegistry.get(schema);
  return meta ? result.meta(meta) : result;
}

function partialField(field: z.core.SomeType): z.ZodType {
  let inner = field as z.ZodType;
  const meta = z.globalRegistry.get(inner);
  // Defaults and optionality are the merged config's business; in the file, every key may be left out.
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
  const partial = inner instanceof z.ZodObject ? deepPartial(inner) : inner;
  const optional = partial.optional();
  return meta ? optional.meta(meta) : optional;
}
