import type { FastifyInstance } from 'fastify';
import { pruneComponents } from '../http/openapi-schemas.ts';

// The API document as the server serves it, for the tests that hold the server to it.

export interface ApiDocument {
  paths: Record<string, Record<string, ApiOperation>>;
  components: { schemas: Record<string, object> } & Record<string, unknown>;
}

export interface ApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

const documents = new WeakMap<FastifyInstance, Promise<ApiDocument>>();

/** The document at /api/docs/json, read once per app. */
export function servedDocument(app: FastifyInstance): Promise<ApiDocument> {
  let document = documents.get(app);
  if (!document) {
    document = app.inject({ url: '/api/docs/json' }).then((response) => response.json<ApiDocument>());
    documents.set(app, document);
  }
  return document;
}

export const integrationPrefix = '/integration/v1/';

const prose = new Set(['description', 'summary', 'examples']);

/** Drops the prose and examples, keeping property names that happen to be called so. */
function withoutProse(value: unknown, inProperties = false): unknown {
  if (Array.isArray(value)) return value.map((entry) => withoutProse(entry));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => inProperties || !prose.has(key))
      .map(([key, child]) => [key, withoutProse(child, !inProperties && key === 'properties')]),
  );
}

/**
 * The integration API's part of the document, its shapes only: what a merchant's typed client is
 * generated from, and what changes only when the contract does.
 */
export function integrationShapes(document: ApiDocument): ApiDocument {
  const paths = Object.fromEntries(Object.entries(document.paths).filter(([path]) => path.startsWith(integrationPrefix)));
  return withoutProse(pruneComponents({ ...document, paths })) as ApiDocument;
}
