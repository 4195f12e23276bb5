import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteOf } from '../../http/request-context.ts';
import { myVouchersCountQuerySchema, myVouchersCountSchema, voucherAnswerSchema, voucherChangeBodySchema, voucherParamsSchema, voucherRedeemBodySchema, voucherWalletQuerySchema, voucherWalletSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { signedIn } from '../auth/auth.http.ts';
import { redeemAtCounter } from './redemption.service.ts';
import { countMemberVouchers, getMemberVoucher, getVoucherWallet, setMemberVoucherHidden } from './vouchers.service.ts';

/** The member's e-voucher wallet (spec: app-core §2 vouchers and e-gifts, §7 my-vouchers-count; decision 025). */
export const vouchersRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, outletCodeKey, voucherCodeKeys }) => {
  app.get(
    '/api/v2/vouchers',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        summary: "The member's vouchers in stacks of one template: usable ones, or the history of used, expired and suspended ones; of one card when asked",
        querystring: voucherWalletQuerySchema,
        response: { 200: voucherWalletSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { view, cardId, hidden } = request.query;
      return getVoucherWallet({ db, merchantId: siteOf(request).merchant.id, userId: user.id, view, cardId, hidden, now: clock.now() });
    },
  );

  app.get(
    '/api/v2/vouchers/:voucherId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        summary: "One of the member's vouchers, with the code the counter scans; a code the server keeps only as a hash is answered once, for the phone to keep",
        params: voucherParamsSchema,
        response: { 200: voucherAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await getMemberVoucher({ db, merchantId: siteOf(request).merchant.id, userId: user.id, voucherId: request.params.voucherId, now: clock.now(), revealWith: voucherCodeKeys }) };
    },
  );

  app.patch(
    '/api/v2/vouchers/:voucherId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        summary: 'Hides a voucher from the wallet, or shows it again',
        params: voucherParamsSchema,
        body: voucherChangeBodySchema,
        response: { 200: voucherAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const data = await setMemberVoucherHidden({ db, merchantId: siteOf(request).merchant.id, userId: user.id, voucherId: request.params.voucherId, isHidden: request.body.isHidden, now: clock.now() });
      return { data };
    },
  );

  app.post(
    '/api/v2/vouchers/:voucherId/redeem',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        summary: "Redeems the voucher at the counter: the cashier types the outlet's code (and their own where the outlet asks) on the member's phone; three wrong codes lock it for 24 hours",
        params: voucherParamsSchema,
        body: voucherRedeemBodySchema,
        response: { 200: voucherAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { outletCode, cashierCode } = request.body;
      const data = await redeemAtCounter({ db, merchantId: siteOf(request).merchant.id, userId: user.id, voucherId: request.params.voucherId, outletCode, cashierCode, codeKey: outletCodeKey, now: clock.now() });
      return { data };
    },
  );

  app.get(
    '/api/v2/cards/my-vouchers-count',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        summary: "How many usable vouchers the member holds (the wallet header's count), or holds on one card with `cardId` (another member's card is not found)",
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
