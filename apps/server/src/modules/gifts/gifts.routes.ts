import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  claimGiftAnswerSchema,
  claimGiftBodySchema,
  createGiftBodySchema,
  giftParamsSchema,
  giftPreviewAnswerSchema,
  idempotentWriteHeadersSchema,
  voucherGiftAnswerSchema,
  voucherParamsSchema,
} from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../auth/auth.http.ts';
import { sealKeyFor } from '../outbox/outbox.service.ts';
import { cancelGift, claimGift, createGift, getSentGift, previewGift } from './gifts.service.ts';

/** Gifting a voucher by link and PIN (docs/decisions/026-voucher-gifts.md). */
export const giftsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, drivers, codeSecret, giftKeys: keys }) => {
  const outboxSealKey = sealKeyFor(codeSecret);

  app.post(
    '/api/v2/vouchers/:voucherId/gifts',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
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

  app.get(
    '/api/v2/vouchers/:voucherId/gift',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        summary: "The member's latest gift of this voucher, with the link to share again while it is pending; also once the friend has claimed it",
        params: voucherParamsSchema,
        response: { 200: voucherGiftAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await getSentGift({ db, keys, merchantId: siteOf(request).merchant.id, user, voucherId: request.params.voucherId, now: clock.now() }) };
    },
  );

  app.post(
    '/api/v2/vouchers/:voucherId/gifts/cancel',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
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

  app.get(
    '/api/v2/gifts/:token',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
        summary: "What a gift link holds, for the signed-in friend before the PIN: the sender's first name, the voucher's name, value and picture, its program, status and expiry; never the voucher's code",
        params: giftParamsSchema,
        response: { 200: giftPreviewAnswerSchema, ...errorAnswers([400, 401, 404, 429, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await previewGift({ db, keys, merchantId: siteOf(request).merchant.id, user, token: request.params.token, now: clock.now() }) };
    },
  );

  app.post(
    '/api/v2/gifts/:token/claim',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['vouchers'],
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
