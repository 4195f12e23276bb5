import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import {
  cancelSubscriptionBodySchema,
  idempotentWriteHeadersSchema,
  subscribeAnswerSchema,
  subscribeBodySchema,
  subscriptionAnswerSchema,
  subscriptionCardParamsSchema,
  subscriptionFeesAnswerSchema,
  subscriptionFeesBodySchema,
  subscriptionPageSchema,
  subscriptionSettingsBodySchema,
} from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { signedIn } from '../auth/auth.http.ts';
import { memberSiteOriginOf } from '../payments/payments.http.ts';
import { cancelSubscription, changeSubscriptionSettings, getSubscriptionPage, quoteSubscription, subscribe } from './subscriptions.service.ts';
import { featureLockNote, requireFeatureOpen } from '../../http/feature-guard.ts';

/** A subscription program's plans, and the member's subscription to it (spec: app-core §7; decision 018). */
export const subscriptionsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, payments }) => {
  app.get(
    '/api/v2/cards/:cardId/subscription',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['subscriptions'],
        operationId: 'getSubscription',
        summary: "A subscription program card's plans on sale and the member's subscription: status, billing dates, auto-renew, saved card",
        description:
          'Needs an active member session. subscription is null until the member first starts paying for one, and openPayment names a payment still waiting to be paid. ' +
          'A card that is not the member’s answers 404 CARD_NOT_FOUND, and a card of a program that is not a subscription program 409 SUBSCRIPTION_NOT_AVAILABLE.',
        params: subscriptionCardParamsSchema,
        response: { 200: subscriptionPageSchema, ...errorAnswers([400, 401, 404, 409, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return getSubscriptionPage({ db, merchant: siteOf(request).merchant, user, cardId: request.params.cardId, now: clock.now() });
    },
  );

  app.post(
    '/api/v2/fees/subscription',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['subscriptions'],
        operationId: 'quoteSubscription',
        summary: "A plan's price with its fee lines for a payment method, worked out by the server",
        description:
          'Needs an active member session. Fee rules limited to some payment methods apply only when paymentMethod names one of them; without it, only the rules for every method apply. ' +
          'A plan not on sale for the card’s program answers 404 SUBSCRIPTION_PLAN_NOT_FOUND. A card that is not the member’s answers 404 CARD_NOT_FOUND, and a card of a program that is not a subscription program 409 SUBSCRIPTION_NOT_AVAILABLE.',
        body: subscriptionFeesBodySchema,
        response: { 200: subscriptionFeesAnswerSchema, ...errorAnswers([400, 401, 404, 409, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { cardId, planId, paymentMethod } = request.body;
      return quoteSubscription({ db, merchant: siteOf(request).merchant, user, cardId, planId, ...(paymentMethod && { paymentMethod }) });
    },
  );

  app.post(
    '/api/v2/cards/subscriptions',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'subscription')],
      schema: {
        tags: ['subscriptions'],
        operationId: 'paySubscription',
        summary:
          'Starts paying for a first period (subscriptionNew) or a renewal (subscriptionRenewal); the subscription is active once the payment is paid. Needs an Idempotency-Key header',
        description:
          'Needs an active member session and an Idempotency-Key header (400 IDEMPOTENCY_KEY_REQUIRED), kept per member: a retry with the same key and body replays the first answer ' +
          '(with Idempotent-Replayed: true), another body under the same key answers 422 IDEMPOTENCY_KEY_REUSED, and a retry while the first still runs 409 CONFLICT. ' +
          'credit_card needs a card token whose expiry month has not passed (422 CARD_INVALID), a card goes with no other method (422 UNPROCESSABLE), autoRenew needs credit_card ' +
          '(422 SUBSCRIPTION_CARD_REQUIRED), and cash_on_delivery or a method the merchant does not take answers 422 PAYMENT_METHOD_UNAVAILABLE. ' +
          'An active subscription answers 409 SUBSCRIPTION_ALREADY_ACTIVE unless it is in the grace after a failed automatic renewal, as does subscriptionNew for a cancelled one; ' +
          'subscriptionRenewal for a card never subscribed answers 409 SUBSCRIPTION_NOT_RENEWABLE, and a provider that cannot be reached 503 PAYMENT_PROVIDER_UNAVAILABLE.' + featureLockNote('subscription'),
        headers: idempotentWriteHeadersSchema,
        body: subscribeBodySchema,
        response: { 201: subscribeAnswerSchema, ...errorAnswers([400, 401, 403, 404, 409, 422, 429, 500, 503] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { cardId, planId, transactionType, paymentMethod, autoRenew, card } = request.body;
      const answer = await subscribe({
        db,
        payments,
        merchant: siteOf(request).merchant,
        user,
        cardId,
        planId,
        transactionType,
        paymentMethod,
        autoRenew,
        ...(card && { card }),
        returnOrigin: memberSiteOriginOf(request, payments),
        idempotencyKey: idempotencyKeyOf(request),
        now: clock.now(),
        log: request.log,
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send(answer.body);
    },
  );

  app.post(
    '/api/v2/cards/subscriptions/cancel',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['subscriptions'],
        operationId: 'cancelSubscription',
        summary: 'Cancels the subscription: nothing more is charged, and the benefits last until the end of the paid period',
        description:
          'Needs an active member session. Only an active subscription can be cancelled (409 SUBSCRIPTION_NOT_ACTIVE otherwise, a cancelled one included); auto-renew is turned off. ' +
          'A card that is not the member’s answers 404 CARD_NOT_FOUND, and a card of a program that is not a subscription program 409 SUBSCRIPTION_NOT_AVAILABLE.',
        body: cancelSubscriptionBodySchema,
        response: { 200: subscriptionAnswerSchema, ...errorAnswers([400, 401, 404, 409, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await cancelSubscription({ db, merchant: siteOf(request).merchant, user, cardId: request.body.cardId, now: clock.now() }) };
    },
  );

  app.patch(
    '/api/v2/cards/:cardId/subscription',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['subscriptions'],
        operationId: 'updateSubscription',
        summary: 'Turns auto-renew on or off, or changes the card renewals are charged to (a token from the provider, never a card number)',
        description:
          'Needs an active member session and an active subscription (409 SUBSCRIPTION_NOT_ACTIVE otherwise). Auto-renew needs a saved card (422 SUBSCRIPTION_CARD_REQUIRED); ' +
          'card null forgets the saved card, which turns auto-renew off, and a card whose expiry month has passed answers 422 CARD_INVALID. ' +
          'A card that is not the member’s answers 404 CARD_NOT_FOUND, and a card of a program that is not a subscription program 409 SUBSCRIPTION_NOT_AVAILABLE.',
        params: subscriptionCardParamsSchema,
        body: subscriptionSettingsBodySchema,
        response: { 200: subscriptionAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { autoRenew, card } = request.body;
      const data = await changeSubscriptionSettings({
        db,
        merchant: siteOf(request).merchant,
        user,
        cardId: request.params.cardId,
        ...(autoRenew !== undefined && { autoRenew }),
        ...(card !== undefined && { card }),
        now: clock.now(),
      });
      return { data };
    },
  );
};
