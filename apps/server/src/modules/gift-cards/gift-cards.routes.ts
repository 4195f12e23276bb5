import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import {
  giftCardActivationAnswerSchema,
  giftCardAnswerSchema,
  giftCardChargeAnswerSchema,
  giftCardChargeBodySchema,
  giftCardChargeDetailAnswerSchema,
  giftCardChargeParamsSchema,
  giftCardParamsSchema,
  idempotentWriteHeadersSchema,
  voucherParamsSchema,
} from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { signedIn } from '../auth/auth.http.ts';
import { activateGiftVoucher, chargeAtCounter, getMemberCharge, getMemberGiftCard } from './gift-cards.service.ts';

/** The member's e-gift cards (spec: app-core §3 card list type eGift, §2 transaction-egift-detail; decision 027). */
export const giftCardsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, outletCodeKey }) => {
  app.post(
    '/api/v2/vouchers/:voucherId/activate',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['gift cards'],
        summary: "Turns one of the member's e-gift vouchers into a gift card in their cards, loaded with its value; asked again, answers the same card",
        params: voucherParamsSchema,
        response: { 200: giftCardActivationAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await activateGiftVoucher({ db, merchantId: siteOf(request).merchant.id, userId: user.id, voucherId: request.params.voucherId, now: clock.now() }) };
    },
  );

  app.get(
    '/api/v2/gift-cards/:cardId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['gift cards'],
        summary: "One of the member's gift cards: its balance, the code a till scans, and its latest payments",
        params: giftCardParamsSchema,
        response: { 200: giftCardAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await getMemberGiftCard({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId, now: clock.now() }) };
    },
  );

  app.post(
    '/api/v2/gift-cards/:cardId/charges',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['gift cards'],
        summary: "Pays an amount with the gift card at the counter: staff type it with the outlet's code (and theirs where the outlet asks); three wrong codes lock the card's payments for 24 hours; needs an Idempotency-Key header",
        headers: idempotentWriteHeadersSchema,
        params: giftCardParamsSchema,
        body: giftCardChargeBodySchema,
        response: { 201: giftCardChargeAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const data = await chargeAtCounter({
        db,
        merchantId: siteOf(request).merchant.id,
        userId: user.id,
        cardId: request.params.cardId,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request),
        codeKey: outletCodeKey,
        now: clock.now(),
      });
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/api/v2/gift-card-charges/:chargeId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['gift cards'],
        summary: "One payment made with one of the member's gift cards",
        params: giftCardChargeParamsSchema,
        response: { 200: giftCardChargeDetailAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await getMemberCharge({ db, merchantId: siteOf(request).merchant.id, userId: user.id, chargeId: request.params.chargeId }) };
    },
  );
};
