import { blobStoreFor } from './modules/storage/storage.config.ts';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestHeaders } from '@kartu/contracts';
import type { Database } from './db/database.ts';
import type { Env, TrustProxy } from './env.ts';
import type { ServerContext } from './http/app-context.ts';
import { secretsFor } from './http/app-secrets.ts';
import { routePluginOf, type AreaRoutes } from './http/area.ts';
import { registerCompression } from './http/compression.ts';
import { createErrorHandling } from './http/error-handler.ts';
import { registerOpenApi } from './http/openapi.ts';
import { declareTransportAnswers } from './http/error-answers.ts';
import { refuseUnstorableText } from './http/request-text.ts';
import { registerRateLimit } from './http/rate-limit.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerSameOriginWrites } from './http/same-origin.ts';
import { registerSecurity } from './http/security.ts';
import { registerWebApp } from './http/web-app.ts';
import { integrationApi } from './integration/integration.plugin.ts';
import { areas } from './areas.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { registerSessions } from './modules/auth/session.plugin.ts';
import { selectOutboxDrivers } from './modules/outbox/outbox.drivers.ts';
import { vapidKeysFor, webPushSetupOf } from './modules/push/push.keys.ts';
import { paymentsContextFor } from './modules/payments/payments.context.ts';
import { billerFor } from './modules/bills/billers/biller-config.ts';
import { configuredProviders } from './modules/payments/providers/configured-providers.ts';

export interface CreateAppOptions {
  env: Env;
  database: Database;
  /** The time every service reads; tests pass a clock they can move. */
  clock?: Clock;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The context the process's job worker shares; made here when there is none. */
  context?: ServerContext;
}

// Secrets and codes must never reach the logs, whichever object carries them.
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...['pin', 'newPin', 'otp', 'token', 'code', 'accessToken'].flatMap((field) => [field, `body.${field}`, `req.body.${field}`]),
];

