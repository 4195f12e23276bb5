import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentAnswerSchema,
  adjustmentBodySchema,
  issueCardAnswerSchema,
  issueCardBatchAnswerSchema,
  issueCardBatchBodySchema,
  issueCardBodySchema,
  memberCardsAnswerSchema,
  memberParamsSchema,
} from '@kartu/contracts';
import { errorAnswers } from '../../http/error-answers.ts';
import { toJsonNumber } from '../../lib/json-number.ts';
import { issueCardBatch } from './cards.service.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { holderOf, integrationRouteConfig, integrationSecurity } from '../../http/integration-request.ts';
import { issueCardToMember, listMemberCards } from './member-cards.service.ts';
import { adjustCard } from './adjustments.service.ts';

/** Issuing cards and looking up a member's cards (docs/integration.md). */
export const integrationCardRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'activationCodeKey'>> = async (app, options) => {
  const { db, clock, activationCodeKey } = options;

  idempotentWriteRoute(app, options, {
    url: '/cards',
    operationId: 'issueCard',
    summary: 'Issues one card; it goes into the wallet of the member with this phone, if there is one',
    scope: 'cards.issue',
    body: issueCardBodySchema,
    status: 201,
    answer: issueCardAnswerSchema,
    run: async ({ tx, merchantId, body }) => {
      const card = await issueCardToMember({ db: tx, merchantId, activationCodeKey, ...body });
      return { cardId: card.id, number: card.number, status: card.status };
    },
  });

  idempotentWriteRoute(app, options, {
    url: '/cards/batch',
    operationId: 'issueCards',
    summary: 'Issues up to 1000 cards in one transaction; activation codes are shown only in this answer',
    scope: 'cards.batch',
    body: issueCardBatchBodySchema,
    status: 201,
    answer: issueCardBatchAnswerSchema,
    run: async ({ tx, merchantId, body }) => ({ cards: await issueCardBatch({ db: tx, merchantId, activationCodeKey, ...body }) }),
  });

  app.get(
    '/members/:phone/cards',
    {
      config: integrationRouteConfig,
      schema: {
        tags: ['integration'],
        operationId: 'listMemberCards',
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
          balance: { amount: toJsonNumber(balance), unit },
        })),
      };
    },
  );

  idempotentWriteRoute(app, options, {
    url: '/adjustments',
    operationId: 'adjustBalance',
    summary: "Corrects a card's balance up or down, with a reason",
    scope: 'adjustments',
    body: adjustmentBodySchema,
    status: 201,
    answer: adjustmentAnswerSchema,
    run: async ({ tx, merchantId, body: { cardNumber, amount, reason } }) => {
      const adjusted = await adjustCard({ db: tx, merchantId, cardNumber, amount: BigInt(amount), reason, now: clock.now() });
      return { entryId: adjusted.entryId, balance: toJsonNumber(adjusted.balance) };
    },
  });
};
