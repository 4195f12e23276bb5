import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { missionCardParamsSchema, storeVisitAnswerSchema, storeVisitBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { requireFeatureOpen } from '../../http/feature-guard.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { visitStore } from './store-visit.ts';

/** A store visit on the member's phone, the store's code typed at the counter (decision 044). */
export const storeVisitRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'outletCodeKey'>> = async (app, { db, clock, outletCodeKey }) => {
  app.post(
    '/api/v2/cards/:cardId/store-visits',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'mission')],
      schema: {
        tags: ['missions'],
        operationId: 'visitStore',
        summary: "Records the member's visit to a store: the cashier types the store's code (and their own where the store asks for it) on the member's phone",
        description:
          "Needs the member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND, one that is not active 409 CARD_NOT_ACTIVE, and a merchant that keeps missions locked 403 FEATURE_LOCKED. " +
          'A wrong store or cashier code answers 400 STORE_CODE_INVALID with attemptsRemaining; the third wrong code locks the member’s check-ins for 24 hours, and meanwhile every code answers 429 STORE_CODE_LOCKED with lockedUntil. ' +
          'A visit counts toward visit_store tasks once a store and merchant day: a second one the same day answers counted false. Missions it completes are settled right after.',
        params: missionCardParamsSchema,
        body: storeVisitBodySchema,
        response: { 201: storeVisitAnswerSchema, ...errorAnswers([400, 401, 403, 404, 409, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { outletCode, cashierCode } = request.body;
      const data = await visitStore({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId, outletCode, cashierCode, codeKey: outletCodeKey, now: clock.now() });
      return reply.code(201).send({ data });
    },
  );
};
