import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cardDetailSchema, cardParamsSchema } from '@kartu/contracts';
import { LEVEL_RETENTION_DAYS } from '@kartu/core';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { getCardDetail } from './card-detail.ts';

/** GET /api/v2/cards/{id}: the card page. */
export const cardDetailRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.get(
    '/api/v2/cards/:id',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['cards'],
        operationId: 'getCard',
        summary: "A card of the member's wallet: balance, expiring value, levels, registration and rewards to claim",
        description: `Needs the member's session; a card of another member or of another merchant than the Host header's answers 404 CARD_NOT_FOUND, while the member's hidden and archived cards are answered too. balance.expiring lists the value still to expire, with when; levelProgress holds the earnings of the last ${LEVEL_RETENTION_DAYS} days against each level's retentionExperience. subscription is set for a membership program only.`,
        params: cardParamsSchema,
        response: { 200: cardDetailSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return getCardDetail({ db, merchant: siteOf(request).merchant, user, cardId: request.params.id, now: clock.now() });
    },
  );
};
