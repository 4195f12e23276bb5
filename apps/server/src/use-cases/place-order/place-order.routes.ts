import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogCardParamsSchema, checkoutBodySchema, checkoutQuoteSchema, idempotentWriteHeadersSchema, orderAnswerSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { memberSiteOriginOf } from '../../modules/payments/payments.http.ts';
import { placeOrder, priceMemberCheckout } from './place-order.ts';

/** The checkout's quote and the order it places (spec: app-core §2; decision 023). */
export const placeOrderRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, payments }) => {
  app.post(
    '/api/v2/cards/:cardId/checkout/quote',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['orders'],
        operationId: 'quoteCheckout',
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
      return (await priceMemberCheckout(checkout, { items, ...(delivery && { delivery }), ...(paymentMethod && { paymentMethod }), ...(promoCode && { promoCode }), ...(voucherId && { voucherId }) })).quote;
    },
  );

  app.post(
    '/api/v2/cards/:cardId/orders',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['orders'],
        operationId: 'placeOrder',
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
};
