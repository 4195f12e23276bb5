import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { voucherAnswerSchema, voucherParamsSchema, voucherRedeemBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { redeemVoucherAtCounter } from './redeem-at-counter.ts';

/** A voucher redeemed at the counter, on the member's phone (business-rules §6; decision 025). */
export const redeemAtCounterRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'outletCodeKey'>> = async (app, { db, clock, outletCodeKey }) => {
  app.post(
    '/api/v2/vouchers/:voucherId/redeem',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        operationId: 'redeemVoucher',
        summary: "Redeems the voucher at the counter: the cashier types the outlet's code (and their own where the outlet asks) on the member's phone; three wrong codes lock it for 24 hours",
        params: voucherParamsSchema,
        body: voucherRedeemBodySchema,
        response: { 200: voucherAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { outletCode, cashierCode } = request.body;
      const data = await redeemVoucherAtCounter({ db, merchantId: siteOf(request).merchant.id, userId: user.id, voucherId: request.params.voucherId, outletCode, cashierCode, codeKey: outletCodeKey, now: clock.now() });
      return { data };
    },
  );
};
