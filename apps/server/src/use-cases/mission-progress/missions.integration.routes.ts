import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { integrationMissionAnswerSchema, integrationMissionBodySchema, integrationMissionEndBodySchema, integrationMissionListSchema, integrationMissionParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import { AppError } from '../../lib/app-error.ts';
import { endMission, getMission, listMerchantMissions } from '../../modules/missions/missions.service.ts';
import { createMerchantMission, integrationMissionsOf } from './create-mission.ts';

/** The merchant's missions (docs/decisions/044-missions.md, docs/integration.md Missions). */
export const integrationMissionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { db } = options;

  idempotentWriteRoute(app, options, {
    url: '/missions',
    operationId: 'createMission',
    summary: "Makes a card program's mission: up to 10 tasks to do between startsAt and endsAt, and the reward once all are done",
    description:
      "programId is a card program of the API key's merchant (another merchant's, or none, answers 404 NOT_FOUND). Task kinds: earn (points on the card), spend (minor currency units at the tills), buy_product (units of productId, a product of the program's shop), refer (friends who sign up), add_card (cards held), answer_survey (answers to survey perks, rejected ones left out), visit_store (store visits, the store's code typed at its counter; one a store and day). " +
      'The reward is points in the program’s unit, or 1 to 10 e-vouchers of one of the merchant’s active voucher templates. A product or template that is not the merchant’s, dates outside 2000–2099, or an end before the start answer 400 VALIDATION_FAILED naming the field. ' +
      'A member’s completion is told by the mission.completed webhook.',
    scope: 'missions',
    body: integrationMissionBodySchema,
    status: 201,
    answer: integrationMissionAnswerSchema,
    run: async ({ tx, merchantId, body, now }) => {
      const created = await createMerchantMission({ db: tx, merchantId, body, now });
      const [mission] = await integrationMissionsOf(tx, [created]);
      if (!mission) throw new Error('The mission was not saved');
      return { data: mission };
    },
  });

  app.get(
    '/missions',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listMerchantMissions',
        summary: "The merchant's missions, newest first, with their tasks and how many members completed each",
        description: 'Every mission of every card program of the merchant: scheduled, running and ended (endsAt in the past). completions counts the members who completed it.',
        security: integrationSecurity,
        response: { 200: integrationMissionListSchema, ...errorAnswers([401, 429, 500] as const) },
      },
    },
    async (request) => {
      const rows = await listMerchantMissions(db, holderOf(request).merchantId);
      return { data: await integrationMissionsOf(db, rows) };
    },
  );

  idempotentWriteRoute(app, options, {
    url: '/missions/:missionId/end',
    operationId: 'endMission',
    summary: 'Ends a mission now: running, it stops counting and moves to members’ history; not started yet, it is withdrawn',
    description: 'A mission of another merchant, or an id that is none, answers 404 MISSION_NOT_FOUND; one that has ended already answers 409 CONFLICT. Completions and their rewards stay.',
    scope: 'mission-end',
    params: integrationMissionParamsSchema,
    body: integrationMissionEndBodySchema,
    status: 200,
    answer: integrationMissionAnswerSchema,
    run: async ({ tx, merchantId, params, now }) => {
      const before = await getMission(tx, { merchantId, missionId: params.missionId });
      const outcome = await endMission({ db: tx, merchantId, missionId: params.missionId, now });
      if (outcome === 'already-ended') throw new AppError('CONFLICT', { message: 'This mission has ended already' });
      const row = outcome === 'withdrawn' ? { ...before, endsAt: now } : await getMission(tx, { merchantId, missionId: params.missionId });
      const [mission] = await integrationMissionsOf(tx, [row]);
      if (!mission) throw new Error('The mission was not found');
      return { data: mission };
    },
  });
};
