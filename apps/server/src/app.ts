import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestHeaders } from '@kartu/contracts';
import type { Database } from './db/client.ts';
import type { Env, TrustProxy } from './env.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerSecurity } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { tenancyRoutes } from './modules/tenancy/tenancy.routes.ts';

export interface CreateAppOptions {
  env: Env;
  database: Database;
}

// A client-chosen request id is kept only when it is short and plain, so logs stay clean.
const requestIdPattern = /^[\w.-]{8,64}$/;

/** A hop count trusts that many proxies nearest to the server, as Express and fastify document it. */
function toFastifyTrustProxy(trustProxy: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

/** Builds the HTTP app (API + web app) without listening: main.ts listens, tests inject. */
export async function createApp({ env, database }: CreateAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: env.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: toFastifyTrustProxy(env.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: (request) => {
      const claimed = request.headers[requestHeaders.requestId];
      return typeof claimed === 'string' && requestIdPattern.test(claimed) ? claimed : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header(requestHeaders.requestId, request.id);
  });

  registerErrorHandling(app);
  await registerSecurity(app, { production: env.NODE_ENV === 'production' });
  await registerRateLimit(app, { perMinute: env.RATE_LIMIT_PER_MINUTE, redisUrl: env.REDIS_URL });
  await registerOpenApi(app);
  registerRequestContext(app, { db: database });

  await app.register(healthRoutes, { db: database });
  await app.register(tenancyRoutes, { db: database });
  await registerWebApp(app, { distDir: env.WEB_DIST_DIR });

  return app;
}
