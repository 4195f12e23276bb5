import * as contracts from '@kartu/contracts';
import { z } from 'zod';
import { contractExamples, type ContractSchemaName } from './openapi-examples.ts';

/*
 * The document's named schemas come from the contracts package: each exported zod schema is a
 * component named after its export (`purchaseAnswerSchema` → `PurchaseAnswer`), referenced with
 * `$ref` wherever a body, an answer or another contract uses it, with its example where it has one
 * (openapi-examples.ts). Parameters stay inline, as OpenAPI lists them one by one.
 */


const inlineSuffixes = ['ParamsSchema', 'QuerySchema', 'HeadersSchema'];

/** `purchaseAnswerSchema` → `PurchaseAnswer`; the error body is `Error`. */
export function componentName(exportName: string): string {
  const base = exportName.slice(0, -'Schema'.length);
  return base === 'errorBody' ? 'Error' : base.charAt(0).toUpperCase() + base.slice(1);
}

let named = false;

/** Gives every contract schema its component name in zod's registry; once per process. */
export function nameContractSchemas(): void {
  if (named) return;
  named = true;
  for (const [exportName, value] of Object.entries(contracts)) {
    if (!(value instanceof z.ZodType) || !exportName.endsWith('Schema') || inlineSuffixes.some((suffix) => exportName.endsWith(suffix))) continue;
    const metadata = z.globalRegistry.get(value);
    // An export that re-exports another keeps the first name.
    if (metadata?.id) continue;
    const example = contractExamples[exportName as ContractSchemaName];
    z.globalRegistry.add(value, { ...metadata, id: componentName(exportName), ...(example === undefined ? {} : { examples: [example] }) });
  }
}

type Json = unknown;
const componentPrefix = '#/components/schemas/';
const inputSuffix = 'Input';

/** Each `$ref` to a component renamed, and pointed under `to` (the components by default). */
export function mapRefs(value: Json, rename: (name: string) => string, to = componentPrefix): Json {
  if (Array.isArray(value)) return value.map((entry) => mapRefs(entry, rename, to));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) =>
      key === '$ref' && typeof child === 'string' && child.startsWith(componentPrefix) ? [key, to + rename(child.slice(componentPrefix.length))] : [key, mapRefs(child, rename, to)],
    ),
  );
}

function collectRefs(value: Json, into: Set<string>): void {
  if (Array.isArray(value)) for (const entry of value) collectRefs(entry, into);
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(componentPrefix)) into.add(child.slice(componentPrefix.length));
      else collectRefs(child, into);
    }
}

interface Document {
  paths?: object;
  components?: object;
}

/** Keeps only the components some operation reaches, directly or through another component. */
export function pruneComponents<D extends Document>(document: D): D {
  const components = (document.components ?? {}) as { schemas?: Record<string, Json> };
  const schemas = components.schemas ?? {};
  const reached = new Set<string>();
  collectRefs(document.paths, reached);
  for (const pending = [...reached]; pending.length > 0; ) {
    const found = new Set<string>();
    collectRefs(schemas[pending.pop() as string], found);
    for (const name of found) {
      if (reached.has(name)) continue;
      reached.add(name);
      pending.push(name);
    }
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

/**
 * Each contract is emitted twice, as a request takes it (`XInput`) and as an answer gives it (`X`).
 * Where the two are the same, the document keeps one name; it then keeps only the components some
 * operation reaches, and a contract only requests take loses the suffix.
 */
export function tidyComponents<D extends Document>(document: D): D {
  const components = (document.components ?? {}) as { schemas?: Record<string, Json> };
  const schemas = { ...components.schemas };
  const merged = new Set<string>();
  const rename = (name: string) => (merged.has(name) ? name.slice(0, -inputSuffix.length) : name);
  for (let changed = true; changed; ) {
    changed = false;
    for (const name of Object.keys(schemas)) {
      if (!name.endsWith(inputSuffix) || merged.has(name)) continue;
      const output = schemas[name.slice(0, -inputSuffix.length)];
      if (output !== undefined && JSON.stringify(mapRefs(schemas[name], rename)) === JSON.stringify(output)) {
        merged.add(name);
        changed = true;
      }
    }
  }
  const renamed = Object.fromEntries(Object.entries(schemas).filter(([name]) => !merged.has(name)).map(([name, schema]) => [name, mapRefs(schema, rename)]));
  const pruned = pruneComponents({ ...document, paths: mapRefs(document.paths, rename) as object, components: { ...components, schemas: renamed } });
  const kept = (pruned.components as { schemas: Record<string, Json> }).schemas;
  // A contract only requests take keeps its own name: `PurchaseBody`, not `PurchaseBodyInput`.
  const shorten = (name: string) => (name.endsWith(inputSuffix) && !(name.slice(0, -inputSuffix.length) in kept) ? name.slice(0, -inputSuffix.length) : name);
  const named = Object.fromEntries(
    Object.entries(kept)
      .map(([name, schema]) => [shorten(name), mapRefs(schema, shorten)] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return { ...pruned, paths: mapRefs(pruned.paths, shorten) as object, components: { ...components, schemas: named } };
}

/** What each status means across the API, for answers whose route gives no description of its own. */
const statusMeanings: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  304: 'Not modified: the client already holds this version',
  400: 'The request is malformed, or a field is invalid: VALIDATION_FAILED lists each field in `details`; other codes are named in the operation\'s description',
  401: 'No valid session or API key (UNAUTHENTICATED, API_KEY_INVALID), or a credential that does not match',
  403: 'The caller may not do this',
  404: 'Not found, or not the caller\'s to see: another member\'s or merchant\'s id answers the same',
  409: 'The thing is not in a state that allows this, or a write with the same Idempotency-Key is still running',
  413: 'The body is larger than this operation takes (PAYLOAD_TOO_LARGE)',
  414: 'The URL is longer than the server takes',
  415: 'The body is not of a content type this operation takes (UNSUPPORTED_MEDIA_TYPE)',
  422: 'Refused by a business rule; the code says which',
  429: 'Too many requests, or a lock after too many wrong tries: `lockedUntil` and `currentTime` say until when',
  500: 'An unexpected error (INTERNAL)',
  503: 'A service the server needs is unavailable; try again later',
};

const defaultDescription = 'Default Response';

/** Replaces the placeholder description of each answer with what its status means here. */
export function describeAnswers<D extends Document>(document: D): D {
  const paths = (document.paths ?? {}) as Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
  for (const item of Object.values(paths))
    for (const operation of Object.values(item))
      for (const [status, answer] of Object.entries(operation.responses ?? {})) if (answer.description === defaultDescription && statusMeanings[status]) answer.description = statusMeanings[status];
  return document;
}
