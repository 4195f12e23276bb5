import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentAnswerSchema,
  adjustmentBodySchema,
  integrationWriteHeadersSchema,
  purchaseAnswerSchema,
  purchaseBodySchema,
  purchaseParamsSchema,
  voidPurchaseAnswerSchema,
  voidPurchaseBodySchema,
} from '@kartu/contracts';
import { errorAnswers } from '../modules/auth/auth.http.ts';
import { adjustCard } from './adjustments.service.ts';
import { answerOnce, holderOf, integrationRouteConfig, integrationSecurity, toJsonAmount, type IntegrationOptions } from './integration.http.ts';
import { recordPurchase, voidPurchase } from './purchases.service.ts';

const tags = ['integration'];

/** Purchases, their voids and balance corrections: every one a ledger entry (docs/integration.md). */
export const integrationLedgerRoutes: FastifyPluginAsyncZod<IntegrationOptions> = async (app, { db, clock }) => {
  app.post(
    '/purchases',
    {
      config: integrationRouteConfig,
      schema: {
        tags,
        summary: "Records a bill and credits the card by the program's earning rate (floored)",
        security: integrationSecurity,
        headers: integrationWriteHeadersSchema,
        body: purchaseBodySchema,
        response: { 201: purchaseAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) =>
      answerOnce({
        request,
        reply,
        db,
        clock,
        scope: 'purchases',
        run: async () => {
          const { merchantId } = holderOf(request);
          const { amount, ...purchase } = request.body;
          const result = await recordPurchase({ db, merchantId, now: clock.now(), amount: BigInt(amount), ...purchase });
          return {
            statusCode: 201,
            body: { entryId: result.entryId, earned: toJsonAmount(result.earned), balance: toJsonAmount(result.balance) },
          };
        },
      }),
  );

  app.post(
    '/purchases/:billNumber/void',
    {
      config: integrationRouteConfig,
      schema: {
        tags,
        summary: 'Takes back what a purchase earned; refused when the points are already spent',
        security: integrationSecurity,
        headers: integrationWriteHeadersSchema,
        params: purchaseParamsSchema,
        body: voidPurchaseBodySchema,
        response: { 200: voidPurchaseAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) =>
      answerOnce({
        request,
        reply,
        db,
        clock,
        scope: 'purchases.void',
        run: async () => {
          const { merchantId } = holderOf(request);
          const voided = await voidPurchase({ db, merchantId, billNumber: request.params.billNumber, reason: request.body.reason, now: clock.now() });
          return { statusCode: 200, body: voided };
        },
      }),
  );

  app.post(
    '/adjustments',
    {
      config: integrationRouteConfig,
      schema: {
        tags,
        summary: "Corrects a card's balance up or down, with a reason",
        security: integrationSecurity,
        headers: integrationWriteHeadersSchema,
        body: adjustmentBodySchema,
        response: { 201: adjustmentAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) =>
      answerOnce({
        request,
        reply,
        db,
        clock,
        scope: 'adjustments',
        run: async () => {
          const { merchantId } = holderOf(request);
          const { cardNumber, amount, reason } = request.body;
          const adjusted = await adjustCard({ db, merchantId, cardNumber, amount: BigInt(amount), reason, now: clock.now() });
          return { statusCode: 201, body: { entryId: adjusted.entryId, balance: toJsonAmount(adjusted.balance) } };
        },
      }),
  );
};
