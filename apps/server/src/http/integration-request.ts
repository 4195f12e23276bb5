import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { idempotencyKeyOf } from './idempotency-key.ts';
import { AppError } from '../lib/app-error.ts';
import { integrationSecurityScheme } from './openapi.ts';
import type { Clock } from '../lib/clock.ts';
import { withIdempotency } from '../modules/idempotency/idempotency.service.ts';
import type { ApiKeyHolder } from '../integration/api-keys.service.ts';

/** Route config shared by every integration route: the per-key limit replaces the app's per-address one. */
export const integrationRouteConfig = { rateLimit: false as const };
export const integrationSecurity = [{ [integrationSecurityScheme]: [] }];

/** The merchant of an integration request; the authentication hook has always set it by now. */
export function holderOf(request: FastifyRequest): ApiKeyHolder {
  if (!request.apiKeyHolder) throw new AppError('API_KEY_INVALID');
  return request.apiKeyHolder;
}

/**
 * The Idempotency-Key of an integration write (scoped to the merchant and the write) and what its
 * request hash covers: the path's parameters and the body. Required: IDEMPOTENCY_KEY_REQUIRED without one.
 */
export function integrationWriteKey({ merchantId, scope, idempotencyKey, params, body }: { merchantId: number; scope: string; idempotencyKey: string | undefined; params: unknown; body: unknown }) {
  if (!idempotencyKey) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  return { key: { merchantId, scope: `integration.${scope}`, key: idempotencyKey }, hashed: { params, body } };
}

/**
 * Runs a write once per Idempotency-Key (scoped to the merchant and the route), in the transaction
 * that stores its answer, and answers the first answer to every retry with the same key and body.
 */
export async function answerOnce<T>({
  request,
  reply,
  db,
  clock,
  scope,
  bodyIdentity = request.body,
  run,
}: {
  request: FastifyRequest;
  reply: FastifyReply;
  db: Database;
  clock: Clock;
  scope: string;
  /** What stands for the body in the key's request hash: the body itself, unless it is bytes (an image stands by its digest). */
  bodyIdentity?: unknown;
  run: (tx: Database) => Promise<{ statusCode: number; body: T }>;
}): Promise<T> {
  const { key, hashed } = integrationWriteKey({ merchantId: holderOf(request).merchantId, scope, idempotencyKey: idempotencyKeyOf(request), params: request.params, body: bodyIdentity });
  const answer = await withIdempotency({ db, ...key, body: hashed, now: clock.now(), transaction: run });
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  reply.status(answer.statusCode);
  return answer.body;
}
