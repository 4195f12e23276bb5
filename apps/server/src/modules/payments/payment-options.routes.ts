import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import { paymentCheckAnswerSchema, paymentCheckBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { signedIn } from '../auth/auth.http.ts';
import { checkPaymentOptions } from './payment-options.service.ts';

/** spec app-core §7 `POST api/v2/payments`: whether a card's members can pay, by what, and the key to tokenise a card with. */
export const paymentOptionsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, payments }) => {
  app.post(
    '/api/v2/payments',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['payments'],
        operationId: 'getPaymentOptions',
        summary: "Whether the card's merchant takes payments (isValid), by which methods (listPayment), and the provider's public key for tokenising a card",
        description:
          'Needs an active member session; the card must be one of the member’s (404 CARD_NOT_FOUND), and the methods are those of the merchant the Host header selects. ' +
          'A merchant without a working provider answers isValid false with no methods rather than an error; tokenizationUrl is null where the provider’s own page takes cards.',
        body: paymentCheckBodySchema,
        response: { 200: paymentCheckAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return checkPaymentOptions({ db, payments, merchant: siteOf(request).merchant, user, cardId: request.body.cardId });
    },
  );
};
