import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimGiftAnswerSchema, claimGiftBodySchema, createGiftBodySchema, giftParamsSchema, idempotentWriteHeadersSchema, voucherGiftAnswerSchema, voucherParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { cancelGift, claimGift, createGift } from './gift-voucher.ts';

/** Gifting a voucher by link and PIN, taking it back, claiming it (docs/decisions/026-voucher-gifts.md). */
export const giftVoucherRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'giftKeys' | 'outboxSealKey'>> = async (app, { db, clock, drivers, outboxSealKey, giftKeys: keys }) => {

  app.post(
    '/api/v2/vouchers/:voucherId/gifts',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        operationId: 'sendGift',
        summary: "Gifts one of the member's usable vouchers: answers the link to share once, and sends a 6-digit PIN to the friend's phone; needs an Idempotency-Key header",
        headers: idempotentWriteHeadersSchema,
        params: voucherParamsSchema,
        body: createGiftBodySchema,
        response: { 201: voucherGiftAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { gift, replayed } = await createGift({
        db,
        keys,
        drivers,
        outboxSealKey,
        merchant: siteOf(request).merchant,
        language: siteOf(request).defaultLanguage,
        user,
        voucherId: request.params.voucherId,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request),
        now: clock.now(),
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ data: gift });
    },
  );

  app.post(
    '/api/v2/vouchers/:voucherId/gifts/cancel',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        operationId: 'cancelGift',
        summary: 'Takes back a pending gift of this voucher: the link and PIN stop working and the voucher is usable again',
        params: voucherParamsSchema,
        response: { 200: voucherGiftAnswerSchema, ...errorAnswers([400, 401, 404, 409, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await cancelGift({ db, keys, merchantId: siteOf(request).merchant.id, user, voucherId: request.params.voucherId, now: clock.now() }) };
    },
  );

  app.post(
    '/api/v2/gifts/:token/claim',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        operationId: 'claimGift',
        summary: "Claims a gift with the PIN sent to the friend's phone: the voucher moves onto the member's card of its program, under a new code; three wrong PINs lock the gift for 24 hours",
        params: giftParamsSchema,
        body: claimGiftBodySchema,
        response: { 200: claimGiftAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await claimGift({ db, keys, merchantId: siteOf(request).merchant.id, user, token: request.params.token, pin: request.body.pin, now: clock.now() }) };
    },
  );
};
