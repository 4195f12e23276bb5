import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogCardParamsSchema, distributorAnswerSchema, distributorListSchema, distributorParamsSchema, orderListQuerySchema, orderListSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';

import { errorAnswers } from '../../http/error-answers.ts';

import { siteOf } from '../../http/request-context.ts';

import { signedIn } from '../auth/auth.http.ts';

import { getCardDistributor, listCardDistributors, listMemberOrders } from './orders.service.ts';


/** The member's orders and the pickup points of a card (spec: app-core §2; decision 023). */
export const ordersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/v2/cards/:cardId/orders',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['orders'],
        operationId: 'listOrders',
        summary: "The card's orders, newest first, by cursor",
        description: "Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND. A page holds 1 to 50 orders (limit, 20 by default); pass nextCursor back as cursor (a malformed cursor answers 400 VALIDATION_FAILED). Each total is the server's figure: points and money after the discount, money with its fees.",
        params: catalogCardParamsSchema,
        querystring: orderListQuerySchema,
        response: { 200: orderListSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { cursor, limit } = request.query;
      return listMemberOrders({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId, ...(cursor && { cursor }), limit });
    },
  );

  app.get(
    '/api/v2/cards/:cardId/distributors',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['orders'],
        operationId: 'listPickupPoints',
        summary: "Where the card's program takes pickups (the distribution channel)",
        description: "Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND. Only the program's active pickup points are listed, in the merchant's order and then by name; an empty list means the checkout offers no pickup.",
        params: catalogCardParamsSchema,
        response: { 200: distributorListSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return listCardDistributors({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId });
    },
  );

  app.get(
    '/api/v2/cards/:cardId/distributors/:distributorId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['orders'],
        operationId: 'getPickupPoint',
        summary: 'One pickup point of the card’s program',
        description: "Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND. A pickup point that is not an active one of the card's program answers 404 DISTRIBUTOR_NOT_FOUND.",
        params: distributorParamsSchema,
        response: { 200: distributorAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { cardId, distributorId } = request.params;
      return { data: await getCardDistributor({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId, distributorId }) };
    },
  );
};
