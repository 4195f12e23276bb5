import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import { ApiKeyCache, authenticateApiKey, type ApiKeyHolder } from './api-keys.service.ts';
import type { AppContext } from '../http/app-context.ts';
import { integrationPurchasesRoutes } from './purchases.routes.ts';
import { integrationPaymentRoutes } from './payments.routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The merchant behind the API key of an /integration/v1 request. */
    apiKeyHolder: ApiKeyHolder | null;
  }
}

export const integrationPrefix = '/integration/v1';

function bearerOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : undefined;
}

type RoutePlugin = FastifyPluginAsync<AppContext>;

/**
 * The merchant-facing API (docs/integration.md): its own routes (bills' voids, payment proofs) and
 * those every area serves under it (`areaRoutes`, given by the app: cards, catalog, orders, gift
 * cards, vouchers, purchases). The merchant comes from the API key, never from the Host header, so
 * a POS can call any of the deployment's hosts.
 */
export const integrationApi = ({ areaRoutes }: { areaRoutes: RoutePlugin[] }): RoutePlugin => async (app, options) => {
  const { db, clock, rateLimits } = options;
  app.decorateRequest('apiKeyHolder', null);
  const apiKeys = new ApiKeyCache();
  app.addHook('onClose', async () => apiKeys.close());

  // The key is checked before the body is read, so an unauthenticated caller learns nothing from validation.
  app.addHook('onRequest', async (request) => {
    const key = bearerOf(request);
    if (!key) return;
    request.apiKeyHolder = await authenticateApiKey({ db, key, now: clock.now(), cache: apiKeys }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'API_KEY_INVALID') return null;
      throw error;
    });
  });
  // One budget per key: a merchant's many tills share one address less often than one key.
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: rateLimits.integration,
      timeWindow: '1 minute',
      keyGenerator: (request) => (request.apiKeyHolder ? `integration-key:${request.apiKeyHolder.keyId}` : `integration-address:${request.ip}`),
      // The app-wide limiter leaves everything outside /api alone: these routes are counted here.
      allowList: [],
    }),
  );
  app.addHook('onRequest', async (request) => {
    if (!request.apiKeyHolder) throw new AppError('API_KEY_INVALID');
  });
  // Answers are per merchant and per moment: no cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  for (const plugin of [integrationPurchasesRoutes, integrationPaymentRoutes, ...areaRoutes]) await app.register(plugin, { ...options, prefix: integrationPrefix });
  // Without this, the web app's catch-all would answer a mistyped integration path with a page.
  app.all(`${integrationPrefix}/*`, { config: { rateLimit: false }, schema: { hide: true } }, async (_request, reply) => reply.callNotFound());
};
