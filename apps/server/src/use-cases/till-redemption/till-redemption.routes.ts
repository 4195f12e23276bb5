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
    scope: 'vouchers.redeem',
    body: integrationVoucherRedeemBodySchema,
    status: 200,
    answer: integrationRedemptionAnswerSchema,
    run: ({ tx, merchantId, body, now }) => redeemAtTill({ tx, merchantId, code: body.code, outletId: body.outletId, keys, now }),
  });

  idempotentWriteRoute(app, options, {
    url: '/vouchers/redemptions/:redemptionId/void',
    operationId: 'voidVoucherRedemption',
    summary: 'Voids a redemption made today (in the merchant time zone): the voucher can be used again',
    scope: 'vouchers.void',
    params: integrationRedemptionParamsSchema,
    body: integrationRedemptionVoidBodySchema,
    status: 200,
    answer: integrationRedemptionAnswerSchema,
    run: ({ tx, merchantId, params, now }) => voidTillRedemption({ tx, merchantId, redemptionId: params.redemptionId, now }),
  });
};
