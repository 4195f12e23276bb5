import fc from 'fast-check';

/** The part of JSON Schema the app's OpenAPI document uses (zod's output for its route schemas). */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/**
 * Real values by field name (card ids, card numbers, phones, PINs…): a value drawn for a field of
 * that name comes from here most of the time, so that requests reach past validation into the
 * use cases instead of stopping at "not found".
 */
export type KnownValues = Readonly<Record<string, readonly unknown[]>>;

// Random numbers stay near the low end of a range most of the time: a batch of 1,000 cards or an
// amount of 2^53 is worth trying now and then, not on every request.
function integerIn(min: number, max: number): fc.Arbitrary<number> {
  const low = fc.integer({ min, max: Math.min(max, min + 1_000) });
  return max - min <= 1_000 ? low : fc.oneof({ arbitrary: low, weight: 9 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
}

function numberValue(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1_000_000);
  const max = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1_000_000);
  const bounded = (limit: number) => Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, limit));
  return integerIn(bounded(min), bounded(max));
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot draw from (a lookahead): any string, which the server refuses or takes.
    }
  }
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 40)) });
}

function objectValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const fields = Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, valueFor(field, known, name)]));
  const record = fc.record(fields, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
  if (typeof schema.additionalProperties !== 'object') return record;
  const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), valueFor(schema.additionalProperties, known), { maxKeys: 4 });
  return fc.tuple(record, extra).map(([declared, more]) => ({ ...more, ...declared }));
}

function valueOfType(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valueFor(alternative, known)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
    case 'number':
      return numberValue(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items ?? {}, known), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'object':
      return objectValue(schema, known);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value the schema accepts, or, for a field with known values, usually one of those. */
export function valueFor(schema: JsonSchema, known: KnownValues, name?: string): fc.Arbitrary<unknown> {
  const generated = valueOfType(schema, known);
  const real = name ? known[name] : undefined;
  if (!real?.length) return generated;
  return fc.oneof({ arbitrary: fc.constantFrom(...real), weight: 4 }, { arbitrary: generated, weight: 1 });
}
