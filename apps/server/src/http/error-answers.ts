import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '@kartu/contracts';
import { isSiteApiCall } from './api-paths.ts';

/** The error statuses a route may answer besides its own, each with the common error body in OpenAPI. */
export function errorAnswers<const S extends readonly number[]>(statuses: S): Record<S[number], typeof errorBodySchema> {
  const answers = {} as Record<S[number], typeof errorBodySchema>;
  for (const status of statuses) answers[status as S[number]] = errorBodySchema;
  return answers;
}

const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Statuses a route answers because of how a request reaches it, not because of what it does: any
 * route that takes a body can be sent malformed JSON (400), too much (413) or another content type
 * (415); a write to the site's API, sent by another site's page (403, same-origin.ts); and any route
 * with path parameters a malformed URL (400) or a parameter longer than the router takes (414).
 * Declared here once for every route with response schemas, so the OpenAPI document lists every
 * status a client can meet.
 */
export function declareTransportAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<number, unknown> | undefined;
    if (!response) return;
    const methods = [route.method].flat();
    const writes = methods.some((method) => bodyMethods.has(method));
    const statuses = [...(writes ? [400, 413, 415] : []), ...(writes && isSiteApiCall(route.url) ? [403] : []), ...(route.url.includes(':') ? [400, 414] : [])];
    for (const status of statuses) response[status] ??= errorBodySchema;
  });
}
