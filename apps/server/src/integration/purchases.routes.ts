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
    scope: 'purchases.void',
    params: purchaseParamsSchema,
    body: voidPurchaseBodySchema,
    status: 200,
    answer: voidPurchaseAnswerSchema,
    run: async ({ tx, merchantId, params, body }) =>
      voidPurchase({ db: tx, merchantId, billNumber: params.billNumber, reason: body.reason, now: clock.now() }),
  });
};
