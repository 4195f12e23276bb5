import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  integrationReferralProgramAnswerSchema,
  integrationReferralProgramBodySchema,
  integrationReferralProgramEndBodySchema,
  integrationReferralProgramListSchema,
  integrationReferralProgramParamsSchema,
  type IntegrationReferralProgram,
} from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { AppError } from '../../lib/app-error.ts';
import { createReferralProgram, endReferralProgram, getMerchantReferralProgram, listReferralPrograms, referralStatus } from './referrals.service.ts';
import type { ReferralProgramRow } from './referrals.table.ts';

function toIntegrationReferralProgram(row: ReferralProgramRow, now: Date): IntegrationReferralProgram {
  return {
    id: row.id,
    programId: row.programId,
    referrerReward: toJsonNumber(row.referrerReward),
    friendReward: toJsonNumber(row.friendReward),
    rewardOn: row.rewardOn,
    dailyRewardCap: row.dailyRewardCap,
    status: row.startsAt > now ? 'scheduled' : referralStatus(row, now),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The merchant's referral programs (docs/decisions/042-referrals.md, docs/integration.md). */
export const integrationReferralRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { db, clock } = options;

  idempotentWriteRoute(app, options, {
    url: '/referral-programs',
    operationId: 'createReferralProgram',
    summary: "Makes a card program's referral program: what a member earns for each friend, and what the friend receives on joining",
    description:
      "programId is a card program of the API key's merchant (another merchant's, or none, answers 404 NOT_FOUND); it may have one referral program (a second answers 409 CONFLICT). " +
      'referrerReward is paid on the member’s card of the program once the friend registered (rewardOn registered) or made a first purchase at a till or in the shop (purchased, the default), ' +
      'at most dailyRewardCap commissions a member in 24 hours (the rest on a later day); friendReward is paid on the friend’s card when they join through the member’s link. ' +
      'Amounts are in the program’s unit. startsAt defaults to now; endsAt, when given, must come after it (400 VALIDATION_FAILED).',
    scope: 'referral-programs',
    body: integrationReferralProgramBodySchema,
    status: 201,
    answer: integrationReferralProgramAnswerSchema,
    run: async ({ tx, merchantId, body, now }) => {
      const startsAt = body.startsAt ? new Date(body.startsAt) : now;
      const created = await createReferralProgram({
        db: tx,
        merchantId,
        programId: body.programId,
        referrerReward: BigInt(body.referrerReward),
        friendReward: BigInt(body.friendReward),
        rewardOn: body.rewardOn,
        dailyRewardCap: body.dailyRewardCap,
        startsAt,
        endsAt: body.endsAt ? new Date(body.endsAt) : null,
        now,
      });
      return { data: toIntegrationReferralProgram(created, now) };
    },
  });

  app.get(
    '/referral-programs',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listReferralPrograms',
        summary: "The merchant's referral programs, oldest first, with their status",
        description: 'status is scheduled before startsAt, active until endsAt, and ended after it (or once ended with POST /referral-programs/{referralId}/end).',
        security: integrationSecurity,
        response: { 200: integrationReferralProgramListSchema, ...errorAnswers([401, 429, 500] as const) },
      },
    },
    async (request) => {
      const now = clock.now();
      const rows = await listReferralPrograms({ db, merchantId: holderOf(request).merchantId });
      return { data: rows.map((row) => toIntegrationReferralProgram(row, now)) };
    },
  );

  idempotentWriteRoute(app, options, {
    url: '/referral-programs/:referralId/end',
    operationId: 'endReferralProgram',
    summary: 'Ends a referral program now: its links stop welcoming friends, and friends already on their way still count',
    description: "A referral program of another merchant, or an id that is none, answers 404 NOT_FOUND. Members see it as ended (spec: promotion ended); their lists and commissions stay.",
    scope: 'referral-program-end',
    params: integrationReferralProgramParamsSchema,
    body: integrationReferralProgramEndBodySchema,
    status: 200,
    answer: integrationReferralProgramAnswerSchema,
    run: async ({ tx, merchantId, params, now }) => {
      if (!(await endReferralProgram({ db: tx, merchantId, referralId: params.referralId, now }))) throw new AppError('NOT_FOUND', { message: 'Referral program not found' });
      return { data: toIntegrationReferralProgram(await getMerchantReferralProgram({ db: tx, merchantId, referralId: params.referralId }), now) };
    },
  });
};
