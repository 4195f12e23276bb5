import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import { cardParamsSchema, idempotentWriteHeadersSchema, transferAnswerSchema, transferBodySchema, transferPreviewSchema, transferRecipientBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { signedIn } from '../auth/auth.http.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { previewTransfer, transferPoints } from './card-transfer.service.ts';

/** Transfer points to another member: who receives them, then the PIN-confirmed transfer. spec: app-core §2 transfer-point */
export const cardTransferRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'codeSecret' | 'outboxSealKey'>> = async (app, context) => {
  app.post(
    '/api/v2/cards/:id/transfer/preview',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'previewTransfer',
        summary: 'Finds the member who would receive a transfer, with their name and phone masked',
        params: cardParamsSchema,
        body: transferRecipientBodySchema,
        response: { 200: transferPreviewSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { phone, countryCode } = request.body;
      return previewTransfer({ db: context.db, merchant: siteOf(request).merchant, user, cardId: request.params.id, phone, countryCode, now: context.clock.now() });
    },
  );

  app.post(
    '/api/v2/cards/:id/transfer',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'transferPoints',
        summary: 'Transfers points to another member after the PIN; needs an Idempotency-Key header, and a retry answers the first result',
        headers: idempotentWriteHeadersSchema,
        params: cardParamsSchema,
        body: transferBodySchema,
        response: { 201: transferAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const answer = await transferPoints({
        context,
        merchant: siteOf(request).merchant,
        user,
        cardId: request.params.id,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer.body);
    },
  );
};
