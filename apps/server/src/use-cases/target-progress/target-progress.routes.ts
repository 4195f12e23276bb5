import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { targetAnswerSchema, targetCardParamsSchema, targetListAnswerSchema, targetParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { requireFeatureOpen } from '../../http/feature-guard.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { memberTarget, memberTargets } from './target-progress.ts';

const progressRules =
  'A spend target counts the bills the merchant’s tills reported on any of the member’s cards of the program in the window (voided ones left out); a collect target counts the points earned on this card in it (earns taken back not counted). ' +
  'The window is the calendar year in the merchant’s time zone (yearly), the cycle of days counted from the target’s start (cycle), or the target’s period. ' +
  'The first read whose progress reaches the target pays the reward on the card, once a window, and answers achieved.';

/** A card's targets (app-core §2 target-achievement, target-achievement/{missionId?}; decision 043). */
export const targetProgressRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  const preHandler = [app.requireSession(), requireFeatureOpen({ db, clock }, 'target-achievement')];

  app.get(
    '/api/v2/cards/:cardId/targets',
    {
      preHandler,
      schema: {
        tags: ['targets'],
        operationId: 'listTargets',
        summary: "The card program's targets running now, with the member's progress in the current window and the reward",
        description: `Needs the member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND, and a merchant that keeps target-achievement locked for the member 403 FEATURE_LOCKED. ${progressRules}`,
        params: targetCardParamsSchema,
        response: { 200: targetListAnswerSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { merchant } = siteOf(request);
      return { data: await memberTargets({ db, merchantId: merchant.id, userId: user.id, cardId: request.params.cardId, currency: merchant.currency.code, now: clock.now() }) };
    },
  );

  app.get(
    '/api/v2/cards/:cardId/targets/:targetId',
    {
      preHandler,
      schema: {
        tags: ['targets'],
        operationId: 'getTarget',
        summary: "One of the card program's targets, with the member's progress in the current window",
        description: `As listTargets for one target; a target that is not running on the card's program answers 404 TARGET_NOT_FOUND. ${progressRules}`,
        params: targetParamsSchema,
        response: { 200: targetAnswerSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { merchant } = siteOf(request);
      const { cardId, targetId } = request.params;
      return { data: await memberTarget({ db, merchantId: merchant.id, userId: user.id, cardId, targetId, currency: merchant.currency.code, now: clock.now() }) };
    },
  );
};
