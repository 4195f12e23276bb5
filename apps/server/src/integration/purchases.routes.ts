import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  purchaseParamsSchema,
  voidPurchaseAnswerSchema,
  voidPurchaseBodySchema,
} from '@kartu/contracts';

import { idempotentWriteRoute } from '../http/integration-write.ts';

import type { AppContext } from '../http/app-context.ts';

import { voidPurchase } from './purchases.service.ts';


/** Voids of purchases: a reversal of what the bill earned (docs/integration.md). */
export const integrationPurchasesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { clock } = options;
  idempotentWriteRoute(app, options, {
    url: '/purchases/:billNumber/void',
    operationId: 'voidPurchase',
    summary: 'Takes back what a purchase earned; refused when the points are already spent',
    description:
      "Only a bill of the API key's merchant: an unknown bill number answers 404 NOT_FOUND, and a bill voided before 409 CONFLICT. The earn is taken back in full or not at all: when the member has spent those points the void is refused with 422 INSUFFICIENT_BALANCE and nothing changes (adjustBalance can correct it instead). A bill that earned nothing is still marked void, with entryId null; a level-up reward the purchase granted stays with the card.",
    scope: 'purchases.void',
    params: purchaseParamsSchema,
    body: voidPurchaseBodySchema,
    status: 200,
    answer: voidPurchaseAnswerSchema,
    run: async ({ tx, merchantId, params, body }) =>
      voidPurchase({ db: tx, merchantId, billNumber: params.billNumber, reason: body.reason, now: clock.now() }),
  });
};
