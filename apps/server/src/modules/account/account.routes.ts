import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import { accountDeletionAnswerSchema, accountDeletionBodySchema } from '@kartu/contracts';
import { languageOf, signedIn } from '../auth/auth.http.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { requestAccountDeletion } from './account.service.ts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';

export const accountRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'codeSecret' | 'outboxSealKey'>> = async (app, context) => {
  app.post(
    '/api/v2/account/deletion',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['account'],
        operationId: 'requestAccountDeletion',
        summary: 'Requests deletion of the signed-in account on its PIN, and signs it out everywhere',
        body: accountDeletionBodySchema,
        response: { 202: accountDeletionAnswerSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { session, user } = signedIn(request);
      const { requestedAt } = await requestAccountDeletion({ context, merchant: siteOf(request).merchant, member: user, session, pin: request.body.pin, language: languageOf(request) });
      app.clearSessionCookie(request, reply);
      return reply.status(202).send({ requestedAt: requestedAt.toISOString() });
    },
  );
};
