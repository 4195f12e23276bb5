import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import { cardParamsSchema, idempotentWriteHeadersSchema, transferAnswerSchema, transferBodySchema, transferPreviewSchema, transferRecipientBodySchema } from '@kartu/contracts';
import { PIN_LOCK_AT_ATTEMPT, PIN_LOCK_MINUTES, RECIPIENT_LOOKUP_MISSES_PER_HOUR } from '@kartu/core';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { signedIn } from '../auth/auth.http.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { previewTransfer, transferPoints } from './card-transfer.service.ts';
import { featureLockNote, requireFeatureOpen } from '../../http/feature-guard.ts';

/** Transfer points to another member: who receives them, then the PIN-confirmed transfer. spec: app-core §2 transfer-point */
export const cardTransferRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'codeSecret' | 'outboxSealKey'>> = async (app, context) => {
  app.post(
    '/api/v2/cards/:id/transfer/preview',
    {
      preHandler: [app.requireSession(), requireFeatureOpen(context, 'transfer-point')],
      schema: {
        tags: ['cards'],
        operationId: 'previewTransfer',
        summary: 'Finds the member who would receive a transfer, with their name and phone masked',
        description: `Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND. The recipient is another member of the merchant with an active card of the same program: a phone without one answers 404 RECIPIENT_NOT_FOUND, and the member's own or an invalid phone 400 VALIDATION_FAILED on body.phone. After ${RECIPIENT_LOOKUP_MISSES_PER_HOUR} phones without a card within an hour, the next one locks recipient lookups, here and in transfers, for an hour: 429 RECIPIENT_LOOKUP_LOCKED with lockedUntil.` + featureLockNote('transfer-point'),
        params: cardParamsSchema,
        body: transferRecipientBodySchema,
        response: { 200: transferPreviewSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
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
      preHandler: [app.requireSession(), requireFeatureOpen(context, 'transfer-point')],
      schema: {
        tags: ['cards'],
        operationId: 'transferPoints',
        summary: 'Transfers points to another member after the PIN; needs an Idempotency-Key header, and a retry answers the first result',
        description: `Needs the member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND. Without an Idempotency-Key it answers 400 IDEMPOTENCY_KEY_REQUIRED; a retry with the same key and body answers the first answer (a refusal included, with the idempotent-replayed header) and moves nothing, the same key with another body answers 422 IDEMPOTENCY_KEY_REUSED, and a retry while the first still runs 409 CONFLICT. The PIN is checked on every try, retries included: a wrong one answers 400 PIN_INVALID with attemptsRemaining, and ${PIN_LOCK_AT_ATTEMPT} wrong ones lock it for ${PIN_LOCK_MINUTES} minutes (429 PIN_LOCKED). The recipient is found as in previewTransfer (same errors and lookup lock); more than the balance answers 422 INSUFFICIENT_BALANCE, a card not active 422 CARD_NOT_ACTIVE, a gift card 422 UNPROCESSABLE and an ended membership 409 SUBSCRIPTION_NOT_ACTIVE.` + featureLockNote('transfer-point'),
        headers: idempotentWriteHeadersSchema,
        params: cardParamsSchema,
        body: transferBodySchema,
        response: { 201: transferAnswerSchema, ...errorAnswers([400, 401, 403, 404, 409, 422, 429, 500] as const) },
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
