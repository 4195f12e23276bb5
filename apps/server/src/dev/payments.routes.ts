import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sandboxPaymentAnswerSchema, sandboxPaymentListSchema, sandboxPaymentParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../http/app-context.ts';
import { errorAnswers } from '../http/error-answers.ts';
import { siteOf } from '../http/request-context.ts';
import { listSandboxPayments, simulateSandboxPayment } from '../modules/payments/sandbox-payments.service.ts';

/**
 * The sandbox payment provider's side (docs/decisions/017-payments.md): the request's merchant's
 * payments, and what a member would do at the provider. Registered only outside production.
 */
export const devPaymentsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, payments }) => {
  app.get(
    '/api/dev/payments',
    {
      schema: {
        tags: ['development'],
        operationId: 'listLatestPayments',
        summary: "The site's merchant's latest payments, newest first (development only)",
        description:
          'Registered only when NODE_ENV is not production, and open to anyone who reaches the server, without a session. ' +
          'The 50 latest payments of the merchant the Host header selects, whatever their provider, each with the userId of the member who pays.',
        response: { 200: sandboxPaymentListSchema, ...errorAnswers([400, 404, 500] as const) },
      },
    },
    async (request) => listSandboxPayments({ db, merchantId: siteOf(request).merchant.id }),
  );

  app.post(
    '/api/dev/payments/:id/:action',
    {
      schema: {
        tags: ['development'],
        operationId: 'simulatePayment',
        summary: 'Pays, fails or expires a sandbox payment by delivering the sandbox provider\'s signed message to the webhook (development only)',
        description:
          'Registered only when NODE_ENV is not production, and open to anyone who reaches the server, without a session. ' +
          'The payment must be a sandbox payment of the merchant the Host header selects (404 PAYMENT_NOT_FOUND otherwise), and a server without the sandbox provider ' +
          'answers 503 PAYMENT_PROVIDER_UNAVAILABLE. outcome is what the webhook made of the message (applied, ignored, refused or duplicate), and payment the payment after it.',
        params: sandboxPaymentParamsSchema,
        response: { 200: sandboxPaymentAnswerSchema, ...errorAnswers([400, 401, 404, 500, 503] as const) },
      },
    },
    async (request) => {
      const { id, action } = request.params;
      return simulateSandboxPayment({ db, payments, merchantId: siteOf(request).merchant.id, paymentId: id, action, now: clock.now(), log: request.log });
    },
  );
};
