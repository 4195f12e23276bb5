import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  issueCardAnswerSchema,
  issueCardBatchAnswerSchema,
  issueCardBatchBodySchema,
  issueCardBodySchema,
  integrationWriteHeadersSchema,
  memberCardsAnswerSchema,
  memberParamsSchema,
} from '@kartu/contracts';
import { errorAnswers } from '../modules/auth/auth.http.ts';
import { issueCardBatch, issueIntegrationCard } from './card-issuing.service.ts';
import { answerOnce, holderOf, integrationRouteConfig, integrationSecurity, toJsonAmount, type IntegrationOptions } from './integration.http.ts';
import { listMemberCards } from './member-cards.service.ts';

const tags = ['integration'];

/** Issuing cards and looking up a member's cards (docs/integration.md). */
export const integrationCardRoutes: FastifyPluginAsyncZod<IntegrationOptions> = async (app, { db, clock, activationCodeKey }) => {
  app.post(
    '/cards',
    {
      config: integrationRouteConfig,
      schema: {
        tags,
        summary: 'Issues one card; it goes into the wallet of the member with this phone, if there is one',
        security: integrationSecurity,
        headers: integrationWriteHeadersSchema,
        body: issueCardBodySchema,
        response: { 201: issueCardAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) =>
      answerOnce({
        request,
        reply,
        db,
        clock,
        scope: 'cards.issue',
        run: async () => {
          const { merchantId } = holderOf(request);
          const card = await issueIntegrationCard({ db, merchantId, activationCodeKey, ...request.body });
          return { statusCode: 201, body: { cardId: card.id, number: card.number, status: card.status } };
        },
      }),
  );

  app.post(
    '/cards/batch',
    {
      config: integrationRouteConfig,
      schema: {
        tags,
        summary: 'Issues up to 1000 cards in one transaction; activation codes are shown only in this answer',
        security: integrationSecurity,
        headers: integrationWriteHeadersSchema,
        body: issueCardBatchBodySchema,
        response: { 201: issueCardBatchAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) =>
      answerOnce({
        request,
        reply,
        db,
        clock,
        scope: 'cards.batch',
        run: async () => {
          const { merchantId } = holderOf(request);
          const cards = await issueCardBatch({ db, merchantId, activationCodeKey, ...request.body });
          return { statusCode: 201, body: { cards } };
        },
      }),
  );

  app.get(
    '/members/:phone/cards',
    {
      config: integrationRouteConfig,
      schema: {
        tags,
        summary: 'The cards of the member with this phone (E.164, e.g. %2B6281234567890), with balances',
        security: integrationSecurity,
        params: memberParamsSchema,
        response: { 200: memberCardsAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { merchantId } = holderOf(request);
      const cards = await listMemberCards({ db, merchantId, phone: request.params.phone, now: clock.now() });
      return {
        data: cards.map(({ card, programName, unit, balance }) => ({
          cardId: card.id,
          number: card.number,
          status: card.status,
          programId: card.programId,
          programName,
          balance: { amount: toJsonAmount(balance), unit },
        })),
      };
    },
  );
};
