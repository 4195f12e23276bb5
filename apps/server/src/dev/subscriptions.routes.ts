import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardSubscriptionSchema, subscriptionCardParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../http/app-context.ts';
import { errorAnswers } from '../http/error-answers.ts';
import { siteOf } from '../http/request-context.ts';
import { endSubscriptionPeriodNow } from '../modules/subscriptions/dev-subscriptions.service.ts';

/** Development only: a subscription's period run to its end, to try an expired subscription at once. */
export const devSubscriptionsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.post(
    '/api/dev/subscriptions/:cardId/end-period',
    {
      schema: {
        tags: ['development'],
        operationId: 'endSubscriptionPeriod',
        summary: "Moves a card's paid subscription period into the past, as if its end date had come (development only)",
        description:
          'Registered only when NODE_ENV is not production, and open to anyone who reaches the server, without a session, ' +
          'for any card of the merchant the Host header selects, whoever holds it. The period ends a second before now and any grace is dropped, ' +
          'so an active subscription reads expired and a cancelled one ended; a card without a paid period answers 409 SUBSCRIPTION_NOT_ACTIVE.',
        params: subscriptionCardParamsSchema,
        response: { 200: cardSubscriptionSchema, ...errorAnswers([400, 404, 409, 500] as const) },
      },
    },
    async (request) => endSubscriptionPeriodNow({ db, merchantId: siteOf(request).merchant.id, cardId: request.params.cardId, now: clock.now() }),
  );
};
