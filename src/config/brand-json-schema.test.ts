import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import type { ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { BRAND_JSON_SCHEMAS, brandJsonSchemaText } from './brand-json-schema.ts';
import { brandFileSchema } from './brand-schema.ts';

const BRANDS = join(import.meta.dirname, '../../brands');
const TEMPLATE = join(import.meta.dirname, '../../scripts/brand/template');
// ajv-formats is CommonJS: its default export arrives wrapped.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const brandFolders = readdirSync(BRANDS, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/** A standard validator with the committed schema of `file` (brand.schema.json or support.schema.json), compiled once. */
const validators = new Map<string, ValidateFunction>();
function validatorFor(file: string) {
  const known = validators.get(file);
  if (known) return known;
  const validate = addFormats(new Ajv({ strict: true, allErrors: true })).compile(readJson(join(BRANDS, file)) as object);
  validators.set(file, validate);
  return validate;
}

/** The errors ajv reports for `data`, as `path: keyword (detail)`. */
function ajvErrors(file: string, data: unknown): string[] {
  const validate = validatorFor(file);
  validate(data);
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'}: ${error.keyword}${error.keyword === 'additionalProperties' ? ` (${String(error.params['additionalProperty'])})` : ''}`);
}

describe('the brand files JSON Schemas', () => {
  test.each(BRAND_JSON_SCHEMAS.map((entry) => [entry.file, entry] as const))('brands/%s is made from the current zod schema (else run npm run brand:schema)', (file, entry) => {
    expect(readFileSync(join(BRANDS, file), 'utf8')).toBe(brandJsonSchemaText(entry));
  });

  test('every shipped brand file and the scaffold name their schema', () => {
    const named = brandFolders.flatMap((key) => [
      [`brands/${key}/brand.json`, (readJson(join(BRANDS, key, 'brand.json')) as Record<string, unknown>)['$schema']],
      ...(existsSync(join(BRANDS, key, 'support.json')) ? [[`brands/${key}/support.json`, (readJson(join(BRANDS, key, 'support.json')) as Record<string, unknown>)['$schema']]] : []),
    ]);
    named.push(['scripts/brand/template/brand.json', (readJson(join(TEMPLATE, 'brand.json')) as Record<string, unknown>)['$schema']]);
    expect(named.filter(([file, schema]) => schema !== (String(file).endsWith('support.json') ? '../support.schema.json' : '../brand.schema.json'))).toEqual([]);
    expect(named.length).toBeGreaterThan(brandFolders.length);
  });

  test('ajv accepts every shipped brand.json, _defaults included, and the scaffold', () => {
    const files = [...brandFolders.map((key) => join(BRANDS, key, 'brand.json')), join(TEMPLATE, 'brand.json')];
    const refused = files.map((path) => ({ file: path, errors: ajvErrors('brand.schema.json', readJson(path)) }))
      .filter(({ errors }) => errors.length > 0);
    expect(refused).toEqual([]);
  });

  test('ajv accepts every shipped support.json', () => {
    const files = brandFolders.map((key) => join(BRANDS, key, 'support.json')).filter((path) => existsSync(path));
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((path) => ajvErrors('support.schema.json', readJson(path))).flat()).toEqual([]);
  });

  test('a partial brand file passes: the defaults fill in the rest', () => {
    const partial = { $schema: '../brand.schema.json', heroText: { tagline2: { 'en-US': 'Hello', 'de-DE': 'Hallo' } } };
    expect(ajvErrors('brand.schema.json', partial)).toEqual([]);
    expect(brandFileSchema.safeParse(partial).success).toBe(true);
  });

  test('refuses a misspelt key at the top and deeper down, as the zod schema does', () => {
    expect(ajvErrors('brand.schema.json', { heroTextt: { tagline1: 'Hi' } })).toEqual(['/: additionalProperties (heroTextt)']);
    expect(ajvErrors('brand.schema.json', { heroText: { tagLine1: 'Hi' } })).toEqual(['/heroText: additionalProperties (tagLine1)']);
    expect(ajvErrors('support.schema.json', { title: 'Help', paragraphs: ['Call us'], phnoe: '1' })).toEqual(['/: additionalProperties (phnoe)']);
    expect(brandFileSchema.safeParse({ heroTextt: { tagline1: 'Hi' } }).success).toBe(false);
  });

  // Which languages a text must name is the brand's (its `languages`): load-brands.ts checks that, not the editor's schema.
  test('refuses what the build refuses: a wrong type, a text in a language outside the list, an http store link', () => {
    expect(ajvErrors('brand.schema.json', { wideLogin: 'yes' })).toEqual(['/wideLogin: type']);
    expect(ajvErrors('brand.schema.json', { displayName: { 'en-US': 'Acme', 'fr-FR': 'Acme' } }).join(' ')).toContain('/displayName');
    expect(ajvErrors('brand.schema.json', { languages: ['en_US'] })).toEqual(['/languages/0: pattern']);
    expect(ajvErrors('brand.schema.json', { mobileApp: { qrTarget: 'http://apps.example/', label: 'App' } })).toEqual(['/mobileApp/qrTarget: pattern']);
  });
});
