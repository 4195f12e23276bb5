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
      preHandler: app.requireSession(),
      schema: {
        tags: ['subscriptions'],
        operationId: 'paySubscription',
        summary:
          'Starts paying for a first period (subscriptionNew) or a renewal (subscriptionRenewal); the subscription is active once the payment is paid. Needs an Idempotency-Key header',
        headers: idempotentWriteHeadersSchema,
        body: subscribeBodySchema,
        response: { 201: subscribeAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500, 503] as const) },
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
