import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './schema-values.ts';

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As in the document: `/api/v2/cards/{id}`. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** Every status the document lets this operation answer. */
  statuses: ReadonlySet<number>;
  /** Called with a merchant's API key rather than a member's session. */
  integration: boolean;
}

interface DocumentOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: unknown[];
}

const methods = ['get', 'put', 'post', 'patch', 'delete'];
const componentPrefix = '#/components/schemas/';

/** A schema with each `$ref` to a named contract replaced by the contract itself, as the generators need it. */
function inlined(value: unknown, schemas: Record<string, unknown>, within: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((entry) => inlined(entry, schemas, within));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith(componentPrefix)) {
    const name = ref.slice(componentPrefix.length);
    // A contract inside itself would never end: past the first level it is any value.
    return within.includes(name) ? {} : inlined(schemas[name], schemas, [...within, name]);
  }
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, inlined(child, schemas, within)]));
}

/** Every operation of the app's own OpenAPI document (the one served at /api/docs/json). */
export function operationsOf(app: FastifyInstance): Operation[] {
  const served = app.swagger() as { paths?: object; components?: { schemas?: Record<string, unknown> } };
  const document = { paths: inlined(served.paths ?? {}, served.components?.schemas ?? {}) as Record<string, Record<string, DocumentOperation>> };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
        statuses: new Set(Object.keys(operation.responses ?? {}).map(Number)),
        integration: (operation.security?.length ?? 0) > 0,
      })),
  );
}
