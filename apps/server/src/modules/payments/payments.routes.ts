import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentAnswerSchema, paymentPageAnswerSchema, paymentParamsSchema, paymentWebhookAnswerSchema, paymentWebhookParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { receivePaymentWebhook } from './payment-events.service.ts';
import { getMemberPayment, getMemberPaymentPath } from './payments.service.ts';

/** A member follows a payment; providers report on payments through their webhooks. */
export const paymentsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, payments }) => {
  app.get(
    '/api/v2/payments/:id',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['payments'],
        operationId: 'getPayment',
        summary: "One of the member's payments: its status, amount, method, what to pay with and until when (poll until the status is final)",
        description:
          "The member's session, on the Host's merchant: a payment of another member or merchant answers 404 PAYMENT_NOT_FOUND. `instructions` (what to pay with) stay null until the provider has made the charge; `paid`, `failed`, `expired` and `cancelled` are final.",
        params: paymentParamsSchema,
        response: { 200: paymentAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return getMemberPayment({ db, merchantId: siteOf(request).merchant.id, userId: user.id, paymentId: request.params.id });
    },
  );

  app.get(
    '/api/v2/payments/:id/page',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['payments'],
        operationId: 'openPaymentPage',
        summary: "The app page where the member follows one of their payments (where a provider's page sends them back)",
        description: "The member's session; a payment of another member or merchant answers 404 PAYMENT_NOT_FOUND. The path is the app's own page for what the payment pays for (an order, a membership), to open after the provider's page.",
        params: paymentParamsSchema,
        response: { 200: paymentPageAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return getMemberPaymentPath({ db, payments, merchantId: siteOf(request).merchant.id, userId: user.id, paymentId: request.params.id });
    },
  );

  // A signature covers the bytes sent, so this plugin's JSON bodies are kept as received.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/payments/:provider',
    {
      schema: {
        tags: ['payments'],
        operationId: 'notifyPayment',
        summary: "A payment provider's message about a payment, signed by the provider; a message delivered again changes nothing",
        description:
          "Called by the payment provider, not by members or merchants. Nothing is read or written before the provider's signature is checked (401 PAYMENT_SIGNATURE_INVALID); a provider not configured here answers 404. Where the provider's status call is the source of truth, the server asks it before applying the message (503 PAYMENT_PROVIDER_UNAVAILABLE when it cannot be reached, so the provider retries). A message about no payment of ours, or one still waiting, is answered `ignored`.",
        params: paymentWebhookParamsSchema,
        // Read as text, since the signature covers the bytes; in the document, the JSON object it is.
        body: z.string().meta({ type: 'object', additionalProperties: true, description: "The provider's JSON notification, exactly as it signed it" }),
        response: { 200: paymentWebhookAnswerSchema, ...errorAnswers([400, 401, 404, 500, 503] as const) },
      },
    },
    async (request) =>
      receivePaymentWebhook({ db, payments, provider: request.params.provider, rawBody: request.body, headers: request.headers, now: clock.now(), log: request.log }),
  );
};
