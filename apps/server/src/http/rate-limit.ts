import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.ts';
import { isSiteApiCall } from './api-paths.ts';

export interface RateLimitOptions {
  /** API calls without a session, per client address. */
  perAddress: number;
  /** API calls of one signed-in session. */
  perSession: number;
  /** Shared counters for several instances; without it each process counts on its own. */
  redisUrl?: string;
}

const timeWindowMs = 60_000;

/**
 * A signed-in call counts against its session, so members behind one address (a carrier's NAT, an
 * office) never share a budget; a call without a session counts against its address.
 */
async function keyOf(request: FastifyRequest): Promise<string> {
  if (request.site) await request.server.loadSession(request);
  return request.session ? `session:${request.session.id}` : `address:${request.ip}`;
}

function rateLimited(after: string): AppError {
  return new AppError('RATE_LIMITED', { message: `Too many requests, please try again in ${after}` });
}

/** Per-session and per-address limits on the API; exceeding one answers 429 RATE_LIMITED through the one error body. */
export async function registerRateLimit(app: FastifyInstance, { perAddress, perSession, redisUrl }: RateLimitOptions): Promise<void> {
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  if (redis) {
    // A Redis outage must not take the API down: requests pass (skipOnError) and the error is logged.
    redis.on('error', (error) => app.log.warn({ err: error }, 'rate limit store unavailable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: true,
    // The hook runs after the request context has found the site, which the session lookup needs.
    keyGenerator: keyOf,
    max: (_request, key) => (key.startsWith('session:') ? perSession : perAddress),
    // Only API calls count: the app's page and its static files never do, nor the health check and
    // the API docs. (The integration API has limits of its own, per API key.)
    allowList: (request) => !isSiteApiCall(request.url),
    timeWindow: timeWindowMs,
    skipOnError: true,
    nameSpace: 'kartu-rate-limit:',
    // The counters go out with a 429 only (with Retry-After): on every other answer they would be
    // three more headers that no client of ours reads.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    ...(redis && { redis }),
    errorResponseBuilder: (_request, context) => rateLimited(context.after),
  });
}

/** The phone number or e-mail address a sign-in call is about, lower case and without spaces; undefined for the others. */
function identifierOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { identifierValue } = body as { identifierValue?: unknown };
  return typeof identifierValue === 'string' ? identifierValue.replace(/[\s-]/g, '').toLowerCase() : undefined;
}

/**
 * The sign-in routes' own limits, checked once the body is read: per client address, and per phone
 * number or e-mail address, each per route. They come on top of the spec's locks (too many codes,
 * wrong PINs), which count what a person may try; these bound what a machine may send.
 */
export function signInRateLimit(app: FastifyInstance, { perAddress, perIdentifier }: { perAddress: number; perIdentifier: number }): preHandlerAsyncHookHandler {
  const route = (request: FastifyRequest) => request.routeOptions.url ?? request.url;
  const byAddress = app.createRateLimit({ max: perAddress, timeWindow: timeWindowMs, keyGenerator: (request) => `sign-in:${route(request)}:address:${request.ip}` });
  const byIdentifier = app.createRateLimit({
    max: perIdentifier,
    timeWindow: timeWindowMs,
    keyGenerator: (request) => `sign-in:${route(request)}:identifier:${identifierOf(request.body)}`,
  });
  const refuse = (reply: FastifyReply, ttlInSeconds: number) => {
    reply.header('retry-after', String(ttlInSeconds));
    return rateLimited(`${ttlInSeconds} seconds`);
  };
  return async (request, reply) => {
    const address = await byAddress(request);
    if (!address.isAllowed && address.isExceeded) throw refuse(reply, address.ttlInSeconds);
    if (identifierOf(request.body) === undefined) return;
    const identifier = await byIdentifier(request);
    if (!identifier.isAllowed && identifier.isExceeded) throw refuse(reply, identifier.ttlInSeconds);
  };
}
