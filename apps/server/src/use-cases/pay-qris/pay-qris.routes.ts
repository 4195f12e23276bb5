import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotentWriteHeadersSchema, qrisCardOptionsAnswerSchema, qrisCardParamsSchema, qrisPaymentAnswerSchema, qrisPaymentBodySchema, qrisPaymentParamsSchema, qrisWalletLinkAnswerSchema, qrisWalletLinkBodySchema } from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { featureLockNote, requireFeatureOpen } from '../../http/feature-guard.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { memberSiteOriginOf } from '../../modules/payments/payments.http.ts';
import { getWalletLink, linkWallet, unlinkWallet } from '../../modules/qris-payments/qris-payments.service.ts';
import { memberQrisPayment, payQris, qrisCardOptions } from './pay-qris.ts';

/** Paying a QRIS merchant from a card's page (docs/decisions/046-scanning.md). */
export const payQrisRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, payments }) => {
  app.get(
    '/api/v2/qris/wallet',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'scan-qris')],
      schema: {
        tags: ['qris'],
        operationId: 'getQrisWallet',
        summary: "The e-wallet the member pays QRIS codes with, or null before it is linked (the first payment's welcome)",
        description: "The member's session." + featureLockNote('scan-qris'),
        response: { 200: qrisWalletLinkAnswerSchema, ...errorAnswers([401, 403, 404, 500] as const) },
      },
    },
    async (request) => ({ data: await getWalletLink({ db, merchantId: siteOf(request).merchant.id, userId: signedIn(request).user.id }) }),
  );

  app.put(
    '/api/v2/qris/wallet',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'scan-qris')],
      schema: {
        tags: ['qris'],
        operationId: 'linkQrisWallet',
        summary: 'Links the e-wallet (GoPay, OVO, DANA, ShopeePay or LinkAja) the member pays QRIS codes with, replacing one linked before',
        description: 'The phone is the wallet’s, an Indonesian mobile number (+62… or 08…); another answers 400 VALIDATION_FAILED on body.phone. The answer shows it masked.' + featureLockNote('scan-qris'),
        body: qrisWalletLinkBodySchema,
        response: { 200: qrisWalletLinkAnswerSchema, ...errorAnswers([400, 401, 403, 404, 500] as const) },
      },
    },
    async (request) => ({ data: await linkWallet({ db, merchantId: siteOf(request).merchant.id, userId: signedIn(request).user.id, body: request.body, now: clock.now() }) }),
  );

  app.delete(
    '/api/v2/qris/wallet',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'scan-qris')],
      schema: {
        tags: ['qris'],
        operationId: 'unlinkQrisWallet',
        summary: 'Unlinks the member’s e-wallet; payments made stay',
        description: 'The next payment through a wallet starts again with the welcome and the link.' + featureLockNote('scan-qris'),
        response: { 200: qrisWalletLinkAnswerSchema, ...errorAnswers([401, 403, 404, 500] as const) },
      },
    },
    async (request) => {
      await unlinkWallet({ db, merchantId: siteOf(request).merchant.id, userId: signedIn(request).user.id });
      return { data: null };
    },
  );

  app.get(
    '/api/v2/cards/:cardId/qris-options',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'scan-qris')],
      schema: {
        tags: ['qris'],
        operationId: 'getQrisCardOptions',
        summary: 'How the card may pay a QRIS besides the e-wallet: its points at the program’s rupiah value of a point, or its rupiah cash balance',
        description: "The member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND. pointValue is null where the program sets no value of a point (its shop's point value): points then do not pay." + featureLockNote('scan-qris'),
        params: qrisCardParamsSchema,
        response: { 200: qrisCardOptionsAnswerSchema, ...errorAnswers([400, 401, 403, 404, 500] as const) },
      },
    },
    async (request) => ({ data: await qrisCardOptions({ db, merchantId: siteOf(request).merchant.id, userId: signedIn(request).user.id, cardId: request.params.cardId }) }),
  );

  app.post(
    '/api/v2/cards/:cardId/qris-payments',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'scan-qris')],
      schema: {
        tags: ['qris'],
        operationId: 'payQris',
        summary: 'Pays a scanned QRIS: from the linked e-wallet (a payment followed until it settles or expires) or from a cash card’s balance (at once). Needs an Idempotency-Key header',
        description:
          "Needs the member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND, one that is not active 422 CARD_NOT_ACTIVE. The QRIS is read again here: a broken one answers 400 QRIS_UNRECOGNISED. A dynamic QRIS is paid its own amount, whatever amount says; a static one needs amount (400 VALIDATION_FAILED on body.amount without it). Above Rp 2,000,000 answers 422 QRIS_AMOUNT_TOO_HIGH. " +
          'source wallet needs a linked e-wallet (409 QRIS_WALLET_NOT_LINKED) and the merchant’s e-wallet payments (422 PAYMENT_METHOD_UNAVAILABLE); the member finishes at the provider (payment.instructions) before expiresAt, after which the payment is expired and the QRIS must be scanned again. ' +
          "source balance is for a card whose program keeps a rupiah cash balance, source points for one whose program sets a rupiah value of a point (the points spent rounded up); either is paid at once, from a card holding enough (422 INSUFFICIENT_BALANCE), and answers 422 PAYMENT_METHOD_UNAVAILABLE where the card cannot pay so (GET …/qris-options says which). A merchant whose currency is not rupiah takes no QRIS payment (422 PAYMENT_METHOD_UNAVAILABLE). Without an Idempotency-Key it answers 400 IDEMPOTENCY_KEY_REQUIRED; a retry with the same key answers the same payment." + featureLockNote('scan-qris'),
        params: qrisCardParamsSchema,
        headers: idempotentWriteHeadersSchema,
        body: qrisPaymentBodySchema,
        response: { 201: qrisPaymentAnswerSchema, ...errorAnswers([400, 401, 403, 404, 409, 422, 429, 500, 503] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { payment, replayed } = await payQris({
        db,
        payments,
        merchantId: siteOf(request).merchant.id,
        userId: user.id,
        cardId: request.params.cardId,
        body: request.body,
        idempotencyKey: idempotencyKeyOf(request),
        returnOrigin: memberSiteOriginOf(request, payments),
        now: clock.now(),
        log: request.log,
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ data: payment });
    },
  );

  app.get(
    '/api/v2/cards/:cardId/qris-payments/:paymentId',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'scan-qris')],
      schema: {
        tags: ['qris'],
        operationId: 'getQrisPayment',
        summary: 'A QRIS payment as it is now: pending, paid (the summary), expired or failed',
        description: "The member's own payment on this card; anyone else's answers 404 PAYMENT_NOT_FOUND." + featureLockNote('scan-qris'),
        params: qrisPaymentParamsSchema,
        response: { 200: qrisPaymentAnswerSchema, ...errorAnswers([400, 401, 403, 404, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { cardId, paymentId } = request.params;
      return { data: await memberQrisPayment({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId, paymentId, now: clock.now() }) };
    },
  );
};
