import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  integrationOrderAnswerSchema,
  integrationOrderListQuerySchema,
  integrationOrderListSchema,
  integrationOrderParamsSchema,
  integrationOrderStatusBodySchema,
  integrationProgramParamsSchema,
} from '@kartu/contracts';
import { errorAnswers } from '../../http/error-answers.ts';
import type { AppContext } from '../../http/app-context.ts';
import { getMerchantOrder, listMerchantOrders, moveMerchantOrder } from './merchant-orders.service.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';

/** The merchant's orders: what to fulfil, and each step of it (docs/integration.md). */
export const integrationOrdersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { db, payments } = options;

  app.get(
    '/programs/:programId/orders',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        summary: "The program's orders, newest first; `status=new` lists the paid orders waiting to be fulfilled",
        security: integrationSecurity,
        params: integrationProgramParamsSchema,
        querystring: integrationOrderListQuerySchema,
        response: { 200: integrationOrderListSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      return listMerchantOrders({ db, merchantId: holderOf(request).merchantId, programId: request.params.programId, ...(status && { status }), ...(cursor && { cursor }), limit });
    },
  );

  app.get(
    '/programs/:programId/orders/:orderId',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        summary: 'One order of the program, with its member, lines, destination and status history',
        security: integrationSecurity,
        params: integrationOrderParamsSchema,
        response: { 200: integrationOrderAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await getMerchantOrder({ db, merchantId: holderOf(request).merchantId, ...request.params }) }),
  );

  idempotentWriteRoute(app, options, {
    url: '/programs/:programId/orders/:orderId/status',
    summary: 'Moves an order on: on_process, order_ready, on_courier (with courier and tracking number), completed, cancelled or returned',
    scope: 'orders.status',
    params: integrationOrderParamsSchema,
    body: integrationOrderStatusBodySchema,
    status: 200,
    answer: integrationOrderAnswerSchema,
    run: async ({ tx, merchantId, params, body, now }) => moveMerchantOrder({ tx, merchantId, programId: params.programId, orderId: params.orderId, body, payments, now }),
  });
};
