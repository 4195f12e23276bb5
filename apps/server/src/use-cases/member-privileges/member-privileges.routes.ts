import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  privilegeAnswerBodySchema,
  privilegeAnswerDetailSchema,
  privilegeAnswerListSchema,
  privilegeAnswerParamsSchema,
  privilegeCardParamsSchema,
  privilegeClaimAnswerSchema,
  privilegeClaimBodySchema,
  privilegeDetailAnswerSchema,
  privilegeListAnswerSchema,
  privilegeParamsSchema,
} from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { requireFeatureOpen } from '../../http/feature-guard.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { answerSurvey, claimPrivilege, memberPrivilege, memberPrivilegeAnswer, memberPrivilegeAnswers, memberPrivileges } from './member-privileges.ts';

const stateRules =
  'state is available (the member may claim or answer it), claimed, answered (an answer in review or approved), locked (lock says why: a level of the program to reach, or an active paid membership), inactive (paused by the merchant: perk not active) or ended (promotion ended).';
const scopeRules = "Needs the member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND, a perk of another program or merchant 404 PERK_NOT_FOUND, and a merchant that keeps privilege locked 403 FEATURE_LOCKED.";
const takeRules = '409 PERK_NOT_ACTIVE while the merchant pauses it, 409 PROMOTION_ENDED after its end, 409 CARD_NOT_ACTIVE for a card that is not active, 403 PERK_NOT_QUALIFIED when the member does not qualify.';

/** A card's perks (app-core §2 privileges, privileges/{privilegeId}, …/answers, …/survey; decision 045). */
export const memberPrivilegesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  const preHandler = [app.requireSession(), requireFeatureOpen({ db, clock }, 'privilege')];
  const scopeOf = (request: Parameters<typeof signedIn>[0] & { params: { cardId: string } }) => ({
    db,
    merchantId: siteOf(request).merchant.id,
    userId: signedIn(request).user.id,
    cardId: request.params.cardId,
    now: clock.now(),
  });

  app.get(
    '/api/v2/cards/:cardId/privileges',
    {
      preHandler,
      schema: {
        tags: ['privileges'],
        operationId: 'listPrivileges',
        summary: "The card program's perks: those running, and those that ended in the last 30 days, with what the member may do",
        description: `${scopeRules} Available ones first. ${stateRules}`,
        params: privilegeCardParamsSchema,
        response: { 200: privilegeListAnswerSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await memberPrivileges(scopeOf(request)) }),
  );

  app.get(
    '/api/v2/cards/:cardId/privileges/:privilegeId',
    {
      preHandler,
      schema: {
        tags: ['privileges'],
        operationId: 'getPrivilege',
        summary: 'One perk, with its survey’s questions and the state of the member’s latest answer',
        description: `${scopeRules} ${stateRules}`,
        params: privilegeParamsSchema,
        response: { 200: privilegeDetailAnswerSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await memberPrivilege({ ...scopeOf(request), privilegeId: request.params.privilegeId }) }),
  );

  app.post(
    '/api/v2/cards/:cardId/privileges/:privilegeId/claim',
    {
      preHandler,
      schema: {
        tags: ['privileges'],
        operationId: 'claimPrivilege',
        summary: "Claims a voucher perk: its e-vouchers go to the member's wallet, once",
        description: `${scopeRules} ${takeRules} A second claim answers 409 PERK_ALREADY_TAKEN and gives nothing; a survey perk 422 UNPROCESSABLE (it is answered instead).`,
        params: privilegeParamsSchema,
        body: privilegeClaimBodySchema,
        response: { 201: privilegeClaimAnswerSchema, ...errorAnswers([400, 401, 403, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const claimed = await claimPrivilege({ ...scopeOf(request), privilegeId: request.params.privilegeId });
      return reply.code(201).send({ data: claimed });
    },
  );

  app.post(
    '/api/v2/cards/:cardId/privileges/:privilegeId/answers',
    {
      preHandler,
      schema: {
        tags: ['privileges'],
        operationId: 'answerPrivilegeSurvey',
        summary: "Answers a survey perk: kept for the merchant's review (up to 2 working days)",
        description:
          `${scopeRules} ${takeRules} answers holds a text or a day (YYYY-MM-DD) by question name, or the chosen options of a multiple-choice question. ` +
          'A required question left empty, a day that is not a real one (or before 1900, or more than a year ahead), a choice not offered or an answer over 200 characters answer 400 VALIDATION_FAILED with one detail per question (field body.answers.<name>, rule required, invalid_date, not_offered, invalid_format or too_long), and nothing is kept. ' +
          'An answer in review or approved already answers 409 PERK_ALREADY_TAKEN; after a rejection the member may answer again. The merchant hears of it by the perk.answered webhook.',
        params: privilegeParamsSchema,
        body: privilegeAnswerBodySchema,
        response: { 201: privilegeAnswerDetailSchema, ...errorAnswers([400, 401, 403, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const answer = await answerSurvey({ ...scopeOf(request), privilegeId: request.params.privilegeId, answers: request.body.answers });
      return reply.code(201).send({ data: answer });
    },
  );

  app.get(
    '/api/v2/cards/:cardId/privileges/:privilegeId/answers',
    {
      preHandler,
      schema: {
        tags: ['privileges'],
        operationId: 'listPrivilegeAnswers',
        summary: "The member's answers to a perk's survey, newest first, each with its review state",
        description: `${scopeRules} state is pending (reviewed within 2 working days), approved or rejected (with the merchant's note).`,
        params: privilegeParamsSchema,
        response: { 200: privilegeAnswerListSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await memberPrivilegeAnswers({ ...scopeOf(request), privilegeId: request.params.privilegeId }) }),
  );

  app.get(
    '/api/v2/cards/:cardId/privileges/:privilegeId/answers/:answerId',
    {
      preHandler,
      schema: {
        tags: ['privileges'],
        operationId: 'getPrivilegeAnswer',
        summary: "One of the member's answers to a perk's survey, with its review",
        description: `${scopeRules} Another member's answer, or one of another perk, answers 404 PERK_ANSWER_NOT_FOUND.`,
        params: privilegeAnswerParamsSchema,
        response: { 200: privilegeAnswerDetailSchema, ...errorAnswers([400, 401, 403, 404, 429, 500] as const) },
      },
    },
    async (request) => ({ data: await memberPrivilegeAnswer({ ...scopeOf(request), privilegeId: request.params.privilegeId, answerId: request.params.answerId }) }),
  );
};
