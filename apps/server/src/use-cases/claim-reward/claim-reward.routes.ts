import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimRewardAnswerSchema, claimRewardBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { claimReward } from './claim-reward.ts';

/** POST /api/my_vouchers/claim (spec: app-core §7): claims a reward into its card's balance, once. */
export const claimRewardRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.post(
    '/api/my_vouchers/claim',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'claimReward',
        summary: "Claims a reward into its card's balance, once",
        description: "Needs the member's session; a reward that is not on a card the member holds at the Host header's merchant answers 404 NOT_FOUND, and one already claimed 409 REWARD_ALREADY_CLAIMED (so does the loser of two claims at once). The amount is earned like any other, so it may reach a level and grant that level's reward, and a reward with a voucher issues it; the answer carries the card's new balance. An ended membership answers 409 SUBSCRIPTION_NOT_ACTIVE, and a reward with an amount on a card that is not active 422 CARD_NOT_ACTIVE.",
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
