import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../http/app-context.ts';
import { errorAnswers } from '../http/error-answers.ts';
import { siteOf } from '../http/request-context.ts';
import { createApiKey } from '../integration/api-keys.service.ts';

/**
 * Development only: an integration API key of the Host's merchant, for trying the merchant's side
 * (the till's purchases, moving orders) while the embedded database is held by the running server,
 * where the operator CLI cannot open it.
 */
export const devApiKeysRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.post(
    '/api/dev/api-keys',
    {
      schema: {
        tags: ['development'],
        operationId: 'createApiKey',
        summary: "Makes an integration API key of the Host's merchant and answers it once (development only)",
        description:
          'Registered only when NODE_ENV is not production, and open to anyone who reaches the server, without a session. ' +
          'The key, named Development, belongs to the merchant the Host header selects (404 SITE_NOT_FOUND for a Host that names no site); ' +
          'only its hash is kept, so this answer is the one chance to read it.',
        response: { 201: z.object({ key: z.string(), id: z.string() }), ...errorAnswers([404, 500] as const) },
      },
    },
    async (request, reply) => {
      const { key, id } = await createApiKey({ db, merchantId: siteOf(request).merchant.id, name: 'Development' });
      return reply.status(201).send({ key, id });
    },
  );
};
