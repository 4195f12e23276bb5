import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { siteOf } from '../../http/request-context.ts';

import { giftCardAnswerSchema, giftCardChargeDetailAnswerSchema, giftCardChargeParamsSchema, giftCardParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';

import { errorAnswers } from '../../http/error-answers.ts';

import { signedIn } from '../auth/auth.http.ts';

import { getMemberCharge, getMemberGiftCard } from './gift-cards.service.ts';


/** The member's e-gift cards (spec: app-core §3 card list type eGift, §2 transaction-egift-detail; decision 027). */
export const giftCardsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.get(
    '/api/v2/gift-cards/:cardId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['gift cards'],
        operationId: 'getGiftCard',
        summary: "One of the member's gift cards: its balance, the code a till scans, and its latest payments",
        description: "Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND, and a card of the member that is not a gift card 404 GIFT_CARD_NOT_FOUND. charges holds the latest 20 payments, newest first, voided ones included with voidedAt; isUsable is true while the card is active and holds a balance.",
        params: giftCardParamsSchema,
        response: { 200: giftCardAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await getMemberGiftCard({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId, now: clock.now() }) };
    },
  );

  app.get(
    '/api/v2/gift-card-charges/:chargeId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['gift cards'],
        operationId: 'getGiftCardCharge',
        summary: "One payment made with one of the member's gift cards",
        description: "Needs the member's session; a payment that is not on a gift card the member holds at the merchant the Host header names answers 404 NOT_FOUND. It names the outlet, the cashier where one was recorded, the channel and voidedAt once voided, with the card it was paid from.",
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
