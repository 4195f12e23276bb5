import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { integrationOrderAnswerSchema, integrationOrderListQuerySchema, integrationOrderListSchema, integrationOrderParamsSchema, integrationProgramParamsSchema, orderAnswerSchema, orderParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { getMemberOrderView, getMerchantOrder, listMerchantOrders } from './order-view.ts';

/** One order of the member's card (spec app-core §2; decision 023). */
export const memberOrderViewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/v2/cards/:cardId/orders/:orderId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['orders'],
        operationId: 'getOrder',
        summary: 'One order of the card: its lines, delivery, fees, payment and status history',
        description: "Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND, and an order that is not this member's order on this card 404 ORDER_NOT_FOUND. Every figure is the one the server kept when the order was placed, with the e-vouchers the order issued.",
        params: orderParamsSchema,
        response: { 200: orderAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { cardId, orderId } = request.params;
      return { data: await getMemberOrderView({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId, orderId }) };
    },
  );
};

/** The merchant's orders: what to fulfil (docs/integration.md). */
export const merchantOrderViewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/programs/:programId/orders',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listMerchantOrders',
        summary: "The program's orders, newest first; `status=new` lists the paid orders waiting to be fulfilled",
        description: "Needs the merchant's API key as a bearer token (else 401 API_KEY_INVALID): the key, not the Host header, decides the merchant, and a program of another merchant answers 404 NOT_FOUND. A page holds 1 to 100 orders (limit, 50 by default); pass nextCursor back as cursor (a malformed cursor answers 400 VALIDATION_FAILED). Each order carries its member's id and card number and its payment's status, not the member's payment details.",
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
        operationId: 'getMerchantOrder',
        summary: 'One order of the program, with its member, lines, destination and status history',
        description: "Needs the merchant's API key as a bearer token (else 401 API_KEY_INVALID): the key, not the Host header, decides the merchant. An order that is not of this merchant and program answers 404 ORDER_NOT_FOUND. The member shows as their id and card number, and the payment only as its status.",
        security: integrationSecurity,
        params: integrationOrderParamsSchema,
        response: { 200: integrationOrderAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await getMerchantOrder({ db, merchantId: holderOf(request).merchantId, ...request.params }) }),
  );
};
