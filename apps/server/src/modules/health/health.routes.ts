import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, healthSchema } from '@kartu/contracts';
import { AppError } from '../../lib/app-error.ts';
import { pingDatabase } from './health.repository.ts';
import type { AppContext } from '../../http/app-context.ts';

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, lifecycle }) => {
  app.get(
    '/api/health',
    {
      // Load balancers probe often; their checks must never be rate limited.
      config: { rateLimit: false },
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Ready when the database answers and the instance is not shutting down',
        description:
          'Public and tied to no merchant: the Host header is not read, and it is never rate limited. ' +
          'It answers 503 SERVICE_UNAVAILABLE while the instance drains before shutting down, or when the database does not answer.',
        response: { 200: healthSchema, 503: errorBodySchema },
      },
    },
    async (request) => {
      // A draining instance still finishes what it has, but a load balancer should send it nothing new.
      if (lifecycle.draining) throw new AppError('SERVICE_UNAVAILABLE', { message: 'Shutting down' });
      try {
        await pingDatabase(db);
      } catch (error) {
        request.log.error({ err: error }, 'database is not answering');
        throw new AppError('SERVICE_UNAVAILABLE', { cause: error });
      }
      return { status: 'ok' as const };
    },
  );
};
