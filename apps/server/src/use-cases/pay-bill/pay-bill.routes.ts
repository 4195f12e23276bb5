import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billCardParamsSchema,
  billCheckBodySchema,
  billPayBodySchema,
  billPaymentAnswerSchema,
  billPaymentListSchema,
  billPaymentParamsSchema,
  billProductListSchema,
  billProductsQuerySchema,
  billQuoteAnswerSchema,
  idempotentWriteHeadersSchema,
} from '@kartu/contracts';
import type { AppContext } from '../../http/app-context.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { idempotencyKeyOf } from '../../http/idempotency-key.ts';
import { siteOf } from '../../http/request-context.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { billProductsOf } from '../../modules/bills/bill-catalog.ts';
import { cardBillPayments, checkBill, memberBillPayment, payBill } from './pay-bill.ts';

/** Bills and prepaid products paid from a card (docs/decisions/047-bills.md). */
export const payBillRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock, biller }) => {
  app.get(
    '/api/v2/bills/products',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['bills'],
        operationId: 'listBillProducts',
        summary: 'The products of one kind on sale: mobile credit and data by operator, electricity tokens, e-wallet top-ups, and the postpaid bills to check',
        description: "The member's session. A prepaid product's price is what the member pays, its admin fee included (Rp 500 for an e-wallet top-up); a postpaid bill's amount comes from its check.",
        querystring: billProductsQuerySchema,
        response: { 200: billProductListSchema, ...errorAnswers([400, 401, 404, 500] as const) },
      },
    },
    async (request) => ({ data: billProductsOf(request.query.category) }),
  );

  app.post(
    '/api/v2/cards/:cardId/bills/check',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['bills'],
        operationId: 'checkBill',
        summary: "Checks a bill or a prepaid product for a customer number: whom it is for, the amount, and what the card would spend; kept 15 minutes for paying",
        description:
          "The member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND, one that is not active 422 CARD_NOT_ACTIVE, an unknown SKU 404 BILL_PRODUCT_NOT_FOUND. Mobile credit and data need a phone of the product's operator (422 BILL_PHONE_OPERATOR); a phone, meter, customer or account number that cannot be one, or a bill the biller does not find, answers 422 BILL_NOT_FOUND. " +
          'Electricity and water are unavailable from 23:30 to 00:59 WIB (422 BILLER_CLOSED), and a water bill of more than 4 months answers 422 BILL_TOO_MANY_MONTHS. cost.points is null where the program sets no value of a point, cost.balance where the card keeps no rupiah balance.',
        params: billCardParamsSchema,
        body: billCheckBodySchema,
        response: { 200: billQuoteAnswerSchema, ...errorAnswers([400, 401, 404, 422, 500, 503] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await checkBill({ db, biller, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId, body: request.body, now: clock.now() }) };
    },
  );

  app.post(
    '/api/v2/cards/:cardId/bills',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['bills'],
        operationId: 'payBill',
        summary: 'Pays a checked bill or buys the checked product with the card’s points or rupiah balance. Needs an Idempotency-Key header',
        description:
          "The member's session; the check must be the member's, on this card, and less than 15 minutes old (409 BILL_CHECK_EXPIRED; 404 NOT_FOUND for anyone else's). The card spends at once (422 INSUFFICIENT_BALANCE when it holds too little, 422 PAYMENT_METHOD_UNAVAILABLE for a source it cannot pay with); then the biller is asked. status success carries the token or serial number; failed gives back what the card spent; pending settles by the biller's callback or a later status check. " +
          'The same phone topped up with the same amount twice in one day answers 409 BILL_ALREADY_TOPPED_UP (a failed one does not count); e-wallet top-ups stop at Rp 2,000,000 in a day and Rp 20,000,000 in 30 days (429 TOPUP_LIMIT_REACHED). A check paid before answers its payment. Without an Idempotency-Key it answers 400 IDEMPOTENCY_KEY_REQUIRED.',
        params: billCardParamsSchema,
        headers: idempotentWriteHeadersSchema,
        body: billPayBodySchema,
        response: { 201: billPaymentAnswerSchema, ...errorAnswers([400, 401, 404, 409, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      const { payment, replayed } = await payBill({ db, biller, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId, body: request.body, idempotencyKey: idempotencyKeyOf(request), now: clock.now() });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ data: payment });
    },
  );

  app.get(
    '/api/v2/cards/:cardId/bills',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['bills'],
        operationId: 'listBillPayments',
        summary: 'The card’s bills and prepaid products, newest first (the latest 50)',
        description: "The member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND.",
        params: billCardParamsSchema,
        response: { 200: billPaymentListSchema, ...errorAnswers([400, 401, 404, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await cardBillPayments({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId }) };
    },
  );

  app.get(
    '/api/v2/cards/:cardId/bills/:billId',
    {
      preHandler: app.requireSession(),
      schema: {
        tags: ['bills'],
        operationId: 'getBillPayment',
        summary: 'One bill payment as it is now: pending, success with its token or serial number, or failed with what was given back',
        description: "The member's own, on this card; anyone else's answers 404 NOT_FOUND.",
        params: billPaymentParamsSchema,
        response: { 200: billPaymentAnswerSchema, ...errorAnswers([400, 401, 404, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { cardId, billId } = request.params;
      return { data: await memberBillPayment({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId, billId }) };
    },
  );
};
