import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  integrationPrivilegeActiveBodySchema,
  integrationPrivilegeAnswerSchema,
  integrationPrivilegeBodySchema,
  integrationPrivilegeListSchema,
  integrationPrivilegeParamsSchema,
  integrationSurveyAnswerAnswerSchema,
  integrationSurveyAnswerListSchema,
  integrationSurveyAnswerParamsSchema,
  integrationSurveyAnswersQuerySchema,
  integrationSurveyReviewBodySchema,
} from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import { getPrivilege, listMerchantPrivileges, privilegeAnswersForMerchant, setPrivilegeActivity } from '../../modules/privileges/privileges.service.ts';
import { reviewSurveyAnswer } from './member-privileges.ts';
import { createMerchantPrivilege, integrationPrivilegesOf, integrationSurveyAnswerOf } from './merchant-privileges.ts';

/** The merchant's perks and the review of their surveys' answers (docs/decisions/045-privileges.md, docs/integration.md Perks). */
export const integrationPrivilegeRoutes: FastifyPluginAsyncZod<AppContext> = async (app, options) => {
  const { db } = options;
  const one = async (tx: typeof db, row: Parameters<typeof integrationPrivilegesOf>[1][number]) => {
    const [view] = await integrationPrivilegesOf(tx, [row]);
    if (!view) throw new Error('The perk was not found');
    return { data: view };
  };

  idempotentWriteRoute(app, options, {
    url: '/perks',
    operationId: 'createPerk',
    summary: "Makes a card program's perk: e-vouchers a member claims once, or a survey the merchant reviews",
    description:
      "programId is a card program of the API key's merchant (another merchant's, or none, answers 404 NOT_FOUND). A voucher perk names one of the merchant's active voucher templates and how many each member gets; a survey perk lists its questions " +
      '(text, date, single or multiple choice with 2 to 20 options, each required or not) and may give rewardPoints when an answer is approved. minLevelRank keeps it to members whose card holds that level of the program or a higher one; ' +
      'subscribersOnly to members with an active paid membership. startsAt defaults to now; endsAt, when given, ends it (members see promotion ended). Anything else wrong answers 400 VALIDATION_FAILED naming the field.',
    scope: 'perks',
    body: integrationPrivilegeBodySchema,
    status: 201,
    answer: integrationPrivilegeAnswerSchema,
    run: async ({ tx, merchantId, body, now }) => one(tx, await createMerchantPrivilege({ db: tx, merchantId, body, now })),
  });

  app.get(
    '/perks',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listPerks',
        summary: "The merchant's perks, newest first, with their claims and the answers waiting for review",
        description: 'Every perk of every card program of the merchant, active or paused, running or ended.',
        security: integrationSecurity,
        response: { 200: integrationPrivilegeListSchema, ...errorAnswers([401, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await integrationPrivilegesOf(db, await listMerchantPrivileges(db, holderOf(request).merchantId)) }),
  );

  idempotentWriteRoute(app, options, {
    url: '/perks/:perkId/active',
    operationId: 'setPerkActive',
    summary: "Pauses a perk (members see 'perk not active') or takes it up again",
    description: 'A perk of another merchant, or an id that is none, answers 404 PERK_NOT_FOUND. Claims and answers stay as they are.',
    scope: 'perk-active',
    params: integrationPrivilegeParamsSchema,
    body: integrationPrivilegeActiveBodySchema,
    status: 200,
    answer: integrationPrivilegeAnswerSchema,
    run: async ({ tx, merchantId, params, body }) => one(tx, await setPrivilegeActivity(tx, { merchantId, privilegeId: params.perkId, active: body.active })),
  });

  app.get(
    '/perks/:perkId/answers',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listPerkAnswers',
        summary: "A survey perk's answers, oldest first, with the member's card number and name: all, or those in one review state",
        description: 'At most 500. A perk of another merchant answers 404 PERK_NOT_FOUND. Review pending ones within 2 working days, as members are told.',
        security: integrationSecurity,
        params: integrationPrivilegeParamsSchema,
        querystring: integrationSurveyAnswersQuerySchema,
        response: { 200: integrationSurveyAnswerListSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { merchantId } = holderOf(request);
      const privilege = await getPrivilege(db, { merchantId, privilegeId: request.params.perkId });
      const rows = await privilegeAnswersForMerchant(db, { merchantId, privilegeId: privilege.id, state: request.query.state });
      return { data: rows.map(integrationSurveyAnswerOf) };
    },
  );

  idempotentWriteRoute(app, options, {
    url: '/perk-answers/:answerId/review',
    operationId: 'reviewPerkAnswer',
    summary: "Approves or rejects a member's answer to a survey perk; the member is told in the inbox",
    description:
      "approve gives the perk's rewardPoints on the member's card (when it gives some and the card is active); reject needs a note, shown to the member, who may answer again. " +
      'An answer of another merchant answers 404 PERK_ANSWER_NOT_FOUND; one reviewed already 409 CONFLICT.',
    scope: 'perk-answer-review',
    params: integrationSurveyAnswerParamsSchema,
    body: integrationSurveyReviewBodySchema,
    status: 200,
    answer: integrationSurveyAnswerAnswerSchema,
    run: async ({ tx, merchantId, params, body, now }) => {
      const reviewed = await reviewSurveyAnswer({ db: tx, merchantId, answerId: params.answerId, decision: body.decision, note: body.note ?? null, now });
      const [row] = await privilegeAnswersForMerchant(tx, { merchantId, privilegeId: reviewed.privilegeId, answerId: reviewed.id });
      if (!row) throw new Error('The answer was not found');
      return { data: integrationSurveyAnswerOf(row) };
    },
  });
};
