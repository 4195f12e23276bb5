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
        description: "Needs the member's session; a voucher of another member or merchant answers 404 VOUCHER_NOT_FOUND. A voucher that cannot be redeemed here is refused without counting a code: 409 VOUCHER_ALREADY_USED or VOUCHER_GIFTED, 422 VOUCHER_NOT_USABLE, VOUCHER_IS_GIFT_CARD, VOUCHER_ONLINE_ONLY or VOUCHER_REDEMPTION_LIMIT (the template's daily limit per member, by the merchant's day), and 409 SUBSCRIPTION_NOT_ACTIVE for an ended membership. A wrong outlet or cashier code answers 400 VOUCHER_OUTLET_CODE_INVALID with attemptsRemaining, and while the voucher is locked every code, the right one too, answers 429 VOUCHER_LOCKED with lockedUntil. The answer is the used voucher as listVouchers shows it; a repeat answers 409 VOUCHER_ALREADY_USED.",
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
