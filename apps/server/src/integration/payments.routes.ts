import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { integrationPaymentAnswerSchema, integrationPaymentListSchema, paymentParamsSchema, paymentProofReviewBodySchema } from '@kartu/contracts';
import { errorAnswers } from '../http/error-answers.ts';
import type { AppContext } from '../http/app-context.ts';
import { getMerchantPayment, getPaymentProofFile, listPaymentsAwaitingReview, reviewPaymentProof } from '../modules/payments/payment-proofs.service.ts';
import { idempotentWriteRoute } from '../http/integration-write.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from '../http/integration-request.ts';

/** The merchant reviews its members' manual transfers: the payment, its proof, and the decision (docs/integration.md). */
export const integrationPaymentRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { db, clock, payments } = options;

  app.get(
    '/payments/awaiting-review',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listPaymentsAwaitingReview',
        summary: "The merchant's open manual transfers whose proof waits for its review, oldest proof first (at most 100)",
        security: integrationSecurity,
        response: { 200: integrationPaymentListSchema, ...errorAnswers([401, 429, 500] as const) },
      },
    },
    async (request) => listPaymentsAwaitingReview({ db, merchantId: holderOf(request).merchantId }),
  );

  app.get(
    '/payments/:id',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'getMerchantPayment',
        summary: "One of the merchant's payments: status, amount, method and the latest proof of a manual transfer",
        security: integrationSecurity,
        params: paymentParamsSchema,
        response: { 200: integrationPaymentAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => getMerchantPayment({ db, merchantId: holderOf(request).merchantId, paymentId: request.params.id }),
  );

  app.get(
    '/payments/:id/proof',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'getPaymentProof',
        summary: "The image of the payment's latest proof of transfer (WebP)",
        security: integrationSecurity,
        params: paymentParamsSchema,
        response: { 200: z.instanceof(Buffer).describe('The image'), ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const proof = await getPaymentProofFile({ db, merchantId: holderOf(request).merchantId, paymentId: request.params.id });
      return reply.type(proof.contentType).header('content-disposition', 'inline').send(proof.bytes);
    },
  );

  idempotentWriteRoute(app, options, {
    url: '/payments/:id/proof/review',
    operationId: 'reviewPaymentProof',
    summary: "Accepts the latest proof of a manual transfer (the payment is paid) or rejects it with a note (the member may upload another)",
    scope: 'payments.proof-review',
    params: paymentParamsSchema,
    body: paymentProofReviewBodySchema,
    status: 200,
    answer: integrationPaymentAnswerSchema,
    run: async ({ tx, merchantId, params, body }) =>
      reviewPaymentProof({ tx, payments, merchantId, paymentId: params.id, decision: body.decision, ...(body.note !== undefined && { note: body.note }), now: clock.now(), log: app.log }),
  });
};
