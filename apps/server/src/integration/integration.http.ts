import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SwaggerTransform } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { integrationHeaders, idempotencyKeySchema } from '@kartu/contracts';
import type { Database } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { withIdempotency } from '../modules/idempotency/idempotency.service.ts';
import type { ApiKeyHolder } from './api-keys.service.ts';

/** What the integration route plugins receive from createApp. */
export interface IntegrationOptions {
  db: Database;
  clock: Clock;
  /** The key activation codes are hashed with: the same one the wallet checks them with. */
  activationCodeKey: string;
  /** Requests per minute per API key (and per address for requests without a valid key). */
  rateLimitPerMinute: number;
}

export const integrationSecurityScheme = 'integrationApiKey';

/**
 * Route config shared by every integration route: the per-key limit replaces the app's per-address
 * one, and the OpenAPI document learns the bearer scheme the routes name (this hook is the one
 * place @fastify/swagger hands a route the document being built).
 */
const swaggerTransform: SwaggerTransform = (input) => {
  if (!('openapiObject' in input)) return jsonSchemaTransform(input);
  const components = input.openapiObject.components ?? {};
  input.openapiObject.components = components;
  components.securitySchemes = {
    ...components.securitySchemes,
    [integrationSecurityScheme]: { type: 'http', scheme: 'bearer', description: 'An API key: kartu_<id>_<secret>' },
  };
  return jsonSchemaTransform(input);
};
export const integrationRouteConfig = { rateLimit: false as const, swaggerTransform };
export const integrationSecurity = [{ [integrationSecurityScheme]: [] }];

/** The merchant of an integration request; the authentication hook has always set it by now. */
export function holderOf(request: FastifyRequest): ApiKeyHolder {
  if (!request.apiKeyHolder) throw new AppError('API_KEY_INVALID');
  return request.apiKeyHolder;
}

/** A ledger amount as a JSON number: refused rather than rounded past 2^53. */
export function toJsonAmount(amount: bigint): number {
  const number = Number(amount);
  if (!Number.isSafeInteger(number)) throw new Error('A ledger amount is too large for a JSON number');
  return number;
}

/**
 * Runs a write once per Idempotency-Key (scoped to the merchant and the route) and answers the
 * first answer to every retry with the same key and body.
 */
export async function answerOnce<T>({
  request,
  reply,
  db,
  clock,
  scope,
  run,
}: {
  request: FastifyRequest;
  reply: FastifyReply;
  db: Database;
  clock: Clock;
  scope: string;
  run: () => Promise<{ statusCode: number; body: T }>;
}): Promise<T> {
  const parsed = idempotencyKeySchema.safeParse(request.headers[integrationHeaders.idempotencyKey]);
  if (!parsed.success) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const answer = await withIdempotency({
    db,
    merchantId: holderOf(request).merchantId,
    scope: `integration.${scope}`,
    key: parsed.data,
    body: { params: request.params, body: request.body },
    now: clock.now(),
    run,
  });
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  reply.status(answer.statusCode);
  return answer.body;
}
