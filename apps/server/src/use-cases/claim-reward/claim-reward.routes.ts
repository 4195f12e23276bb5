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
