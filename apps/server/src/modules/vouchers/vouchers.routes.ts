import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import { myVouchersCountQuerySchema, myVouchersCountSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { signedIn } from '../auth/auth.http.ts';
import { countMemberVouchers } from './vouchers.service.ts';

/** How many vouchers the member holds (spec: app-core §7 my-vouchers-count; decision 025). */
export const vouchersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.get(
    '/api/v2/cards/my-vouchers-count',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        operationId: 'countVouchers',
        summary: "How many usable vouchers the member holds (the wallet header's count), or holds on one card with `cardId` (another member's card is not found)",
        description: "Needs the member's session; only the vouchers of the merchant the Host header names count, and a cardId of another member or merchant answers 404 CARD_NOT_FOUND. Usable means active and not expired, or still waiting for its code; hidden vouchers are not counted.",
        querystring: myVouchersCountQuerySchema,
        response: { 200: myVouchersCountSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: { count: await countMemberVouchers({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.query.cardId, now: clock.now() }) } };
    },
  );
};
