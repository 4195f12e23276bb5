import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogCardParamsSchema, checkoutBodySchema, checkoutQuoteSchema, idempotentWriteHeadersSchema, orderAnswerSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { memberSiteOriginOf } from '../../modules/payments/payments.http.ts';
import { placeOrder, priceMemberCheckout } from './place-order.ts';
import { featureLockNote, requireFeatureOpen } from '../../http/feature-guard.ts';

/** The checkout's quote and the order it places (spec: app-core §2; decision 023). */
export const placeOrderRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, payments }) => {
  app.post(
    '/api/v2/cards/:cardId/checkout/quote',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'catalog')],
      schema: {
        tags: ['orders'],
        operationId: 'quoteCheckout',
        summary: 'Prices a checkout: the lines, delivery options, fees, totals and how much the card’s points pay, all worked out by the server',
        description: "Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND, and a card whose program opens no shop 403 SHOP_NOT_AVAILABLE. The points pay first, and what they lack is paid in money at the program's value of a point where it sets one; cart problems, points lacking where the program prices no point, a promo code or voucher that does not apply, a missing delivery or payment method all show in the answer with isValid false rather than as errors. A chosen delivery that cannot go answers 422 DELIVERY_NOT_AVAILABLE or DELIVERY_TOO_HEAVY, an unknown address 404 ADDRESS_NOT_FOUND, an unknown pickup point 404 DISTRIBUTOR_NOT_FOUND, cash on delivery for a cart delivered in the app 422 PAYMENT_METHOD_UNAVAILABLE, and a promo code with a voucher 400 VALIDATION_FAILED. Nothing is held or spent." + featureLockNote('catalog'),
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
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'catalog')],
      schema: {
        tags: ['orders'],
        operationId: 'placeOrder',
        summary: 'Places an order: stock and points are taken and the money payment opened in one transaction. Needs an Idempotency-Key header',
        description: "Needs the member's session; the checkout is priced again as quoteCheckout does, under a lock on its products, and every figure is the server's. Without an Idempotency-Key it answers 400 IDEMPOTENCY_KEY_REQUIRED; a retry with the same key and body answers the same order or refusal (with the idempotent-replayed header), the same key with another body 422 IDEMPOTENCY_KEY_REUSED, and a retry while the first still runs 409 CONFLICT. Besides quoteCheckout's errors it refuses with 422 CART_NOT_VALID (a detail per problem), PROMO_NOT_APPLICABLE, VOUCHER_NOT_APPLICABLE, PAYMENT_SOURCE_NOT_SUFFICIENT or CARD_NOT_ACTIVE, 409 SUBSCRIPTION_NOT_ACTIVE, 400 VALIDATION_FAILED without a delivery or payment method the order needs, and 422 CARD_INVALID for the credit card method without a card. A provider that cannot take the charge answers 503 PAYMENT_PROVIDER_UNAVAILABLE, and an order waiting for that payment fails, giving back its points, voucher and stock; a retry with that key then answers the failed order." + featureLockNote('catalog'),
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
