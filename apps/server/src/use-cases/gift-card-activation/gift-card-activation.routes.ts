import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { giftCardActivationAnswerSchema, voucherParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { activateGiftVoucher } from './gift-card-activation.ts';

/** An e-gift voucher made a gift card (docs/decisions/027-gift-cards.md). */
export const giftCardActivationRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  app.post(
    '/api/v2/vouchers/:voucherId/activate',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['gift cards'],
        operationId: 'activateGiftCard',
        summary: "Turns one of the member's e-gift vouchers into a gift card in their cards, loaded with its value; asked again, answers the same card",
        description: "Needs the member's session; a voucher of another member or merchant answers 404 VOUCHER_NOT_FOUND, and one that is not an e-gift voucher 422 UNPROCESSABLE. The voucher is marked used as the new card is loaded, in one transaction, so a retry is safe without an Idempotency-Key. A voucher not yet activated that was used answers 409 VOUCHER_ALREADY_USED, one expired or otherwise unusable 422 VOUCHER_NOT_USABLE, and one held by a pending gift 409 VOUCHER_GIFTED.",
        params: voucherParamsSchema,
        response: { 200: giftCardActivationAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await activateGiftVoucher({ db, merchantId: siteOf(request).merchant.id, userId: user.id, voucherId: request.params.voucherId, now: clock.now() }) };
    },
  );
};
