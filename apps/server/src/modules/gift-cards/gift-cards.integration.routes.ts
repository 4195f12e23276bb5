import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { integrationGiftCardChargeAnswerSchema, integrationRedemptionVoidBodySchema } from '@kartu/contracts';
import { z } from 'zod';
import type { AppContext } from '../../http/app-context.ts';
import { voidCharge } from './gift-cards.service.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';

const chargeParamsSchema = z.object({ chargeId: z.string().min(1).max(64) });

/** The till's side of gift cards: void a charge the same day (docs/integration.md). */
export const integrationGiftCardsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  idempotentWriteRoute(app, options, {
    url: '/gift-cards/charges/:chargeId/void',
    operationId: 'voidGiftCardCharge',
    summary: 'Voids a charge made today (in the merchant time zone): the amount goes back onto the card',
    description:
      "Only a charge of the API key's merchant, made at a till or at the counter: another merchant's charge, or an id that is not one, answers 404 NOT_FOUND. A charge voided before, or made on an earlier day, answers 409 GIFT_CARD_CHARGE_NOT_VOIDABLE. The optional reason is kept on the reversal, and the answer's balance is the card's after it.",
    scope: 'gift-cards.void',
    params: chargeParamsSchema,
    body: integrationRedemptionVoidBodySchema,
    status: 200,
    answer: integrationGiftCardChargeAnswerSchema,
    run: ({ tx, merchantId, params, body, now }) => voidCharge({ tx, merchantId, chargeId: params.chargeId, reason: body?.reason, now }),
  });
};
