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
