import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { integrationOrderAnswerSchema, integrationOrderParamsSchema, integrationOrderStatusBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import { moveMerchantOrder } from './move-order.ts';

/** Each step of fulfilling an order, as the merchant's systems report it (docs/integration.md). */
export const moveOrderRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { payments } = options;
  idempotentWriteRoute(app, options, {
    url: '/programs/:programId/orders/:orderId/status',
    operationId: 'moveOrder',
    summary: 'Moves an order on: on_process, order_ready, on_courier (with courier and tracking number), completed, cancelled or returned',
    scope: 'orders.status',
    params: integrationOrderParamsSchema,
    body: integrationOrderStatusBodySchema,
    status: 200,
    answer: integrationOrderAnswerSchema,
    run: async ({ tx, merchantId, params, body, now }) => moveMerchantOrder({ tx, merchantId, programId: params.programId, orderId: params.orderId, body, payments, now }),
  });
};