// A gift link's token is a bearer secret in its path (the page and the API alike): logs keep the path without it.
const giftLinkPath = /^((?:\/api\/v2)?\/gifts\/)[^/?#]+/;

/** Fastify's request serializer, with secrets in paths left out. */
function loggedRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(giftLinkPath, '$1[redacted]'),
    version: [request.headers['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

// A client-chosen request id is kept only when it is short and plain, so logs stay clean.
const requestIdPattern = /^[\w.-]{8,64}$/;

/** Request ids unique across processes and restarts: a random prefix per process, then a count. */
function requestIdSequence(): () => string {
  const prefix = randomBytes(6).toString('base64url');
  let count = 0;
  return () => `${prefix}-${(count += 1).toString(36)}`;
}
const nextRequestId = requestIdSequence();

/** A hop count trusts that many proxies nearest to the server, as Express and fastify document it. */
function toFastifyTrustProxy(trustProxy: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address, hop) => hop < trustProxy;
}

/** What the routes and the job worker of one process share. */
export function buildAppContext({ env, database, clock = systemClock }: Pick<CreateAppOptions, 'env' | 'database' | 'clock'>): ServerContext {
  // Outside production, without VAPID keys, a pair made up for this process: browsers subscribed before a restart stop receiving pushes.
  const vapid = vapidKeysFor(env);
  return {
    db: database,
    clock,
    // Outside production only (env.ts requires CODE_SECRET there): codes sent before a restart stop working.
    secrets: secretsFor(env.CODE_SECRET),
    blobs: blobStoreFor(env),
    drivers: selectOutboxDrivers(env, { db: database, clock, vapid }),
    webPush: webPushSetupOf(vapid, env),
    payments: paymentsContextFor({
      production: env.NODE_ENV === 'production',
      sandboxSecret: env.PAYMENTS_SANDBOX_SECRET ?? randomBytes(32).toString('base64url'),
      providers: configuredProviders(env),
      publicUrl: env.PUBLIC_URL,
      // Each module that sells something says what its payments do when they settle.
      effects: Object.assign({}, ...areas.map((area) => area.paymentEffects ?? {})),
    }),
    biller: billerFor({
      production: env.NODE_ENV === 'production',
      digiflazz: { username: env.DIGIFLAZZ_USERNAME, apiKey: env.DIGIFLAZZ_API_KEY, webhookSecret: env.DIGIFLAZZ_WEBHOOK_SECRET, baseUrl: env.DIGIFLAZZ_BASE_URL },
    }),
    rateLimits: {
      signIn: { perAddress: env.AUTH_RATE_LIMIT_PER_MINUTE, perIdentifier: env.AUTH_IDENTIFIER_RATE_LIMIT_PER_MINUTE },
      integration: env.INTEGRATION_RATE_LIMIT_PER_MINUTE,
    },
    lifecycle: { draining: false },
  };
}

/** Builds the HTTP app (API + web app) without listening: main.ts listens, tests inject. */
export async function createApp(options: CreateAppOptions): Promise<FastifyInstance> {
  const { env, database, clock = systemClock, logStream } = options;
  const context = options.context ?? buildAppContext({ env, database, clock });
  const errors = createErrorHandling();
  const app = Fastify({
    logger: { level: env.LOG_LEVEL, redact: redactedPaths, serializers: { req: loggedRequest }, ...(logStream && { stream: logStream }) },
    trustProxy: toFastifyTrustProxy(env.TRUST_PROXY),
    requestIdHeader: false,
    genReqId: (request) => {
      const claimed = request.headers[requestHeaders.requestId];
      return typeof claimed === 'string' && requestIdPattern.test(claimed) ? claimed : nextRequestId();
    },
    bodyLimit: 1024 * 1024,
    // Errors Fastify meets before routing (a malformed URL) get the one error body too.
    frameworkErrors: (error, request, reply) => void errors.handle(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(requestHeaders.requestId, request.id);
    done();
  });

  errors.register(app);
  declareTransportAnswers(app);
  refuseUnstorableText(app);
  const tokenizationOrigins = [...context.payments.providers.values()].flatMap((provider) => (provider.tokenizationUrl ? [new URL(provider.tokenizationUrl).origin] : []));
  registerSecurity(app, { production: env.NODE_ENV === 'production', connectOrigins: tokenizationOrigins });
  registerSameOriginWrites(app);
  await registerCompression(app);
  await registerRateLimit(app, { perAddress: env.RATE_LIMIT_PER_MINUTE, perSession: env.SESSION_RATE_LIMIT_PER_MINUTE, redisUrl: env.REDIS_URL });
  await registerOpenApi(app);
  const sites = registerRequestContext(app, { db: database, clock });

  await registerSessions(app, { db: database, clock, publicUrl: env.PUBLIC_URL });

  if (!env.CODE_SECRET) app.log.warn('CODE_SECRET is not set: one-time codes use a key made up for this process');
  if (!env.VAPID_PUBLIC_KEY) app.log.warn(context.webPush ? 'VAPID keys are not set: Web Push uses keys made up for this process' : 'VAPID keys are not set: Web Push is off');
  const development = env.NODE_ENV !== 'production';
  const { secrets, ...shared } = context;
  const pluginsOf = (routes: AreaRoutes[] | undefined) => (routes ?? []).map((entry) => routePluginOf(entry, secrets));
  const routePlugins = [
    ...areas.flatMap((area) => [...pluginsOf(area.routes), ...(development ? pluginsOf(area.developmentRoutes) : [])]),
    integrationApi({ areaRoutes: areas.flatMap((area) => pluginsOf(area.integrationRoutes)) }),
  ];
  for (const plugin of routePlugins) await app.register(plugin, shared);
  errors.answerPagesWith(await registerWebApp(app, { distDir: env.WEB_DIST_DIR, sites, developmentPages: env.NODE_ENV !== 'production' }));

  return app;
}
