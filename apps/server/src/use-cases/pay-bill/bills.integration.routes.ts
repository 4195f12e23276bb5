import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { integrationBillListQuerySchema, integrationBillListSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';
import { merchantBillPayments } from './pay-bill.ts';

/** The bills and prepaid products members paid from the merchant's cards (docs/integration.md Bills). */
export const integrationBillRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/bills',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listMerchantBills',
        summary: "Members' bill payments and prepaid purchases, newest first (the latest 200), by status if given",
        description: 'Each with the card it was paid from, what the card spent (given back when it failed), the biller and its response code, and the token or serial number of a success.',
        security: integrationSecurity,
        querystring: integrationBillListQuerySchema,
        response: { 200: integrationBillListSchema, ...errorAnswers([400, 401, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await merchantBillPayments({ db, merchantId: holderOf(request).merchantId, status: request.query.status }) }),
  );
};
