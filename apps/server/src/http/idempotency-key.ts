import type { FastifyRequest } from 'fastify';
import { idempotencyKeyHeader } from '@kartu/contracts';

/**
 * The request's Idempotency-Key as its route's headers schema (idempotentWriteHeadersSchema) let it
 * through, or undefined when none was sent: a retried write then answers IDEMPOTENCY_KEY_REQUIRED.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[idempotencyKeyHeader];
  return typeof value === 'string' ? value : undefined;
}
