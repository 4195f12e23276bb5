import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { giftParamsSchema, giftPreviewAnswerSchema, voucherGiftAnswerSchema, voucherParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { getSentGift, previewGift } from './gifts.service.ts';

/** A gift of a voucher as its sender and its friend read it (docs/decisions/026-voucher-gifts.md). */
export const giftsRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'giftKeys'>> = async (app, { db, clock, giftKeys: keys }) => {
  app.get(
    '/api/v2/vouchers/:voucherId/gift',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        operationId: 'getVoucherGift',
        summary: "The member's latest gift of this voucher, with the link to share again while it is pending; also once the friend has claimed it",
        description: "Needs the member's session; a voucher the member never gifted, at the merchant the Host header names, answers 404 GIFT_NOT_FOUND. linkPath is null unless the gift is pending, and a pending gift past its expiry reads returned.",
        params: voucherParamsSchema,
        response: { 200: voucherGiftAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await getSentGift({ db, keys, merchantId: siteOf(request).merchant.id, user, voucherId: request.params.voucherId, now: clock.now() }) };
    },
  );

  app.get(
    '/api/v2/gifts/:token',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        operationId: 'getGift',
        summary: "What a gift link holds, for the signed-in friend before the PIN: the sender's first name, the voucher's name, value and picture, its program, status and expiry; never the voucher's code",
        description: "Needs a member's session, any member's of the merchant the Host header names; an unknown link answers 404 GIFT_NOT_FOUND. forYou, isSender and hasCard tell whether this member is the one it was sent to, sent it, and holds an active card of its program; the friend's phone shows only its last four digits.",
        params: giftParamsSchema,
        response: { 200: giftPreviewAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await previewGift({ db, keys, merchantId: siteOf(request).merchant.id, user, token: request.params.token, now: clock.now() }) };
    },
  );
};
