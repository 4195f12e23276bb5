import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardParamsSchema, claimRewardAnswerSchema, claimRewardBodySchema, rewardListAnswerSchema } from '@kartu/contracts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import type { AppContext } from '../../http/app-context.ts';
import { claimReward, listRewards } from './rewards.service.ts';

/** A card's rewards and claiming them into its balance (spec: app-core §7 api/my_vouchers/claim). */
export const rewardsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.get(
    '/api/v2/cards/:id/rewards',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        summary: 'The rewards granted to a card of the member, claimable first',
        params: cardParamsSchema,
        response: { 200: rewardListAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await listRewards({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.id }) };
    },
  );

  app.post(
    '/api/my_vouchers/claim',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        summary: "Claims a reward into its card's balance, once",
        body: claimRewardBodySchema,
        response: { 200: claimRewardAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return claimReward({ db, merchantId: siteOf(request).merchant.id, userId: user.id, rewardId: request.body.rewardId, now: clock.now() });
    },
  );
};
