import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { giftCardChargeAnswerSchema, giftCardChargeBodySchema, giftCardParamsSchema, idempotentWriteHeadersSchema, integrationGiftCardChargeAnswerSchema, integrationGiftCardChargeBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { chargeAtCounter, chargeAtTill } from './gift-card-charge.ts';

/** A gift card paid with at the counter, on the member's phone (docs/decisions/027-gift-cards.md). */
export const giftCardCounterChargeRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'outletCodeKey'>> = async (app, { db, clock, outletCodeKey }) => {
  app.post(
    '/api/v2/gift-cards/:cardId/charges',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['gift cards'],
        operationId: 'payWithGiftCard',
        summary: "Pays an amount with the gift card at the counter: staff type it with the outlet's code (and theirs where the outlet asks); three wrong codes lock the card's payments for 24 hours; needs an Idempotency-Key header",
        headers: idempotentWriteHeadersSchema,
        params: giftCardParamsSchema,
        body: giftCardChargeBodySchema,
        response: { 201: giftCardChargeAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const data = await chargeAtCounter({
        db,
        merchantId: siteOf(request).merchant.id,
        userId: user.id,
        cardId: request.params.cardId,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request),
        codeKey: outletCodeKey,
        now: clock.now(),
      });
      return reply.status(201).send({ data });
    },
  );
};

/** The till's side: a scanned gift card charged by amount at an outlet (docs/integration.md). */
export const giftCardTillChargeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  idempotentWriteRoute(app, options, {
    url: '/gift-cards/charges',
    operationId: 'chargeGiftCard',
    summary: "Charges an amount to the gift card of a scanned code at one of the merchant's outlets; refused when the card holds too little",
    scope: 'gift-cards.charge',
    body: integrationGiftCardChargeBodySchema,
    status: 201,
    answer: integrationGiftCardChargeAnswerSchema,
    run: ({ tx, merchantId, body, now }) => chargeAtTill({ tx, merchantId, code: body.code, amount: body.amount, outletId: body.outletId, reference: body.reference, now }),
  });
};
