import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import { accountDeletionAnswerSchema, accountDeletionBodySchema } from '@kartu/contracts';
import { languageOf, signedIn } from '../auth/auth.http.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { requestAccountDeletion } from './account.service.ts';
import { PIN_LOCK_AT_ATTEMPT, PIN_LOCK_MINUTES } from '@kartu/core';
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
        description:
          'Needs an active member session; a session opened by single sign-on answers 403 FORBIDDEN. ' +
          `A wrong PIN answers 400 PIN_INVALID with attemptsRemaining, and ${PIN_LOCK_AT_ATTEMPT} wrong in a row lock the PIN for ${PIN_LOCK_MINUTES} minutes (429 PIN_LOCKED). ` +
          'The session cookie is cleared, the member is sent a confirmation message, and from then on no sign-in opens the account (403 FORBIDDEN).',
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
