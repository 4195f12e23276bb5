import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { missionAnswerSchema, missionCardParamsSchema, missionListAnswerSchema, missionParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { requireFeatureOpen } from '../../http/feature-guard.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { memberMission, memberMissions } from './mission-progress.ts';

export const missionProgressRules =
  'Each task counts from the mission’s start to its end (or now while it runs): earn the points earned on this card (earns taken back not counted), spend the bills the tills reported on any of the member’s cards of the program (voided ones left out), ' +
  'buy_product the units of the product in the member’s paid shop orders (cancelled, failed and returned ones left out), refer the friends who signed up through the member’s invites, add_card the merchant’s cards the member holds, answer_survey the member’s answers to survey perks (rejected ones left out), visit_store the member’s store visits (visitStore; one a store and day). ' +
  'The first read (or the settling queued after an order, a bill, a friend, a survey answer or a store visit) that finds every task done while the mission runs records its completion and gives the reward, once: points on this card, or e-vouchers to the member’s wallet; ' +
  'an inbox message and a push (MissionActivityCommissionModalMessage) tell the member.';

/** A card's missions (app-core §2 mission-activities, mission-activities/{missionId}; decision 044). */
export const missionProgressRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  const preHandler = [app.requireSession(), requireFeatureOpen({ db, clock }, 'mission')];

  app.get(
    '/api/v2/cards/:cardId/missions',
    {
      preHandler,
      schema: {
        tags: ['missions'],
        operationId: 'listMissions',
        summary: "The card program's missions: those running, then the member's history of completed and expired ones of the last 180 days",
        description: `Needs the member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND, and a merchant that keeps missions locked for the member 403 FEATURE_LOCKED. Running missions come first, ending soonest first; then the history, the latest finished first. ${missionProgressRules}`,
        params: missionCardParamsSchema,
        response: { 200: missionListAnswerSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { merchant } = siteOf(request);
      return { data: await memberMissions({ db, merchantId: merchant.id, userId: user.id, cardId: request.params.cardId, currency: merchant.currency.code, now: clock.now() }) };
    },
  );

  app.get(
    '/api/v2/cards/:cardId/missions/:missionId',
    {
      preHandler,
      schema: {
        tags: ['missions'],
        operationId: 'getMission',
        summary: 'One of the card program’s missions, with each task’s progress',
        description: `As listMissions for one mission; a mission of another program or merchant, or one past the history’s 180 days, answers 404 MISSION_NOT_FOUND. ${missionProgressRules}`,
        params: missionParamsSchema,
        response: { 200: missionAnswerSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { merchant } = siteOf(request);
      const { cardId, missionId } = request.params;
      return { data: await memberMission({ db, merchantId: merchant.id, userId: user.id, cardId, missionId, currency: merchant.currency.code, now: clock.now() }) };
    },
  );
};
