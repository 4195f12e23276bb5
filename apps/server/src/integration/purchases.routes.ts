import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentAnswerSchema,
  adjustmentBodySchema,
  purchaseParamsSchema,
  voidPurchaseAnswerSchema,
  voidPurchaseBodySchema,
} from '@kartu/contracts';
import { toJsonNumber } from '../lib/json-number.ts';
import { adjustCard } from './adjustments.service.ts';
import { idempotentWriteRoute } from './idempotent-route.ts';
import type { AppContext } from '../http/app-context.ts';
import { voidPurchase } from './purchases.service.ts';

/** Voids of purchases and balance corrections: every one a ledger entry (docs/integration.md). */
export const integrationPurchasesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { clock } = options;
  idempotentWriteRoute(app, options, {
    url: '/purchases/:billNumber/void',
    summary: 'Takes back what a purchase earned; refused when the points are already spent',
    scope: 'purchases.void',
    params: purchaseParamsSchema,
    body: voidPurchaseBodySchema,
    status: 200,
    answer: voidPurchaseAnswerSchema,
    run: async ({ tx, merchantId, params, body }) =>
      voidPurchase({ db: tx, merchantId, billNumber: params.billNumber, reason: body.reason, now: clock.now() }),
  });

  idempotentWriteRoute(app, options, {
    url: '/adjustments',
    summary: "Corrects a card's balance up or down, with a reason",
    scope: 'adjustments',
    body: adjustmentBodySchema,
    status: 201,
    answer: adjustmentAnswerSchema,
    run: async ({ tx, merchantId, body: { cardNumber, amount, reason } }) => {
      const adjusted = await adjustCard({ db: tx, merchantId, cardNumber, amount: BigInt(amount), reason, now: clock.now() });
      return { entryId: adjusted.entryId, balance: toJsonNumber(adjusted.balance) };
    },
  });
};
