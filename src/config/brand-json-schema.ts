import { z } from 'zod';
import { localizedTextSchema } from './language-schema.ts';
import { brandFileSchema, supportContentSchema } from './brand-schema.ts';

/**
 * The JSON Schemas of the brand files, made from their zod schemas (the one source) and committed in
 * `brands/`, where every brand file names its schema with `"$schema"` so editors complete and check it with
 * no plugin. `npm run brand:schema` writes them; a unit test fails when a committed file is not current.
 */
export const BRAND_JSON_SCHEMAS = [
  {
    file: 'brand.schema.json',
    title: 'Brand config (brands/<wl>/brand.json)',
    description: 'Merged over brands/_defaults/brand.json: leave out what the defaults say. Every field is described in src/config/brand-schema.ts.',
    schema: brandFileSchema,
  },
  {
    file: 'support.schema.json',
    title: 'Support dialog content (brands/<wl>/support.json)',
    description: 'What the support dialog shows. Every field is described in src/config/brand-schema.ts.',
    schema: supportContentSchema,
  },
] as const;

/**
 * Descriptions, and: JSON Schema's `format: uri` cannot say which scheme; a URL the zod schema restricts to https gets a
 * pattern that does, so the editor refuses an http:// link as the build does.
 */
function httpsOnly(context: { zodSchema: z.core.$ZodTypes; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  // What a setting is for, where the zod schema says it (the colours: where each shows), for the editor to show.
  const description = z.globalRegistry.get(context.zodSchema)?.description;
  if (description !== undefined) context.jsonSchema.description = description;
  const { def } = context.zodSchema._zod;
  if (def.type === 'string' && 'format' in def && def.format === 'url' && 'protocol' in def && def.protocol instanceof RegExp) {
    context.jsonSchema.pattern = `^(?:${def.protocol.source.replace(/^\^|\$$/g, '')}):`;
  }
}

/** The text of a committed JSON Schema: draft-07 (what VS Code and ajv read by default), as a file accepts it. */
export function brandJsonSchemaText(entry: (typeof BRAND_JSON_SCHEMAS)[number]): string {
  // A per-language text is one definition, so an editor shows its name instead of the same union everywhere.
  const names = z.registry<{ id: string }>();
  names.add(localizedTextSchema, { id: 'localizedText' });
  const schema = z.toJSONSchema(entry.schema, { target: 'draft-7', io: 'input', metadata: names, override: httpsOnly });
  return `${JSON.stringify({ ...schema, title: entry.title, description: entry.description }, null, 2)}\n`;
}
