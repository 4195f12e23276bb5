import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { integrationPaymentAnswerSchema, integrationPaymentListSchema, paymentParamsSchema, paymentProofReviewBodySchema } from '@kartu/contracts';
import { binaryAnswer } from '../http/binary-schemas.ts';
import { errorAnswers } from '../http/error-answers.ts';
import { variantContentType } from '../modules/media/image-sizes.ts';
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
        description:
          'Only the payments of the API key\'s merchant. Poll it, or follow the payment webhooks, to learn of new proofs; fetch each image with getPaymentProof and decide with reviewPaymentProof. A payment leaves this list once its proof is reviewed or the payment closes.',
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
        description: 'A payment of another merchant, or an id that is not one, answers 404 PAYMENT_NOT_FOUND. Amounts are in the currency\'s smallest unit.',
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
        description:
          'The member\'s upload as the server re-encoded it: WebP, its metadata stripped. A payment of another merchant, or one with no proof, answers 404 (PAYMENT_NOT_FOUND, PAYMENT_PROOF_NOT_FOUND).',
        security: integrationSecurity,
        params: paymentParamsSchema,
        response: { 200: binaryAnswer(variantContentType, 'The image of the proof'), ...errorAnswers([400, 401, 404, 429, 500] as const) },
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
    description:
      'Accepting settles the payment as the provider\'s confirmation would: the order or membership it pays for goes ahead. Only a proof still waiting for review, of a manual transfer still waiting for payment, can be reviewed; anything else answers 409 CONFLICT, and a payment with no proof 404 PAYMENT_PROOF_NOT_FOUND.',
    scope: 'payments.proof-review',
    params: paymentParamsSchema,
    body: paymentProofReviewBodySchema,
    status: 200,
    answer: integrationPaymentAnswerSchema,
    run: async ({ tx, merchantId, params, body }) =>
      reviewPaymentProof({ tx, payments, merchantId, paymentId: params.id, decision: body.decision, ...(body.note !== undefined && { note: body.note }), now: clock.now(), log: app.log }),
  });
};
