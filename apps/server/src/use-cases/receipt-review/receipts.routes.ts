import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptAnswerSchema, receiptCampaignAnswerSchema, receiptCampaignParamsSchema, receiptCardParamsSchema, receiptContentTypes, receiptListAnswerSchema, receiptUploadQuerySchema } from '@kartu/contracts';
import { IMAGE_MAX_BYTES } from '@kartu/core/constants';
import type { AppContext } from '../../http/app-context.ts';
import { binaryBody } from '../../http/binary-schemas.ts';
import { errorAnswers } from '../../http/error-answers.ts';
import { featureLockNote, requireFeatureOpen } from '../../http/feature-guard.ts';
import { siteOf } from '../../http/request-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { signedIn } from '../../modules/auth/auth.http.ts';
import { cardReceipts, receiptCampaignForCard, sendReceipt } from './send-receipt.ts';

/** A member's receipts: sent as photos, followed until the merchant has reviewed them (docs/decisions/046-scanning.md). */
export const receiptRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, clock }) => {
  // Only this plugin reads image bodies here; every other route keeps the app's JSON parser alone.
  app.addContentTypeParser([...receiptContentTypes], { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.post(
    '/api/v2/cards/:cardId/receipts',
    {
      // Checked before the body is read: a stranger never gets to send 10 MB.
      onRequest: app.requireSession(),
      preHandler: requireFeatureOpen({ db, clock }, 'scan-receipt'),
      bodyLimit: IMAGE_MAX_BYTES,
      schema: {
        tags: ['receipts'],
        operationId: 'sendReceipt',
        summary: `Sends a photo of a receipt for the merchant to review (the image as the body: ${receiptContentTypes.join(', ')}; at most 10 MB), to the receipt campaign of query code or to the card program's own review`,
        description:
          "The member's session, checked before the body is read; a card of another member or merchant answers 404 CARD_NOT_FOUND, one that is not active 422 CARD_NOT_ACTIVE. Another content type, or bytes that are no such image, answer 415 UNSUPPORTED_MEDIA_TYPE, and more than 10 MB 413. " +
          'With code: a campaign code the merchant does not have answers 404 RECEIPT_CAMPAIGN_NOT_FOUND, one not started 422 CODE_INACTIVE, one ended 422 CODE_EXPIRED, and one of another card program 422 CODE_WRONG_PROGRAM. ' +
          'A member sends at most 10 receipts in any 24 hours (429 RECEIPT_DAILY_LIMIT). The receipt waits for review, within 2×24 working hours; approved, the card earns by its program’s rate.' + featureLockNote('scan-receipt'),
        params: receiptCardParamsSchema,
        querystring: receiptUploadQuerySchema,
        consumes: [...receiptContentTypes],
        body: binaryBody('The photo of the receipt'),
        response: { 201: receiptAnswerSchema, ...errorAnswers([400, 401, 403, 404, 413, 415, 422, 429, 500] as const) },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send the photo as the body' });
      const data = await sendReceipt({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId, code: request.query.code, bytes: request.body, now: clock.now() });
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/api/v2/cards/:cardId/receipts',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'scan-receipt')],
      schema: {
        tags: ['receipts'],
        operationId: 'listReceipts',
        summary: "The card's receipts, newest first (the latest 50): in review, approved with what they earned, or rejected with the merchant's reason",
        description: "The member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND." + featureLockNote('scan-receipt'),
        params: receiptCardParamsSchema,
        response: { 200: receiptListAnswerSchema, ...errorAnswers([400, 401, 403, 404, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { data: await cardReceipts({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId: request.params.cardId }) };
    },
  );

  app.get(
    '/api/v2/cards/:cardId/receipt-campaigns/:code',
    {
      preHandler: [app.requireSession(), requireFeatureOpen({ db, clock }, 'scan-receipt')],
      schema: {
        tags: ['receipts'],
        operationId: 'getReceiptCampaign',
        summary: 'A receipt campaign, by its code, for the card that would send to it',
        description:
          "The member's session; a card of another member or merchant answers 404 CARD_NOT_FOUND. A code the merchant does not have answers 404 RECEIPT_CAMPAIGN_NOT_FOUND, a campaign not started 422 CODE_INACTIVE, one ended 422 CODE_EXPIRED, one of another card program 422 CODE_WRONG_PROGRAM." + featureLockNote('scan-receipt'),
        params: receiptCampaignParamsSchema,
        response: { 200: receiptCampaignAnswerSchema, ...errorAnswers([400, 401, 403, 404, 422, 500] as const) },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      const { cardId, code } = request.params;
      return { data: await receiptCampaignForCard({ db, merchantId: siteOf(request).merchant.id, userId: user.id, cardId, code, now: clock.now() }) };
    },
  );
};
