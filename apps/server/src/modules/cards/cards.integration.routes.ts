import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adjustmentAnswerSchema,
  adjustmentBodySchema,
  issueCardAnswerSchema,
  issueCardBatchAnswerSchema,
  issueCardBatchBodySchema,
  issueCardBodySchema,
  memberCardsAnswerSchema,
  MAX_CARDS_PER_BATCH,
  memberParamsSchema,
} from '@kartu/contracts';
import { LEDGER_AMOUNT_MAX } from '@kartu/core';
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
    description:
      "The program must be one of the API key's merchant: another merchant's program, or an id that is not one, answers 404 NOT_FOUND. Only a member of this merchant receives the card; a phone with no member here is no error, and the card waits to be added with its number. A program that requires activation codes refuses a card without one (422 UNPROCESSABLE); the code is kept only as a keyed hash.",
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
    description: `count is 1 to ${MAX_CARDS_PER_BATCH}; the cards are all issued or none is, and none of them is in a wallet until a member adds it with its number. With withActivationCodes every card gets an 8-character code, and the server keeps only its keyed hash, so store the codes from this answer; a program that requires activation codes refuses a batch without them (422 UNPROCESSABLE). Another merchant's program, or an id that is not one, answers 404 NOT_FOUND.`,
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
        description:
          "Only members and cards of the API key's merchant: a phone with no member of this merchant answers 404 NOT_FOUND, and a phone not in E.164 form 400 VALIDATION_FAILED. Every card of the member is listed, oldest first, whatever its status; each balance is what the card can spend now, value past its expiry left out.",
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
    description: `The card is found by its number among the API key's merchant's cards only (else 404 CARD_NOT_FOUND), and may be in any status. amount is a non-zero integer of at most ${LEDGER_AMOUNT_MAX.toLocaleString('en-US')} either way, in the program's unit: a positive one adds value with the program's expiry; a negative one first drops value past its expiry, and is refused with 422 INSUFFICIENT_BALANCE rather than take the card below zero. reason (1 to 200 characters) is kept with the ledger entry.`,
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
