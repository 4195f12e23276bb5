import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { integrationRedemptionAnswerSchema, integrationRedemptionParamsSchema, integrationRedemptionVoidBodySchema, integrationVoucherRedeemBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { idempotentWriteRoute } from '../../http/integration-write.ts';
import { redeemAtTill, voidTillRedemption } from './till-redemption.ts';

/** The till's side of vouchers: redeem a scanned code at an outlet, void a redemption the same day (docs/integration.md). */
export const tillRedemptionRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'voucherCodeKeys'>> = async (app, options) => {
  const { voucherCodeKeys: keys } = options;

  idempotentWriteRoute(app, options, {
    url: '/vouchers/redeem',
    operationId: 'redeemVoucherCode',
    summary: "Redeems the voucher of a scanned code at one of the merchant's outlets; the member's open voucher page turns to used",
    description:
      "The outlet must be an active outlet of the API key's merchant (else 404 NOT_FOUND), and the code that of one of its vouchers (else 404 VOUCHER_NOT_FOUND), matched whatever its case, spaces or dashes. A voucher already used answers 409 VOUCHER_ALREADY_USED, one being sent as a gift 409 VOUCHER_GIFTED; one expired or not active 422 VOUCHER_NOT_USABLE, one for online orders only 422 VOUCHER_ONLINE_ONLY, an e-gift 422 VOUCHER_IS_GIFT_CARD, one past its template's redemptions for that member today (merchant time zone) 422 VOUCHER_REDEMPTION_LIMIT, and one on a paid membership card whose period ran out 409 SUBSCRIPTION_NOT_ACTIVE.",
    scope: 'vouchers.redeem',
    body: integrationVoucherRedeemBodySchema,
    status: 200,
    answer: integrationRedemptionAnswerSchema,
    run: ({ tx, merchantId, body, now }) => redeemAtTill({ tx, merchantId, code: body.code, outletId: body.outletId, keys, now }),
  });

  idempotentWriteRoute(app, options, {
    url: '/vouchers/redemptions/:redemptionId/void',
    operationId: 'voidVoucherRedemption',
    summary: 'Voids a redemption made in store today (in the merchant time zone): the voucher can be used again',
    description:
      "Only a redemption of the API key's merchant: another merchant's, or an id that is not one, answers 404 NOT_FOUND. A redemption voided before, made on an earlier day, or of a voucher used on an order (cancelling the order gives it back) answers 409 VOUCHER_REDEMPTION_NOT_VOIDABLE. The answer is the redemption, with its voidedAt.",
    scope: 'vouchers.void',
    params: integrationRedemptionParamsSchema,
    body: integrationRedemptionVoidBodySchema,
    status: 200,
    answer: integrationRedemptionAnswerSchema,
    run: ({ tx, merchantId, params, now }) => voidTillRedemption({ tx, merchantId, redemptionId: params.redemptionId, now }),
  });
};
