import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardParamsSchema, rewardListAnswerSchema } from '@kartu/contracts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import type { AppContext } from '../../http/app-context.ts';
import { listRewards } from './rewards.service.ts';

/** A card's rewards; claiming one is a use case (use-cases/claim-reward). */
export const rewardsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/v2/cards/:id/rewards',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'listRewards',
        summary: 'The rewards granted to a card of the member, claimable first',
        description: "Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND. Claimable rewards come first, then claimed ones, each newest granted first. A reward is claimed with claimReward; withVoucher says it also brings an e-voucher.",
        params: cardParamsSchema,
        response: { 200: rewardListAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await listRewards({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.id }) };
    },
  );
};
