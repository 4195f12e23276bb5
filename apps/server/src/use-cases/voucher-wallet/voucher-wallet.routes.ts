import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { voucherAnswerSchema, voucherChangeBodySchema, voucherParamsSchema, voucherWalletQuerySchema, voucherWalletSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { getMemberVoucherWithGift, getVoucherWalletWithGifts, setVoucherHiddenWithGift } from './voucher-wallet.ts';

/** The member's e-voucher wallet (spec: app-core §2 vouchers and e-gifts; decision 025). */
export const voucherWalletRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'voucherCodeKeys'>> = async (app, { db, clock, voucherCodeKeys }) => {
  app.get(
    '/api/v2/vouchers',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        operationId: 'listVouchers',
        summary: "The member's vouchers in stacks of one template: usable ones, or the history of used, expired and suspended ones; of one card when asked",
        description: "Needs the member's session; only the vouchers of the merchant the Host header names are listed, and a cardId of another member or merchant answers 404 CARD_NOT_FOUND. hidden=true lists the hidden vouchers instead of the shown ones; an answer holds at most 500 vouchers. Usable vouchers come soonest to expire first, the history latest used or expired first, and each voucher carries the member's latest gift of it and, for an e-gift voucher, the gift card it became.",
        querystring: voucherWalletQuerySchema,
        response: { 200: voucherWalletSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { view, cardId, hidden } = request.query;
      return getVoucherWalletWithGifts({ db, merchantId: siteOf(request).merchant.id, userId: user.id, view, cardId, hidden, now: clock.now() });
    },
  );

  app.get(
    '/api/v2/vouchers/:voucherId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        operationId: 'getVoucher',
        summary: "One of the member's vouchers, with the code the counter scans; a code the server keeps only as a hash is answered once, for the phone to keep",
        description: "Needs the member's session; a voucher of another member or merchant answers 404 VOUCHER_NOT_FOUND. When codeKept is device, the first read once the code exists answers it and the server drops its readable copy, so later reads answer code null: store it on the device before showing it.",
        params: voucherParamsSchema,
        response: { 200: voucherAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await getMemberVoucherWithGift({ db, merchantId: siteOf(request).merchant.id, userId: user.id, voucherId: request.params.voucherId, now: clock.now(), revealWith: voucherCodeKeys }) };
    },
  );

  app.patch(
    '/api/v2/vouchers/:voucherId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        operationId: 'setVoucherHidden',
        summary: 'Hides a voucher from the wallet, or shows it again',
        description: "Needs the member's session; a voucher of another member or merchant answers 404 VOUCHER_NOT_FOUND. A hidden voucher is listed only with hidden=true and left out of countVouchers; it stays usable. The answer is the voucher as listVouchers shows it.",
        params: voucherParamsSchema,
        body: voucherChangeBodySchema,
        response: { 200: voucherAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const data = await setVoucherHiddenWithGift({ db, merchantId: siteOf(request).merchant.id, userId: user.id, voucherId: request.params.voucherId, isHidden: request.body.isHidden, now: clock.now() });
      return { data };
    },
  );
};
