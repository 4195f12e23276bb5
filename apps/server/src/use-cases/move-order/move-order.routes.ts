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
    description:
      "Only an order of the API key's merchant in this program: any other, or an id that is not one, answers 404 ORDER_NOT_FOUND. The allowed moves are new to on_process, order_ready, on_courier or cancelled; on_process to order_ready, on_courier or cancelled; order_ready to on_courier, completed or cancelled; on_courier to completed or returned; completed to returned. Any other move, or any move of an order still waiting for its payment, answers 409 ORDER_STATUS_INVALID. Cancelling or returning gives the member back the order's points and checkout voucher and suspends its e-vouchers not used yet (those still waiting for a code too), cancelling also puts the stock back, and cash on delivery is settled as paid on completion or cancelled on a cancel or return; money paid otherwise is yours to refund at your provider.",
    scope: 'orders.status',
    params: integrationOrderParamsSchema,
    body: integrationOrderStatusBodySchema,
    status: 200,
    answer: integrationOrderAnswerSchema,
    run: async ({ tx, merchantId, params, body, now }) => moveMerchantOrder({ tx, merchantId, programId: params.programId, orderId: params.orderId, body, payments, now }),
  });
};
