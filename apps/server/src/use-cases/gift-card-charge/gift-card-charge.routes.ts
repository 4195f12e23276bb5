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
        description:
          "Only a card in the signed-in member's wallet pays: any other card answers 404 CARD_NOT_FOUND, and one that is not a gift card 404 GIFT_CARD_NOT_FOUND. A charge the card cannot take (422 CARD_NOT_ACTIVE, or 422 INSUFFICIENT_BALANCE when it holds too little) is refused without counting a code; a wrong code answers 400 GIFT_CARD_OUTLET_CODE_INVALID with attemptsRemaining, and a locked card 429 GIFT_CARD_LOCKED with lockedUntil. A retry with the same Idempotency-Key and amount answers the first charge; the same key with another amount answers 422 IDEMPOTENCY_KEY_REUSED, and none at all 400 IDEMPOTENCY_KEY_REQUIRED.",
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
    description:
      "The outlet must be an active outlet of the API key's merchant (else 404 NOT_FOUND), and the code that of one of its gift cards in a member's wallet (else 404 GIFT_CARD_NOT_FOUND), matched whatever its case, spaces or dashes. amount is in minor currency units: more than the card can spend answers 422 INSUFFICIENT_BALANCE and a card that is not active 422 CARD_NOT_ACTIVE, with nothing taken. The charge is a spend in the card's ledger, shown on the member's gift card page; voidGiftCardCharge takes it back the same day.",
    scope: 'gift-cards.charge',
    body: integrationGiftCardChargeBodySchema,
    status: 201,
    answer: integrationGiftCardChargeAnswerSchema,
    run: ({ tx, merchantId, body, now }) => chargeAtTill({ tx, merchantId, code: body.code, amount: body.amount, outletId: body.outletId, reference: body.reference, now }),
  });
};
