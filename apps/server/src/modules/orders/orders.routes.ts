import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogCardParamsSchema,
  checkoutBodySchema,
  checkoutQuoteSchema,
  distributorListSchema,
  distributorParamsSchema,
  distributorSchema,
  idempotentWriteHeadersSchema,
  orderAnswerSchema,
  orderListQuerySchema,
  orderListSchema,
  orderParamsSchema,
} from '@kartu/contracts';
import { z } from 'zod';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { memberSiteOriginOf } from '../payments/payments.http.ts';
import { priceCheckout } from './checkout.service.ts';
import { getCardDistributor, getMemberOrder, listCardDistributors, listMemberOrders, placeOrder } from './orders.service.ts';

/** Checkout, the member's orders and the pickup points of a card (spec: app-core §2; decision 023). */
export const ordersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, payments }) => {
  app.post(
    '/api/v2/cards/:cardId/checkout/quote',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['orders'],
        summary: 'Prices a checkout: the lines, delivery options, fees, totals and how much the card’s points pay, all worked out by the server',
        params: catalogCardParamsSchema,
        body: checkoutBodySchema,
        response: { 200: checkoutQuoteSchema, ...errorAnswers([400, 401, 403, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { items, delivery, paymentMethod, promoCode, voucherId } = request.body;
      const checkout = { db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId, currency: siteOf(request).merchant.currency.code, now: clock.now() };
      return (await priceCheckout(checkout, { items, ...(delivery && { delivery }), ...(paymentMethod && { paymentMethod }), ...(promoCode && { promoCode }), ...(voucherId && { voucherId }) })).quote;
    },
  );

  app.post(
    '/api/v2/cards/:cardId/orders',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['orders'],
        summary: 'Places an order: stock and points are taken and the money payment opened in one transaction. Needs an Idempotency-Key header',
        params: catalogCardParamsSchema,
        headers: idempotentWriteHeadersSchema,
        body: checkoutBodySchema,
        response: { 201: orderAnswerSchema, ...errorAnswers([400, 401, 403, 404, 409, 422, 429, 500, 503] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { order, replayed } = await placeOrder({
        db,
        payments,
        merchantId: siteOf(request).merchant.id,
        userId: user.id,
        cardId: request.params.cardId,
        currency: siteOf(request).merchant.currency.code,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request),
        returnOrigin: memberSiteOriginOf(request, payments),
        now: clock.now(),
        log: request.log,
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ data: order });
    },
  );

  app.get(
    '/api/v2/cards/:cardId/orders',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['orders'],
        summary: "The card's orders, newest first, by cursor",
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
    '/api/v2/cards/:cardId/orders/:orderId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['orders'],
        summary: 'One order of the card: its lines, delivery, fees, payment and status history',
        params: orderParamsSchema,
        response: { 200: orderAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { cardId, orderId } = request.params;
      return { data: await getMemberOrder({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId, orderId }) };
    },
  );

  app.get(
    '/api/v2/cards/:cardId/distributors',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['orders'],
        summary: "Where the card's program takes pickups (the distribution channel)",
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
        summary: 'One pickup point of the card’s program',
        params: distributorParamsSchema,
        response: { 200: z.object({ data: distributorSchema }), ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { cardId, distributorId } = request.params;
      return { data: await getCardDistributor({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId, distributorId }) };
    },
  );
};
