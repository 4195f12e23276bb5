import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardParamsSchema, transactionDetailSchema, transactionListAnswerSchema, transactionListQuerySchema, transactionParamsSchema } from '@kartu/contracts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { getCardTransaction, listCardTransactions } from './card-history.service.ts';
import type { AppContext } from '../../http/app-context.ts';

/** A card's transaction history and one transaction's detail. spec: app-core §2 */
export const cardHistoryRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/api/v2/cards/:id/transactions',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'listTransactions',
        summary: "The card's transactions, newest first, a page at a time (pass nextCursor back as cursor)",
        description: "Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND. A page holds 1 to 50 transactions (limit, 20 by default), and a malformed cursor answers 400 VALIDATION_FAILED. Amounts are signed as seen from this card, and a transfer's other card shows only its last four digits and its holder's first name. Each transaction's facts say what happened (a purchase and its bill number, a reward, an order, a void and what it undid, …), for the app to word in the member's language; names, titles and reasons the merchant gave are answered as written.",
        params: cardParamsSchema,
        querystring: transactionListQuerySchema,
        response: { 200: transactionListAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { cursor, limit } = request.query;
      return listCardTransactions({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.id, cursor, limit });
    },
  );

  app.get(
    '/api/v2/cards/:id/transactions/:transactionId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'getTransaction',
        summary: 'One transaction of the card, with whether it was reversed',
        description: "Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND. A transaction that did not move this card's value answers 404 NOT_FOUND. Its facts are those of the list; reversedAt tells when a reversal undid it.",
        params: transactionParamsSchema,
        response: { 200: transactionDetailSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { id, transactionId } = request.params;
      return getCardTransaction({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: id, transactionId });
    },
  );
};
