import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimGiftAnswerSchema, claimGiftBodySchema, createGiftBodySchema, giftParamsSchema, idempotentWriteHeadersSchema, voucherGiftAnswerSchema, voucherParamsSchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import type { AppSecrets } from '../../http/app-secrets.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { GIFT_VALID_DAYS } from '../../modules/gifts/gifts.service.ts';
import { cancelGift, claimGift, createGift } from './gift-voucher.ts';
import { featureLockNote, requireFeatureOpen } from '../../http/feature-guard.ts';

/** Gifting a voucher by link and PIN, taking it back, claiming it (docs/decisions/026-voucher-gifts.md). */
export const giftVoucherRoutes: FastifyPluginAsyncZod<AppContext & Pick<AppSecrets, 'giftKeys' | 'outboxSealKey'>> = async (app, { db, clock, drivers, outboxSealKey, giftKeys: keys }) => {

  app.post(
    '/api/v2/vouchers/:voucherId/gifts',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'egift')],
      schema: {
        tags: ['vouchers'],
        operationId: 'sendGift',
        summary: "Gifts one of the member's usable vouchers: answers the link to share once, and sends a 6-digit PIN to the friend's phone; needs an Idempotency-Key header",
        description: `Needs the member's session; a voucher of another member or merchant answers 404 VOUCHER_NOT_FOUND, and the member's own or an invalid phone 400 VALIDATION_FAILED on body.recipientPhone. Without an Idempotency-Key it answers 400 IDEMPOTENCY_KEY_REQUIRED; a retry with the same key and body answers the same gift or refusal (with the idempotent-replayed header) and sends no second PIN, the same key with another body 422 IDEMPOTENCY_KEY_REUSED, and a retry while the first still runs 409 CONFLICT. The gift lasts ${GIFT_VALID_DAYS} days, never past the voucher's expiry, and holds the voucher meanwhile: a voucher gifted already answers 409 VOUCHER_GIFTED, a used one 409 VOUCHER_ALREADY_USED, one otherwise unusable 422 VOUCHER_NOT_USABLE, and an ended membership 409 SUBSCRIPTION_NOT_ACTIVE. The link also comes back from getVoucherGift while the gift is pending.` + featureLockNote('egift'),
        headers: idempotentWriteHeadersSchema,
        params: voucherParamsSchema,
        body: createGiftBodySchema,
        response: { 201: voucherGiftAnswerSchema, ...errorAnswers([400, 401, 403, 404, 409, 422, 429, 500] as const) },
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
        description: "Needs the member's session; it acts on the member's latest gift of this voucher, and a voucher the member never gifted answers 404 GIFT_NOT_FOUND. A gift already claimed or past its expiry answers 409 GIFT_NOT_AVAILABLE, while one cancelled already is answered cancelled again, so a retry is safe without an Idempotency-Key.",
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
        description: "Needs the member's session; an unknown link answers 404 GIFT_NOT_FOUND, and a member whose phone is not the one the gift was sent to 403 GIFT_NOT_FOR_YOU before any PIN is checked. The sender answers 422 GIFT_OWN, a gift no longer pending 409 GIFT_NOT_AVAILABLE, a member without an active card of the voucher's program 422 GIFT_NEEDS_CARD (its details name the program), and an ended membership 409 SUBSCRIPTION_NOT_ACTIVE, none of which counts as a wrong PIN. A wrong PIN answers 400 GIFT_PIN_INVALID with attemptsRemaining, and while the gift is locked every PIN, the right one too, answers 429 GIFT_LOCKED with lockedUntil; a retry by the member who claimed it answers the voucher again.",
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
