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

/** Every operation of the app's own OpenAPI document (the one served at /api/docs/json). */
export function operationsOf(app: FastifyInstance): Operation[] {
  const document = app.swagger() as { paths?: Record<string, Record<string, DocumentOperation>> };
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
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
