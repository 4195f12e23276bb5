import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';

export interface RateLimitOptions {
  perMinute: number;
  /** Shared counters for several instances; without it each process counts on its own. */
  redisUrl?: string;
}

/** A global per-address limit; exceeding it answers 429 RATE_LIMITED through the one error body. */
export async function registerRateLimit(app: FastifyInstance, { perMinute, redisUrl }: RateLimitOptions): Promise<void> {
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) {
    // A Redis outage must not take the API down: requests pass (skipOnError) and the error is logged.
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate limit store unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: true,
    max: perMinute,
    timeWindow: '1 minute',
    skipOnError: true,
    nameSpace: 'kartu-rate-limit:',
    // The counters go out with a 429 only (with Retry-After): on every other answer they would be
    // three more headers that no client of ours reads.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    ...(redis && { redis }),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { message: `Too many requests, please try again in ${context.after}` }),
  });
}
